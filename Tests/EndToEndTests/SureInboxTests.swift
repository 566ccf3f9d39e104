import Foundation
import PurseTestSupport
import Testing

/// examples/sure-inbox through the real binary: adoption, applied captures on stderr, the
/// imported transactions in `purse export transactions`, replay, and the `purse sure` commands.
@Suite("Sure inbox end to end")
struct SureInboxTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let inbox: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        // A copy, so a test never writes into the repository.
        inbox = folder.file("sure-inbox")
        try FileManager.default.copyItem(at: Examples.sureInbox, to: URL(fileURLWithPath: inbox))
    }

    @Test("syncing the example applies every capture, and the ledger shows the transactions")
    func example() throws {
        let first = try run(["sync", inbox])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "")
        let lines = first.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasSuffix("connection.json: adopted Sure connection 9243ba59-fd4d-46ea-a135-d05a50cddcea"))
        #expect(
            Array(lines.dropFirst()) == [
                "batches/0001.json: applied sequence 1: 4 upserted, 2 balances, 2 accounts",
                "batches/0002.json, batches/0003.json: applied sequences 2-3 (one capture of 2 chunks): 2 upserted, 1 retracted, 1 balances",
                "batches/0004.json: applied sequence 4: 1 upserted, 1 source only, 1 balances",
            ])

        let export = try run(["export", "transactions"])
        #expect(export.status == 0)
        let rows = export.stdout.split(separator: "\n").dropFirst().map { line -> String in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            return "\(cells[0]) \(cells[5]) \(cells[9])"
        }
        #expect(
            rows == [
                "A7E00004-0000-4000-8000-000000000004 booked 250.00",
                "A7E00001-0000-4000-8000-000000000001 booked -54.20",
                "A7E00002-0000-4000-8000-000000000002 booked -12.00",
                "A7E00005-0000-4000-8000-000000000005 booked -3.75",
                "A7E00006-0000-4000-8000-000000000006 booked 20.00",
            ])

        // Running again changes nothing and says nothing.
        let again = try run(["sync", inbox])
        #expect(again.status == 0)
        #expect(again.stderr == "")

        let status = try run(["sure", "status", "9243ba59-fd4d-46ea-a135-d05a50cddcea", "--format", "json"])
        #expect(status.status == 0)
        #expect(status.stdout.contains(#""status": "active""#))
        #expect(status.stdout.contains(#""next_sequence": 5"#))
        #expect(status.stdout.contains(#""last_captured_at": "2026-10-31T09:00:00Z""#))

        let receipt = try run(["sure", "receipt", "B47C0000-0000-4000-8000-000000000003", "--format", "json"])
        #expect(receipt.status == 0)
        #expect(receipt.stdout.contains(#""payload_digest": "64506c40958ad2e4065d547e53ff50317974b7a68da19f90548220b5cbfa23d3""#))
        #expect(receipt.stdout.contains(#""status": "applied""#))

        let missing = try run(["sure", "receipt", "00000000-0000-4000-8000-000000000000"])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("Error: not_found: "))

        let conflicts = try run(["sure", "conflicts", "--format", "json"])
        #expect(conflicts.stdout == "[]\n")
    }

    @Test("a sync of the inbox is the Sure source's last sync, in status and in the summary's freshness")
    func lastSync() throws {
        #expect(try run(["--quiet", "sync", inbox]).status == 0)
        let status = try run(["status"])
        #expect(status.stdout.contains("Source: Sure publisher (sure sure-protocol-2)\n  Last sync: 20"), "\(status.stdout)")
        let summary = try run(["report", "summary", "--month", "2026-10"])
        #expect(!summary.stdout.contains("never synced"), "\(summary.stdout)")
        #expect(summary.stdout.contains("    last synced 20"), "\(summary.stdout)")
    }

    @Test("a refused batch is named with Sure's code and the sync exits 65; a gap waits with exit 0")
    func refusedAndWaiting() throws {
        #expect(try run(["sync", inbox]).status == 0)
        let body = try String(contentsOfFile: inbox + "/batches/0004.json", encoding: .utf8)
        try body.replacingOccurrences(of: #""sequence":4"#, with: #""sequence":7"#)
            .replacingOccurrences(of: "B47C0000-0000-4000-8000-000000000004", with: "B47C0000-0000-4000-8000-000000000007")
            .replacingOccurrences(of: "CA000000-0000-4000-8000-000000000003", with: "CA000000-0000-4000-8000-000000000007")
            .write(toFile: inbox + "/batches/0007.json", atomically: true, encoding: .utf8)
        let waiting = try run(["sync", inbox])
        #expect(waiting.status == 0)
        #expect(waiting.stderr == "batches/0007.json: waiting: sequence 7: the next sequence to apply is 5\n")

        try body.replacingOccurrences(of: #""currency":"USD""#, with: #""currency":"XYZ""#)
            .replacingOccurrences(of: #""sequence":4"#, with: #""sequence":5"#)
            .write(toFile: inbox + "/batches/0005.json", atomically: true, encoding: .utf8)
        let refused = try run(["sync", inbox])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("batches/0005.json: refused: invalid_currency: "))
        #expect(refused.stderr.hasSuffix("Error: 1 Sure batch(es) were refused or failed (see the lines above)\n"))
    }

    @Test("a chunk that arrives before its sibling is a wait (exit 0, no capture_conflict); the next sync applies the capture")
    func chunkBeforeItsSibling() throws {
        let sibling = folder.file("0002.json")
        try FileManager.default.moveItem(atPath: inbox + "/batches/0002.json", toPath: sibling)
        let early = try run(["sync", inbox])
        #expect(early.status == 0)
        #expect(early.stdout == "")
        #expect(!early.stderr.contains("capture_conflict") && !early.stderr.contains("Error"), "\(early.stderr)")
        #expect(
            Array(early.stderr.split(separator: "\n").dropFirst()) == [
                "batches/0001.json: applied sequence 1: 4 upserted, 2 balances, 2 accounts",
                "batches/0003.json: waiting: sequence 3: chunk 2 of 2 of capture ca000000-0000-4000-8000-000000000002 came before the chunks at sequence 2; it is taken when they arrive",
                "batches/0004.json: waiting: sequence 4: the next sequence to apply is 2",
            ])
        // Nothing of the capture is applied: the transaction its chunk 1 tombstones is still there.
        #expect(try run(["export", "transactions"]).stdout.contains("A7E00003-0000-4000-8000-000000000003"))
        let receipt = try run(["sure", "receipt", "B47C0000-0000-4000-8000-000000000003"])
        #expect(receipt.status == 66)
        #expect(receipt.stderr == "Error: not_found: there is no batch b47c0000-0000-4000-8000-000000000003\n")
        // A cron run (--quiet) says nothing about the wait.
        let quiet = try run(["--quiet", "sync", inbox])
        #expect(quiet.status == 0 && quiet.stderr == "")

        try FileManager.default.moveItem(atPath: sibling, toPath: inbox + "/batches/0002.json")
        let later = try run(["sync", inbox])
        #expect(later.status == 0)
        #expect(
            later.stderr == """
                batches/0002.json, batches/0003.json: applied sequences 2-3 (one capture of 2 chunks): 2 upserted, 1 retracted, 1 balances
                batches/0004.json: applied sequence 4: 1 upserted, 1 source only, 1 balances

                """)
        #expect(!(try run(["export", "transactions"]).stdout.contains("A7E00003-0000-4000-8000-000000000003")))
        #expect(
            try run(["sure", "receipt", "B47C0000-0000-4000-8000-000000000003", "--format", "json"]).stdout.contains(
                #""status": "applied""#))
    }

    @Test("connect writes a configuration that sync adopts; capabilities in Sure's shape")
    func connectAndCapabilities() throws {
        let other = folder.file("new-inbox")
        let connect = try run([
            "sure", "connect", "--account", "33333333-3333-4333-8333-333333333333", "--kind", "Depository",
            "--currency", "GBP", "--name", "Current account", "--institution", "Monzo", "--inbox", other,
        ])
        #expect(connect.status == 0, "\(connect.stderr)")
        #expect(connect.stdout.contains("credential: "))
        let configuration = try String(contentsOfFile: other + "/connection.json", encoding: .utf8)
        #expect(configuration.contains(#""publisher_credential": ""#))
        #expect(configuration.contains(#""max_bytes_per_batch": 1048576"#))
        let attributes = try FileManager.default.attributesOfItem(atPath: other + "/connection.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try run(["sync", other]).status == 0)

        let capabilities = try run(["sure", "capabilities", "--format", "json"])
        #expect(capabilities.stdout.contains(#""connection_dispositions": ["#))
        let usage = try run(["sure", "connect", "--account", "33333333-3333-4333-8333-333333333333", "--kind", "Depository"])
        #expect(usage.status == 64)
        #expect(
            usage.stderr == """
                Error: give one --currency for each --account (1 accounts, 0 --currency).
                Usage: purse sure connect [options]
                See 'purse sure connect --help'.

                """)
        let bad = try run(["sure", "disconnect", "9243ba59-fd4d-46ea-a135-d05a50cddcea", "--disposition", "delete"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: invalid_disposition: "))
    }
}
