import PurseCLI
import Testing

@Suite("ArgumentParser: help text")
struct HelpTextTests {
    static let parser = ArgumentFixtures.parser
    static let paths: [[String]] =
        [[]] + [["report"], ["budget"], ["sure"], ["export"]]
        + ArgumentFixtures.commands.map(\.path)

    @Test(arguments: ArgumentFixtures.commands)
    func commandHelpListsEverythingInItsSpec(_ command: CommandSpec) {
        let text = Self.parser.helpText(for: command.path)
        #expect(text.hasPrefix("Usage: " + Self.parser.usageLine(for: command.path) + "\n"))
        #expect(text.contains(command.summary))
        for option in command.options + GlobalOptions.options + [ArgumentParser.helpOption] {
            #expect(text.contains("  " + option.helpLabel + "  "), "\(option.name)")
            #expect(text.contains(option.help), "\(option.name)")
        }
        for positional in command.positionals {
            #expect(text.contains("  " + positional.usageLabel + "  "))
            #expect(text.contains(positional.help))
        }
        #expect(text.contains("Options:") == !command.options.isEmpty)
        #expect(text.contains("Arguments:") == !command.positionals.isEmpty)
        #expect(!text.contains("--version"))
    }

    @Test(arguments: paths)
    func everyPageFitsEightyColumnsAndHasNoTrailingSpaces(_ path: [String]) {
        let text = Self.parser.helpText(for: path)
        #expect(text.hasSuffix("\n"))
        #expect(!text.hasSuffix("\n\n"))
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "\(line)")
            #expect(!line.hasSuffix(" "), "\(line)")
        }
    }

    @Test func topLevelHelpListsEveryCommandAndGlobalOption() {
        let text = Self.parser.helpText(for: [])
        #expect(text.hasPrefix("Usage: purse [global options] <command> [options]\n"))
        for command in ArgumentFixtures.commands {
            #expect(text.contains("  " + command.name + "  "))
            #expect(text.contains(command.summary.split(separator: " ").prefix(3).joined(separator: " ")))
        }
        for option in GlobalOptions.options {
            #expect(text.contains("  " + option.helpLabel + "  "))
        }
        #expect(text.contains("  -h, --help  "))
        #expect(text.contains("  --version  "))
        #expect(text.contains("Exit codes: 0 success"))
        #expect(text.contains("64 usage error"))
    }

    @Test func groupHelpListsOnlyItsCommands() {
        let text = Self.parser.helpText(for: ["report"])
        #expect(text.hasPrefix("Usage: purse report <command> [options]\n"))
        #expect(text.contains("  report spending  "))
        #expect(text.contains("  report income  "))
        #expect(!text.contains("budget"))
        #expect(!text.contains("sync"))
        #expect(text.contains("See 'purse report <command> --help'"))
    }

    @Test func unknownPathsGetTheTopLevelHelp() {
        #expect(Self.parser.helpText(for: ["nope"]) == Self.parser.helpText(for: []))
    }

    @Test func golden() {
        #expect(
            Self.parser.helpText(for: ["budget", "set"]) == """
                Usage: purse budget set [options] CATEGORY AMOUNT

                Set a monthly budget for a category.

                Arguments:
                  CATEGORY         The category.
                  AMOUNT           The monthly amount.

                Options:
                  --currency C     ISO 4217 code; else the ledger's only currency.
                  --rollover MODE  none, surplus or all.

                Global options:
                  --db PATH        Database file (else PURSE_DB, else the default location).
                  --tz ZONE        Force one zone for all accounts' days.
                  --quiet          Only warnings and errors on stderr.
                  --verbose        Also show the SQL behind a database error.
                  --now DATE       Take this day (YYYY-MM-DD) as today.
                  -h, --help       Show this help.

                """)
    }

    @Test func discussionParagraphsAreWrappedOrKept() {
        let text = Self.parser.helpText(for: ["report", "spending"])
        #expect(
            text.contains(
                """
                Signed spending by category, MCC, merchant, account or month.

                Refunds reduce spending; transfers between your own accounts are left out.

                Example:
                  purse report spending --month last --by merchant

                Options:
                """))
    }

    @Test func longHelpWrapsWithAHangingIndent() {
        let parser = ArgumentParser(commands: [
            CommandSpec(
                ["x"], summary: "X.",
                options: [
                    OptionSpec("sort", value: "KEY", help: String(repeating: "word ", count: 30)),
                    OptionSpec("a-very-long-option-name-indeed", value: "VALUE", help: "Goes below."),
                ])
        ])
        let text = parser.helpText(for: ["x"])
        let expected = [
            "  --sort KEY  word word word word word word word word word word word word word",
            "              word word word word word word word word word word word word word",
            "              word word word word",
            "  --a-very-long-option-name-indeed VALUE",
            "              Goes below.",
        ].joined(separator: "\n")
        #expect(text.contains(expected))
    }

    @Test func topLevelCommandsStayTogetherByFirstWord() {
        let parser = ArgumentParser(commands: [
            CommandSpec(["report", "a"], summary: "RA."),
            CommandSpec(["sync"], summary: "S."),
            CommandSpec(["report", "b"], summary: "RB."),
        ])
        let text = parser.helpText(for: [])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let list = lines.drop { $0 != "Commands:" }.dropFirst().prefix { !$0.isEmpty }
        #expect(list == ["  report a    RA.", "  report b    RB.", "  sync        S."])
    }

    struct UsageCase: Sendable, CustomTestStringConvertible {
        let path: [String]
        let line: String
        var testDescription: String { line }
    }

    static let usageCases: [UsageCase] = [
        UsageCase(path: [], line: "purse [global options] <command> [options]"),
        UsageCase(path: ["sync"], line: "purse sync [options] PATH..."),
        UsageCase(path: ["report", "spending"], line: "purse report spending [options]"),
        UsageCase(path: ["budget", "set"], line: "purse budget set [options] CATEGORY AMOUNT"),
        UsageCase(path: ["report"], line: "purse report <command> [options]"),
        UsageCase(path: ["nope"], line: "purse [global options] <command> [options]"),
    ]

    @Test(arguments: usageCases)
    func usageLines(_ testCase: UsageCase) {
        #expect(Self.parser.usageLine(for: testCase.path) == testCase.line)
    }

    struct LabelCase: Sendable, CustomTestStringConvertible {
        let spec: PositionalSpec
        let label: String
        var testDescription: String { label }
    }

    static let labelCases: [LabelCase] = [
        LabelCase(spec: PositionalSpec("A", help: ""), label: "A"),
        LabelCase(spec: PositionalSpec("A", help: "", minCount: 0), label: "[A]"),
        LabelCase(spec: PositionalSpec("A", help: "", minCount: 1, maxCount: nil), label: "A..."),
        LabelCase(spec: PositionalSpec("A", help: "", minCount: 0, maxCount: nil), label: "[A...]"),
        LabelCase(spec: PositionalSpec("A", help: "", minCount: 1, maxCount: 2), label: "A [A]"),
    ]

    @Test(arguments: labelCases)
    func positionalLabels(_ testCase: LabelCase) {
        #expect(testCase.spec.usageLabel == testCase.label)
    }
}
