import Foundation
import PurseTestSupport
import Testing

/// Through the real binary: a bad line stops only its own stream, values from a newer
/// FinanceKit are kept with a warning, and `--quiet` prints only warnings and errors.
@Suite("Sync: one bad stream, unknown values, --quiet")
struct SyncIsolationTests: PurseLedgerSuite {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let export: ExportFixture
    let database: String
    let purse = PurseBinary()

    /// Two accounts, A1 and A2, each with a snapshot of one purchase, synced once.
    init() throws {
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        database = folder.file("ledger.sqlite")
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1", name: "Checking"), F.account("A2")]))
        try export.append("transactions/A1", F.changeSet("T", 1, snapshot: true, inserted: [F.transaction("c1", account: "A1")]))
        try export.append("transactions/A2", F.changeSet("T", 1, snapshot: true, inserted: [F.transaction("d1", account: "A2")]))
        let first = try run(["sync", export.path])
        try #require(first.status == 0, "\(first.stderr)")
    }

    func exportedIDs() throws -> [String] {
        try run(["export", "transactions"]).stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }.sorted()
    }

    /// A1: a good line 2, a line 3 cut short (as a crash of the exporter leaves it), a good line 4.
    func writeBadLineInA1() throws -> String {
        let line3 = F.changeSet("T", 3, inserted: [F.transaction("c3", account: "A1")])
        try export.append("transactions/A1", F.changeSet("T", 2, inserted: [F.transaction("c2", account: "A1")]))
        try export.append("transactions/A1", String(line3.prefix(60)))
        try export.append("transactions/A1", F.changeSet("T", 4, inserted: [F.transaction("c4", account: "A1")]))
        try export.append("transactions/A2", F.changeSet("T", 2, inserted: [F.transaction("d2", account: "A2")]))
        return line3
    }

    @Test(
        "a truncated line in one account's file: the other accounts are synced, exit 65, one error line; the rerun after the fix continues")
    func badLineInOneStream() throws {
        let line3 = try writeBadLineInA1()

        let result = try run(["sync", export.path])

        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                Ana's iPhone transactions/A1: 1 inserted, 0 updated, 0 deleted
                Error: \(export.path)/transactions/A1.jsonl:3: not valid JSON: a string is not closed at byte 61
                Ana's iPhone transactions/A2: 1 inserted, 0 updated, 0 deleted

                """)
        #expect(try exportedIDs() == ["C1", "C2", "D1", "D2"], "line 2 of A1 and all of A2 are applied")

        var lines = try String(contentsOf: export.url("transactions/A1"), encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = line3
        try export.replace("transactions/A1", lines: lines)
        let rerun = try run(["sync", export.path])

        #expect(rerun.status == 0)
        #expect(rerun.stderr == "Ana's iPhone transactions/A1: 2 inserted, 0 updated, 0 deleted\n")
        #expect(try exportedIDs() == ["C1", "C2", "C3", "C4", "D1", "D2"])
    }

    @Test("--quiet with a bad line prints only the error line")
    func quietBadLine() throws {
        _ = try writeBadLineInA1()

        let result = try run(["--quiet", "sync", export.path])

        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: \(export.path)/transactions/A1.jsonl:3: not valid JSON: a string is not closed at byte 61\n")
        #expect(try exportedIDs() == ["C1", "C2", "D1", "D2"])
    }

    @Test("--quiet: a sync that changes things prints nothing at all")
    func quietSync() throws {
        try export.append("transactions/A1", F.changeSet("T", 2, inserted: [F.transaction("c2", account: "A1")]))
        try export.append("accounts", F.changeSet("G", 2, updated: [F.account("A2", name: "Renamed")]))

        let result = try run(["--quiet", "sync", export.path])

        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        #expect(try exportedIDs() == ["C1", "C2", "D1"])
    }

    @Test("--quiet: a Sure inbox that applies batches prints nothing")
    func quietSureInbox() throws {
        let inbox = folder.file("sure-inbox")
        try FileManager.default.copyItem(at: Examples.sureInbox, to: URL(fileURLWithPath: inbox))

        let result = try run(["--quiet", "sync", inbox])

        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(try exportedIDs().count == 7, "the two of the export and five from Sure")
    }

    @Test("a bad export and a good one on the same command line: the good one is synced, exit 65")
    func badSourceDoesNotStopTheNext() throws {
        let other = try ExportFixture(
            in: folder.url, name: "other", sourceID: "9E9E9E9E-0000-4000-8000-000000000002",
            sourceName: "Ben's iPhone")
        try other.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("B9")]))
        try export.writeManifest(#"{"format":"wallet-export","version":2,"sourceID":"S"}"#)

        let result = try run(["sync", export.path, other.path])

        #expect(result.status == 65)
        #expect(
            result.stderr == """
                Error: \(export.path)/export.json: version: version 2 is not supported (this purse reads version 1)
                Ben's iPhone accounts: 1 inserted, 0 updated, 0 deleted

                """)
    }

    @Test("values FinanceKit added after this purse: stored as given, one warning per value and ledger, shown by name")
    func unknownValues() throws {
        try export.append("accounts", F.changeSet("G", 2, inserted: [F.account("A3", kind: "brokerage", name: "Brokerage")]))
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T", 2,
                inserted: [
                    F.transaction("c2", account: "A1", type: "cryptoPurchase"),
                    F.transaction("c3", account: "A1", status: "settling", type: "cryptoPurchase"),
                ]))

        let result = try run(["sync", export.path])

        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                Ana's iPhone accounts: 1 inserted, 0 updated, 0 deleted
                Warning: \(export.path)/accounts.jsonl:2: inserted[0].kind: unknown value 'brokerage' stored as given (counted as an asset)
                Ana's iPhone transactions/A1: 2 inserted, 0 updated, 0 deleted
                Warning: \(export.path)/transactions/A1.jsonl:2: inserted[0].transactionType: unknown value 'cryptoPurchase' stored as given (counted as type unknown)
                Warning: \(export.path)/transactions/A1.jsonl:2: inserted[1].status: unknown value 'settling' stored as given (never counted)

                """)
        let csv = try run(["export", "transactions", "--account", "A1"]).stdout
        #expect(csv.contains("\nC2,A1,Checking,2026-10-03,,booked,cryptoPurchase,debit,54.20,"))
        #expect(csv.contains("\nC3,A1,Checking,2026-10-03,,settling,cryptoPurchase,debit,54.20,"))
        let json = try run(["export", "transactions", "--format", "json", "--account", "A1"]).stdout
        #expect(json.contains("\"status\":\"settling\",\"type\":\"cryptoPurchase\""))
        let table = try run(["transactions", "--account", "A1"]).stdout
        #expect(table.contains("cryptoPurchase  settling"))
        #expect(try run(["accounts"]).stdout.contains("brokerage"))
        // `--type unknown` takes in the types purse does not know; a made-up name is a usage error.
        let unknownType = try run(["export", "transactions", "--type", "unknown"]).stdout
        #expect(unknownType.split(separator: "\n").dropFirst().map { String($0.prefix(2)) } == ["C2", "C3"])
        let typed = try run(["transactions", "--type", "cryptoPurchase"])
        #expect(typed.status == 64)
        #expect(typed.stderr.hasPrefix("Error: option '--type': unknown value 'cryptoPurchase' (one of adjustment, atm, "))

        // A value is warned about once per ledger: a cron job that syncs more of it every day
        // stays quiet; a new value warns, even under --quiet.
        try export.append("transactions/A2", F.changeSet("T", 2, inserted: [F.transaction("d2", account: "A2", type: "cryptoPurchase")]))
        let again = try run(["--quiet", "sync", export.path])
        #expect(again.status == 0)
        #expect(again.stderr == "")
        try export.append(
            "transactions/A2",
            F.changeSet(
                "T", 3,
                inserted: [
                    F.transaction("d3", account: "A2", type: "cryptoPurchase"), F.transaction("d4", account: "A2", type: "cryptoSale"),
                ]))
        let quiet = try run(["--quiet", "sync", export.path])
        #expect(quiet.status == 0)
        #expect(
            quiet.stderr
                == "Warning: \(export.path)/transactions/A2.jsonl:3: inserted[1].transactionType: unknown value 'cryptoSale' stored as given (counted as type unknown)\n"
        )
        #expect(try exportedIDs().filter { $0.hasPrefix("D") } == ["D1", "D2", "D3", "D4"])
    }
}
