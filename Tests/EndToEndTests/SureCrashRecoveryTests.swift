import Foundation
import PurseTestSupport
import Sync
import Testing

/// kill -9 while purse applies a Sure inbox of chunked captures, rerun, and the ledger and the
/// connection's cursor equal a clean run's: each capture commits with the cursor it advances.
@Suite("Crash recovery of Sure captures")
struct SureCrashRecoveryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let card = "6F1D2C3B-4A59-4E68-9A7B-8C9D0E1F2A3B"
    static let cardLineage = "696b1ed7-6b9a-4925-afe1-32c6098ff9be"

    /// The example connection, its snapshot batch, then `captures` delta captures of two chunks of
    /// 400 transactions each, chained by the SHA-256 of each batch's exact bytes.
    static func makeInbox(at inbox: String, captures: Int) throws {
        let example = root.appendingPathComponent("examples/sure-inbox")
        try FileManager.default.createDirectory(atPath: inbox + "/batches", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: example.appendingPathComponent("connection.json").path, toPath: inbox + "/connection.json")
        let first = try Data(contentsOf: example.appendingPathComponent("batches/0001.json"))
        try first.write(to: URL(fileURLWithPath: inbox + "/batches/0001.json"))
        let header = try JSONSerialization.jsonObject(with: first) as! [String: Any]
        var predecessor = SHA256.hexDigest(first)
        var sequence = 1
        var transaction = 0
        for capture in 1...captures {
            for chunk in 0..<2 {
                sequence += 1
                var events: [String] = []
                for _ in 0..<400 {
                    transaction += 1
                    let day = 1 + transaction % 27
                    events.append("""
                        {"kind":"transaction_upsert","transaction":{"source_id":"\(String(format: "A7E%05d-0000-4000-8000-%012d", transaction % 100_000, transaction))","source_account_id":"\(card)","lineage_id":"\(cardLineage)","mapping_version":1,"amount":{"amount":"\(transaction % 90 + 1).\(String(format: "%02d", transaction % 100))","currency":"USD","direction":"debit"},"transaction_description":"SHOP \(transaction % 37)","original_transaction_description":"SHOP \(transaction % 37) 0001","transaction_type":"purchase","status":"booked","transacted_at":"2026-10-\(String(format: "%02d", day))T12:00:00Z","merchant_name":"Shop \(transaction % 37)","merchant_category_code":5411}}
                        """)
                }
                let body = """
                    {"protocol_version":2,"connection_id":"\(header["connection_id"]!)","publisher_id":"\(header["publisher_id"]!)","generation":1,"stream_id":"\(header["stream_id"]!)","batch_id":"\(String(format: "B47C0000-0000-4000-8000-%012d", 1000 + sequence))","sequence":\(sequence),"predecessor_digest":"\(predecessor)","capture_id":"\(String(format: "CA000000-0000-4000-8000-%012d", 1000 + capture))","chunk_index":\(chunk),"chunk_count":2,"capture_mode":"delta","snapshot_complete":false,"captured_at":"2026-10-28T\(String(format: "%02d", 18 + capture / 60)):\(String(format: "%02d", capture % 60)):00Z","selected_source_account_ids":\(try String(data: JSONSerialization.data(withJSONObject: header["selected_source_account_ids"]!), encoding: .utf8)!),"events":[\(events.joined(separator: ","))]}
                    """
                let bytes = Data(body.utf8)
                try bytes.write(to: URL(fileURLWithPath: inbox + String(format: "/batches/%04d.json", sequence)))
                predecessor = SHA256.hexDigest(bytes)
            }
        }
    }

    @Test("sync of a Sure inbox killed at several moments and rerun equals a clean sync")
    func killedSureSyncsRecover() throws {
        let folder = try TemporaryFolder()
        let purse = PurseBinary()
        let inbox = folder.file("inbox")
        try Self.makeInbox(at: inbox, captures: 12)

        let clean = folder.file("clean.sqlite")
        let started = Date()
        let cleanRun = try purse.run(["--db", clean, "sync", inbox])
        try #require(cleanRun.status == 0, "\(cleanRun.stderr)")
        let seconds = Date().timeIntervalSince(started)
        let expected = try purse.run(["--db", clean, "export", "transactions", "--format", "json"]).stdout
        #expect(expected.components(separatedBy: "\"id\":").count > 9000)
        let expectedCursor = try cursor(purse, clean)

        for (index, fraction) in [0.1, 0.3, 0.5, 0.7, 0.9].enumerated() {
            let database = folder.file("killed-\(index).sqlite")
            // Each kill starts from a copy of the inbox: sync records receipts, not the files.
            let process = try purse.start(["--db", database, "sync", inbox])
            Thread.sleep(forTimeInterval: seconds * fraction)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let rerun = try purse.run(["--db", database, "sync", inbox])

            #expect(rerun.status == 0, "kill at \(fraction): \(rerun.stderr)")
            #expect(try purse.run(["--db", database, "export", "transactions", "--format", "json"]).stdout == expected,
                    "kill at \(fraction) of the sync")
            #expect(try cursor(purse, database) == expectedCursor)
            #expect(try purse.run(["--db", database, "status", "--check"]).status == 0)
        }
    }

    /// The connection's cursor lines from `sure status --format json`, without times.
    func cursor(_ purse: PurseBinary, _ database: String) throws -> [String] {
        let json = try purse.run(["--db", database, "sure", "status", "--format", "json"]).stdout
        return json.split(separator: "\n").filter {
            $0.contains("\"generation\"") || $0.contains("\"next_sequence\"") || $0.contains("\"stream_id\"") || $0.contains("\"status\"")
        }.map(String.init)
    }
}
