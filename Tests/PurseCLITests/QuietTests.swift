import Foundation
import PurseTestSupport
import Testing

/// `--quiet`: commands that say what they did on stderr say nothing; data on stdout, warnings
/// and errors are unchanged.
@Suite("--quiet")
struct QuietTests {
    typealias F = ExportFixture
    let harness: CLITestHarness

    init() throws {
        harness = try CLITestHarness()
        let export = try ExportFixture(in: harness.folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CARD", kind: "liability")]))
        try export.append("transactions/CARD", F.changeSet("T", 1, snapshot: true, inserted: [F.transaction("C1", account: "CARD")]))
        let synced = harness.run(["--quiet", "sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
    }

    /// Each step once without --quiet (it says what it did) and once with it (nothing on
    /// stderr, the same on stdout).
    @Test("what budget set/remove, rules add/remove and transactions did: on stderr without --quiet, nowhere with it")
    func quietCommands() {
        let steps: [(loud: [String], quiet: [String], said: String)] = [
            (
                ["budget", "set", "Groceries", "400", "--from", "2026-10"], ["budget", "set", "Dining", "100", "--from", "2026-10"],
                "Budget for Groceries: $400.00 a month from 2026-10, rollover none\n"
            ),
            (
                ["budget", "remove", "Groceries", "--from", "2026-11"], ["budget", "remove", "Dining", "--from", "2026-11"],
                "Budget for Groceries (USD) removed from 2026-11 on\n"
            ),
            (
                ["rules", "add", "--merchant", "whole foods", "--category", "Dining"],
                ["rules", "add", "--merchant", "deli", "--category", "Dining"],
                "Added rule #1: merchant contains \"whole foods\" -> category \"Dining\"\n"
            ),
            (["rules", "remove", "1"], ["rules", "remove", "2"], "Removed rule #1\n"),
            (["transactions"], ["transactions"], "1 transaction\n"),
        ]
        for step in steps {
            let loud = harness.run(step.loud)
            #expect(loud.status == 0, "\(step.loud): \(loud.stderr)")
            #expect(loud.stderr == step.said)
            let quiet = harness.run(["--quiet"] + step.quiet)
            #expect(quiet.status == 0, "\(step.quiet): \(quiet.stderr)")
            #expect(quiet.stderr == "", "\(step.quiet)")
            #expect(quiet.stdout == loud.stdout)
        }
    }

    @Test("sample --out: the summary line only without --quiet")
    func quietSample() throws {
        let loud = harness.run(["sample", "--out", harness.folder.file("loud"), "--transactions", "50", "--months", "2"])
        #expect(loud.status == 0)
        #expect(loud.stderr.hasPrefix("Wrote 50 transactions, "))
        let quiet = harness.run(["--quiet", "sample", "--out", harness.folder.file("quiet"), "--transactions", "50", "--months", "2"])
        #expect(quiet.status == 0)
        #expect(quiet.stderr == "")
        #expect(FileManager.default.fileExists(atPath: harness.folder.file("quiet/export.json")))
    }

    @Test("errors are still printed under --quiet")
    func quietErrors() {
        let result = harness.run(["--quiet", "rules", "remove", "9"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: there is no rule #9"))
    }
}
