import PurseCLI
import Testing

@Suite("ArgumentParser: command lines that run")
struct ArgumentParserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let words: [String]
        let globals: GlobalOptions
        let command: ParsedCommand
        init(_ words: [String], _ command: ParsedCommand, globals: GlobalOptions = GlobalOptions()) {
            self.words = words
            self.command = command
            self.globals = globals
        }
        var testDescription: String { words.joined(separator: " ") }
    }

    static let spending = ["report", "spending"]
    static let export = ["export", "transactions"]

    static let cases: [Case] = [
        // Commands and their words.
        Case(["sync", "./export"], ParsedCommand(path: ["sync"], positionals: ["./export"])),
        Case(["sync", "a", "b", "c"], ParsedCommand(path: ["sync"], positionals: ["a", "b", "c"])),
        Case(["accounts"], ParsedCommand(path: ["accounts"])),
        Case(["report", "spending"], ParsedCommand(path: spending)),
        Case(["report", "income"], ParsedCommand(path: ["report", "income"])),
        Case(["export", "transactions"], ParsedCommand(path: export)),
        Case(["sure", "connect", "inbox"], ParsedCommand(path: ["sure", "connect"], positionals: ["inbox"])),
        // --name value, --name=value, -x value.
        Case(["report", "spending", "--month", "2026-01"], ParsedCommand(path: spending, values: ["month": ["2026-01"]])),
        Case(["report", "spending", "--month=2026-01"], ParsedCommand(path: spending, values: ["month": ["2026-01"]])),
        Case(["transactions", "--merchant="], ParsedCommand(path: ["transactions"], values: ["merchant": [""]])),
        Case(["transactions", "--merchant=a=b"], ParsedCommand(path: ["transactions"], values: ["merchant": ["a=b"]])),
        Case(["export", "transactions", "-o", "out.csv"], ParsedCommand(path: export, values: ["output": ["out.csv"]])),
        Case(["export", "transactions", "--output", "out.csv"], ParsedCommand(path: export, values: ["output": ["out.csv"]])),
        // A lone "-" is an argument: a value or a positional.
        Case(["export", "transactions", "-o", "-"], ParsedCommand(path: export, values: ["output": ["-"]])),
        Case(["sync", "-"], ParsedCommand(path: ["sync"], positionals: ["-"])),
        // Negative numbers: values and positionals.
        Case(["transactions", "--amount", "-12.50"], ParsedCommand(path: ["transactions"], values: ["amount": ["-12.50"]])),
        Case(["transactions", "--amount=-12.50"], ParsedCommand(path: ["transactions"], values: ["amount": ["-12.50"]])),
        Case(["budget", "set", "Dining", "-5"], ParsedCommand(path: ["budget", "set"], positionals: ["Dining", "-5"])),
        Case(["budget", "set", "Dining", "-1,234.50"], ParsedCommand(path: ["budget", "set"], positionals: ["Dining", "-1,234.50"])),
        // "--" ends the options.
        Case(["budget", "set", "--", "-Fun-", "100"], ParsedCommand(path: ["budget", "set"], positionals: ["-Fun-", "100"])),
        Case(["sync", "--", "--help"], ParsedCommand(path: ["sync"], positionals: ["--help"])),
        Case(["sync", "--", "--"], ParsedCommand(path: ["sync"], positionals: ["--"])),
        Case(["sync", "a", "--", "-b"], ParsedCommand(path: ["sync"], positionals: ["a", "-b"])),
        // Options between and after positionals.
        Case(
            ["budget", "set", "Dining", "--currency", "EUR", "200"],
            ParsedCommand(path: ["budget", "set"], positionals: ["Dining", "200"], values: ["currency": ["EUR"]])),
        // Flags and repeatable options.
        Case(["report", "spending", "--include-pending"], ParsedCommand(path: spending, flags: ["include-pending"])),
        Case(["status", "--check"], ParsedCommand(path: ["status"], flags: ["check"])),
        Case(
            ["transactions", "--account", "Card", "--account=Savings", "--account", "Cash"],
            ParsedCommand(path: ["transactions"], values: ["account": ["Card", "Savings", "Cash"]])),
        Case(
            ["sync", "--dry-run", "--dry-run", "x"],
            ParsedCommand(path: ["sync"], positionals: ["x"], flags: ["dry-run"])),
        // Global options before the command, after it, or both.
        Case(
            ["--db", "ledger.sqlite", "--tz", "Europe/Paris", "--quiet", "status"],
            ParsedCommand(path: ["status"]),
            globals: GlobalOptions(db: "ledger.sqlite", tz: "Europe/Paris", quiet: true)),
        Case(
            ["status", "--check", "--db", "ledger.sqlite", "--quiet"],
            ParsedCommand(path: ["status"], flags: ["check"]),
            globals: GlobalOptions(db: "ledger.sqlite", quiet: true)),
        Case(
            ["--db=x.sqlite", "report", "spending", "--tz", "UTC", "--month", "last"],
            ParsedCommand(path: spending, values: ["month": ["last"]]),
            globals: GlobalOptions(db: "x.sqlite", tz: "UTC")),
        Case(
            ["--quiet", "sync", "--tz=UTC", "inbox"],
            ParsedCommand(path: ["sync"], positionals: ["inbox"]),
            globals: GlobalOptions(tz: "UTC", quiet: true)),
        Case(
            ["report", "spending", "--verbose"], ParsedCommand(path: spending), globals: GlobalOptions(verbose: true)),
        // A global's value that looks like a command word is still its value.
        Case(["--db", "sync", "accounts"], ParsedCommand(path: ["accounts"]), globals: GlobalOptions(db: "sync")),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) throws {
        let invocation = try ArgumentFixtures.parser.parse(testCase.words)
        #expect(invocation == .run(testCase.globals, testCase.command))
    }

    // MARK: - Longest command path

    static let nested = ArgumentParser(commands: [
        CommandSpec(["a"], summary: "A.", positionals: [PositionalSpec("X", help: "x", minCount: 0, maxCount: nil)]),
        CommandSpec(["a", "b", "c"], summary: "ABC.", positionals: [PositionalSpec("X", help: "x", minCount: 0, maxCount: nil)]),
        CommandSpec(["a", "b", "d"], summary: "ABD."),
    ])

    struct PathCase: Sendable, CustomTestStringConvertible {
        let words: [String]
        let path: [String]
        let positionals: [String]
        var testDescription: String { words.joined(separator: " ") }
    }

    static let pathCases: [PathCase] = [
        PathCase(words: ["a"], path: ["a"], positionals: []),
        PathCase(words: ["a", "b", "c"], path: ["a", "b", "c"], positionals: []),
        PathCase(words: ["a", "b", "d"], path: ["a", "b", "d"], positionals: []),
        PathCase(words: ["a", "b", "c", "z"], path: ["a", "b", "c"], positionals: ["z"]),
        PathCase(words: ["a", "b"], path: ["a"], positionals: ["b"]),
        PathCase(words: ["a", "b", "x"], path: ["a"], positionals: ["b", "x"]),
        PathCase(words: ["a", "x"], path: ["a"], positionals: ["x"]),
        PathCase(words: ["a", "--", "b", "c"], path: ["a"], positionals: ["b", "c"]),
    ]

    @Test(arguments: pathCases)
    func longestCommandPathWins(_ testCase: PathCase) throws {
        let invocation = try Self.nested.parse(testCase.words)
        #expect(invocation == .run(GlobalOptions(), ParsedCommand(path: testCase.path, positionals: testCase.positionals)))
    }

    // MARK: - Help and version

    struct HelpCase: Sendable, CustomTestStringConvertible {
        let words: [String]
        let path: [String]
        var testDescription: String { words.isEmpty ? "(nothing)" : words.joined(separator: " ") }
    }

    static let helpCases: [HelpCase] = [
        HelpCase(words: [], path: []),
        HelpCase(words: ["--help"], path: []),
        HelpCase(words: ["-h"], path: []),
        HelpCase(words: ["help"], path: []),
        HelpCase(words: ["--db", "x.sqlite"], path: []),
        HelpCase(words: ["--quiet", "--help"], path: []),
        HelpCase(words: ["help", "--help"], path: []),
        HelpCase(words: ["help", "help"], path: []),
        HelpCase(words: ["help", "sync"], path: ["sync"]),
        HelpCase(words: ["help", "report"], path: ["report"]),
        HelpCase(words: ["help", "report", "spending"], path: ["report", "spending"]),
        HelpCase(words: ["--db", "x", "help", "report", "spending", "--quiet"], path: ["report", "spending"]),
        HelpCase(words: ["report", "spending", "--help"], path: ["report", "spending"]),
        HelpCase(words: ["report", "spending", "-h"], path: ["report", "spending"]),
        HelpCase(words: ["--help", "report", "spending"], path: ["report", "spending"]),
        HelpCase(words: ["-h", "budget", "set"], path: ["budget", "set"]),
        HelpCase(words: ["budget", "set", "Dining", "--help"], path: ["budget", "set"]),
        HelpCase(words: ["report"], path: ["report"]),
        HelpCase(words: ["sure"], path: ["sure"]),
        HelpCase(words: ["--quiet", "report", "--db", "x"], path: ["report"]),
        HelpCase(words: ["report", "--help"], path: ["report"]),
        // Help wins over mistakes in the options.
        HelpCase(words: ["report", "spending", "--mnth", "--help"], path: ["report", "spending"]),
        HelpCase(words: ["report", "spending", "--month", "--help"], path: ["report", "spending"]),
        HelpCase(words: ["--bogus", "-h", "sync"], path: ["sync"]),
        HelpCase(words: ["budget", "set", "--help", "a", "b", "c"], path: ["budget", "set"]),
    ]

    @Test(arguments: helpCases)
    func asksForHelp(_ testCase: HelpCase) throws {
        #expect(try ArgumentFixtures.parser.parse(testCase.words) == .help(path: testCase.path))
    }

    static let versionCases: [[String]] = [
        ["--version"],
        ["--db", "x", "--version"],
        ["report", "spending", "--version"],
        ["status", "--bogus", "--version"],
        ["--version", "--help"],
    ]

    @Test(arguments: versionCases)
    func asksForTheVersion(_ words: [String]) throws {
        #expect(try ArgumentFixtures.parser.parse(words) == .version)
    }

    @Test func firstOfHelpAndVersionWins() throws {
        #expect(try ArgumentFixtures.parser.parse(["--help", "--version"]) == .help(path: []))
    }

    // MARK: - ParsedCommand

    @Test func parsedCommandAccessors() {
        let command = ParsedCommand(
            path: ["transactions"], values: ["account": ["A", "B"], "month": ["2026-01"]], flags: ["check"])
        #expect(command.value("account") == "B")
        #expect(command.values("account") == ["A", "B"])
        #expect(command.value("month") == "2026-01")
        #expect(command.value("limit") == nil)
        #expect(command.values("limit") == [])
        #expect(command.has("check"))
        #expect(!command.has("account"))
    }

    // MARK: - Extra global options

    @Test func globalsWithoutAFieldReachTheCommand() throws {
        let parser = ArgumentParser(
            commands: [CommandSpec(["status"], summary: "Status.")],
            globals: GlobalOptions.options + [
                OptionSpec("color", value: "WHEN", help: "always, never or auto."),
                OptionSpec("trace", help: "More."),
            ])
        let invocation = try parser.parse(["--color", "never", "status", "--trace", "--quiet"])
        #expect(
            invocation
                == .run(
                    GlobalOptions(quiet: true),
                    ParsedCommand(path: ["status"], values: ["color": ["never"]], flags: ["trace"])))
    }

    @Test func aCommandOptionNamedLikeAGlobalStaysWithTheCommand() throws {
        let parser = ArgumentParser(commands: [
            CommandSpec(["copy"], summary: "Copy.", options: [OptionSpec("db", value: "PATH", help: "Target.")])
        ])
        let invocation = try parser.parse(["copy", "--db", "target.sqlite"])
        #expect(invocation == .run(GlobalOptions(), ParsedCommand(path: ["copy"], values: ["db": ["target.sqlite"]])))
    }
}
