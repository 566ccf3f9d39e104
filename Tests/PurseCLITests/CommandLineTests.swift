import Foundation
import LedgerStore
import Testing

@testable import PurseCLI

/// The command line as a whole: help, version, usage errors, the command table itself.
@Suite("Command line")
struct CommandLineTests {
    @Test("--version prints the version on stdout and exits 0")
    func version() throws {
        let result = try CLITestHarness().run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "purse \(PurseCLI.version)\n")
    }

    @Test(
        "--help works on every command and goes to stdout",
        arguments: [
            ["--help"], ["sync", "--help"], ["status", "--help"], ["accounts", "--help"], ["transactions", "--help"],
            ["export", "transactions", "--help"], ["sample", "--help"], ["help", "sync"],
        ])
    func help(arguments: [String]) throws {
        let result = try CLITestHarness().run(arguments)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("Usage: purse"))
    }

    @Test("an unknown option is a usage error with a suggestion and exit 64")
    func unknownOption() throws {
        let result = try CLITestHarness().run(["transactions", "--mnth", "2026-10"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("Error: unknown option '--mnth'. Did you mean '--month'?\n"))
        #expect(result.stderr.hasSuffix("See 'purse transactions --help'.\n"))
    }

    @Test("sync needs at least one path")
    func syncWithoutPath() throws {
        let result = try CLITestHarness().run(["sync"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: missing argument 'PATH'"))
    }

    @Test("status of an empty database says what to do next; JSON form has the schema name")
    func emptyStatus() throws {
        let harness = try CLITestHarness()
        try harness.createLedger()
        let text = harness.run(["status"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("\nLedger: 0 accounts, 0 balance observations, 0 transactions\n"))
        #expect(text.stdout.contains("Schema version: \(LedgerSchema.latestVersion)\n"))
        #expect(text.stdout.contains("No sources yet"))
        let json = harness.run(["status", "--format", "json"])
        #expect(json.stdout.contains("\"schema\": \"purse.status.v1\""))
        #expect(json.stdout.contains("\"sources\": []"))
    }

    @Test("the default database lives under XDG_DATA_HOME")
    func defaultLocation() throws {
        let harness = try CLITestHarness()
        let stdout = CapturedText()
        let stderr = CapturedText()
        // Made by a command that may create it, then found by one that only reads.
        let created = PurseCLI.run(
            arguments: ["rules", "add", "--merchant", "Cafe", "--category", "Dining"],
            environment: ["XDG_DATA_HOME": harness.folder.path, "TZ": "UTC"],
            now: harness.now, stdout: CapturedText(), stderr: CapturedText())
        #expect(created == .success)
        let status = PurseCLI.run(
            arguments: ["status"], environment: ["XDG_DATA_HOME": harness.folder.path, "TZ": "UTC"],
            now: harness.now, stdout: stdout, stderr: stderr)
        #expect(status == .success)
        #if !os(macOS)
        #expect(stdout.text.hasPrefix("Database: \(harness.folder.path)/purse/ledger.sqlite\n"))
        #endif
    }
}

@Suite("Command table")
struct CommandTableTests {
    @Test("the option tables have no duplicates or impossible positionals")
    func noSpecificationProblems() {
        #expect(ArgumentParser(commands: CommandCatalogAccess.commands).specificationProblems() == [])
    }

    /// `--from/--to` of days are each account's own days (README, "Time zones"), never the
    /// report zone's: the help says so wherever they are days. `prices` bounds the rates' own
    /// days (a file's dates), and says so.
    @Test("--from and --to of days say each account's own day, in its time zone")
    func fromToHelp() {
        let days = CommandCatalog.all.filter { $0.path != ["prices"] }.flatMap { command in
            command.options.filter { ["from", "to"].contains($0.name) && $0.valueName == "YYYY-MM-DD" }.map { (command.path, $0.help) }
        }
        #expect(days.count >= 16)
        for (path, help) in days {
            #expect(!help.contains("report time zone"), "\(path)")
            #expect(help.hasSuffix("inclusive: each account's own day, in its time zone.") || help.contains("(default"), "\(path): \(help)")
        }
    }

    /// The end-to-end suite checks each of these refuses a currency no account holds
    /// (`CurrencyFilterTests.commands`): a new command filtering by currency belongs there too.
    @Test("the commands that filter by --currency are the ones the end-to-end suite checks")
    func currencyFilterCommands() {
        let filtering = CommandCatalog.all.filter { command in
            command.options.contains { $0.name == "currency" && $0.help.hasPrefix("Only this currency") }
        }
        #expect(
            filtering.map(\.path) == [
                ["report", "spending"], ["report", "income"], ["report", "recurring"], ["report", "upcoming"], ["report", "cashflow"],
                ["report", "fx"], ["explain"],
                ["rules", "test"], ["categories"], ["merchants"],
            ])
    }
}

enum CommandCatalogAccess {
    static var commands: [CommandSpec] { CommandCatalog.all }
}

@Suite("Help cites the repository")
struct HelpReferenceTests {
    static let paths = CommandCatalog.all.map(\.path)

    @Test("no help page names a file outside the repository", arguments: paths)
    func noOutsideFiles(path: [String]) throws {
        let result = try CLITestHarness().run(path + ["--help"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains(".md"), "\(path.joined(separator: " ")) --help names a file")
        #expect(!result.stdout.contains("docs/"))
    }

    @Test("report spending's help points at the README's section on counting money")
    func spendingCitesReadme() throws {
        let text = try CLITestHarness().run(["report", "spending", "--help"]).stdout
        #expect(
            text.contains(
                """
                Counts expenses and refunds as the README's "How purse counts money" says: net =
                spent - refunded, per currency, one row per calendar month and key. Income and
                transfers never count as spending.
                """))
    }
}
