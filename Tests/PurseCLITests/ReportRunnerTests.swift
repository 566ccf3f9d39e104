import Foundation
import PurseTestSupport
import Testing

/// Every report command runs through one ReportRunner: the format first, then the command's own
/// options, then the ledger, and nothing written until the report is whole. These pin that order
/// for each command, so a command that stops using the runner (or a runner that changes it) shows.
@Suite("Report runner")
struct ReportRunnerTests {
    static let reports: [[String]] = [
        ["report", "spending"], ["report", "income"], ["report", "cashflow"], ["report", "trend"], ["report", "networth"],
        ["report", "drift"], ["report", "budget"], ["report", "summary"], ["explain"],
    ]

    let harness: CLITestHarness

    init() throws {
        harness = try CLITestHarness()
    }

    @Test("a bad --format is reported before a bad option, both before a missing ledger", arguments: reports)
    func order(command: [String]) {
        let badFormat = harness.run(["--tz", "Nowhere/Zone"] + command + ["--format", "pdf"])
        #expect(badFormat.status == 64)
        #expect(badFormat.stderr.hasPrefix("Error: option '--format' must be one of text, csv, json"))
        #expect(badFormat.stdout == "")

        let badOption = harness.run(["--tz", "Nowhere/Zone"] + command)
        #expect(badOption.status == 64)
        #expect(badOption.stderr.hasPrefix("Error: unknown time zone 'Nowhere/Zone'"))

        let noLedger = harness.run(command)
        #expect(noLedger.status == 66)
        #expect(noLedger.stderr.hasPrefix("Error: no ledger at \(harness.database)"))
        #expect(noLedger.stdout == "")
    }

    @Test("-o FILE gets the report in the format of its extension, and stdout nothing", arguments: reports)
    func outputFile(command: [String]) throws {
        try harness.createLedger()
        let file = harness.folder.file("report.json")
        let written = harness.run(command + ["-o", file])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout == "")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"schema\": \"purse."))
    }
}
