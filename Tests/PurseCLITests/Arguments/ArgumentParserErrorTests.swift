import PurseCLI
import Testing

/// The error catalogue of the parser: every message, exactly.
@Suite("ArgumentParser: usage errors")
struct ArgumentParserErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let words: [String]
        let message: String
        let suggestion: String?
        let path: [String]
        init(_ words: [String], _ message: String, suggestion: String? = nil, path: [String]) {
            self.words = words
            self.message = message
            self.suggestion = suggestion
            self.path = path
        }
        var testDescription: String { words.joined(separator: " ") }
    }

    static let spending = ["report", "spending"]

    static let cases: [Case] = [
        // Unknown commands.
        Case(["snyc"], "unknown command 'snyc'", suggestion: "sync", path: []),
        Case(["acounts"], "unknown command 'acounts'", suggestion: "accounts", path: []),
        Case(["frobnicate"], "unknown command 'frobnicate'", path: []),
        Case(["spending"], "unknown command 'spending'", suggestion: "report spending", path: []),
        Case(["hlep"], "unknown command 'hlep'", suggestion: "help", path: []),
        Case(["report", "spendng"], "unknown command 'report spendng'", suggestion: "report spending", path: ["report"]),
        Case(["report", "zzz", "--month", "x"], "unknown command 'report zzz'", path: ["report"]),
        Case(["--quiet", "sure", "conect"], "unknown command 'sure conect'", suggestion: "sure connect", path: ["sure"]),
        Case(["help", "reprot"], "unknown command 'reprot'", suggestion: "report", path: []),
        Case(["help", "report", "incme"], "unknown command 'report incme'", suggestion: "report income", path: ["report"]),
        Case(["help", "sync", "extra"], "unknown command 'sync extra'", path: ["sync"]),
        Case(["help", "help", "sync"], "unknown command 'help'", path: []),
        Case(["help", "sync", "--month"], "unknown option '--month'", path: []),
        Case(["snyc", "--help"], "unknown command 'snyc'", suggestion: "sync", path: []),
        // A group needs a subcommand once there is more than global options.
        Case(["report", "--month", "2026-01"], "'report' needs a subcommand", path: ["report"]),
        // Unknown options, with the closest one suggested.
        Case(["report", "spending", "--mnth", "2026-01"], "unknown option '--mnth'", suggestion: "--month", path: spending),
        Case(["report", "spending", "--mnth=2026-01"], "unknown option '--mnth'", suggestion: "--month", path: spending),
        Case(["report", "spending", "-month", "2026-01"], "unknown option '-month'", suggestion: "--month", path: spending),
        Case(["report", "spending", "--include"], "unknown option '--include'", suggestion: "--include-pending", path: spending),
        Case(["report", "spending", "--frobnicate"], "unknown option '--frobnicate'", path: spending),
        Case(["report", "spending", "-x"], "unknown option '-x'", path: spending),
        Case(["status", "--hlep"], "unknown option '--hlep'", suggestion: "--help", path: ["status"]),
        Case(["status", "--dbb", "x"], "unknown option '--dbb'", suggestion: "--db", path: ["status"]),
        Case(["--dbb", "x", "status"], "unknown option '--dbb'", suggestion: "--db", path: []),
        Case(["--month", "2026-01", "report", "spending"], "unknown option '--month'", path: []),
        Case(["accounts", "--check"], "unknown option '--check'", path: ["accounts"]),
        // Options that need a value.
        Case(["report", "spending", "--month"], "option '--month' needs a value (YYYY-MM)", path: spending),
        Case(["report", "spending", "--month", "--by", "category"], "option '--month' needs a value (YYYY-MM)", path: spending),
        Case(["report", "spending", "--month", "--", "2026-01"], "option '--month' needs a value (YYYY-MM)", path: spending),
        Case(["transactions", "--merchant", "-m"], "option '--merchant' needs a value (TEXT)", path: ["transactions"]),
        Case(["export", "transactions", "-o"], "option '-o' needs a value (FILE)", path: ["export", "transactions"]),
        Case(["--db"], "option '--db' needs a value (PATH)", path: []),
        Case(["status", "--tz"], "option '--tz' needs a value (ZONE)", path: ["status"]),
        // Flags take no value.
        Case(["report", "spending", "--include-pending=yes"], "option '--include-pending' does not take a value", path: spending),
        Case(["report", "spending", "--include-pending="], "option '--include-pending' does not take a value", path: spending),
        Case(["--quiet=1", "status"], "option '--quiet' does not take a value", path: ["status"]),
        // Options given twice.
        Case(["report", "spending", "--month", "2026-01", "--month=2026-02"], "option '--month' was given more than once", path: spending),
        Case(
            ["export", "transactions", "-o", "a.csv", "--output", "b.csv"], "option '--output' was given more than once",
            path: ["export", "transactions"]),
        Case(["--db", "a", "status", "--db", "b"], "option '--db' was given more than once", path: ["status"]),
        // Positionals: too few, too many.
        Case(["sync"], "missing argument 'PATH'", path: ["sync"]),
        Case(["budget", "set"], "missing arguments 'CATEGORY' and 'AMOUNT'", path: ["budget", "set"]),
        Case(["budget", "set", "Dining"], "missing argument 'AMOUNT'", path: ["budget", "set"]),
        Case(["budget", "set", "Dining", "5", "extra"], "unexpected argument 'extra'", path: ["budget", "set"]),
        Case(["accounts", "a", "b", "c"], "unexpected arguments 'a', 'b' and 'c'", path: ["accounts"]),
        Case(["accounts", "--", "--help"], "unexpected argument '--help'", path: ["accounts"]),
        Case(["--", "sync"], "unexpected argument 'sync'", path: []),
    ]

    @Test(arguments: cases)
    func reports(_ testCase: Case) {
        #expect(
            throws: UsageError(
                message: testCase.message,
                suggestions: testCase.suggestion.map { [$0] } ?? [],
                commandPath: testCase.path,
                usage: ArgumentFixtures.parser.usageLine(for: testCase.path)
            )
        ) {
            try ArgumentFixtures.parser.parse(testCase.words)
        }
    }

    // MARK: - The whole text for stderr

    struct TextCase: Sendable, CustomTestStringConvertible {
        let words: [String]
        let text: String
        var testDescription: String { words.joined(separator: " ") }
    }

    static let textCases: [TextCase] = [
        TextCase(
            words: ["report", "spending", "--mnth", "2026-01"],
            text: """
                Error: unknown option '--mnth'. Did you mean '--month'?
                Usage: purse report spending [options]
                See 'purse report spending --help'.
                """),
        TextCase(
            words: ["snyc"],
            text: """
                Error: unknown command 'snyc'. Did you mean 'sync'?
                Usage: purse [global options] <command> [options]
                See 'purse --help'.
                """),
        TextCase(
            words: ["report", "spendng"],
            text: """
                Error: unknown command 'report spendng'. Did you mean 'report spending'?
                Usage: purse report <command> [options]
                See 'purse report --help'.
                """),
        TextCase(
            words: ["budget", "set", "Dining"],
            text: """
                Error: missing argument 'AMOUNT'.
                Usage: purse budget set [options] CATEGORY AMOUNT
                See 'purse budget set --help'.
                """),
        TextCase(
            words: ["report", "spending", "--month"],
            text: """
                Error: option '--month' needs a value (YYYY-MM).
                Usage: purse report spending [options]
                See 'purse report spending --help'.
                """),
    ]

    @Test(arguments: textCases)
    func describesForStderr(_ testCase: TextCase) throws {
        let error = try #require(throws: UsageError.self) {
            try ArgumentFixtures.parser.parse(testCase.words)
        }
        #expect(error.description == testCase.text)
    }

    @Test func descriptionWithoutUsageOrSuggestion() {
        let error = UsageError(message: "invalid month '2026-13'", commandPath: ["report", "spending"])
        #expect(
            error.description == """
                Error: invalid month '2026-13'.
                See 'purse report spending --help'.
                """)
    }

    @Test func descriptionKeepsAMessagesOwnFinalPunctuation() {
        #expect(UsageError(message: "Which one?").description == "Error: Which one?\nSee 'purse --help'.")
    }

    @Test func usageErrorForACommandsOwnChecks() {
        let error = ArgumentFixtures.parser.usageError("invalid month '2026-13'", for: ["report", "spending"])
        #expect(
            error.description == """
                Error: invalid month '2026-13'.
                Usage: purse report spending [options]
                See 'purse report spending --help'.
                """)
    }
}
