import Foundation
import Ledger
import PurseTestSupport
import Storage
import Testing

/// kill -9 while purse takes in a Sure inbox of chunked captures, rerun, and the ledger and the
/// connection's cursor equal a clean run's: each batch's receipt commits on its own, and each
/// capture (all its chunks) commits with the cursor it advances. The kills land at exact points
/// (the debug build's `PURSE_TEST_KILL_AT` hook: after a receipt, after a capture's commit, after
/// a chunk or an event inside a capture's open transaction) and at moments chosen from outside,
/// and each is proved to have landed mid-sync.
@Suite("Crash recovery of Sure captures", .tags(.slow))
struct SureCrashRecoveryTests {
    static let card = "6F1D2C3B-4A59-4E68-9A7B-8C9D0E1F2A3B"
    static let cardLineage = "696b1ed7-6b9a-4925-afe1-32c6098ff9be"

    /// The inbox's shape: the example's snapshot batch, then delta captures of chunks of events.
    struct Shape {
        var captures: Int
        var chunks: Int
        var events: Int
        /// Captures, the snapshot's included.
        var allCaptures: Int { 1 + captures }
        var batches: Int { 1 + captures * chunks }
        /// Batches applied once `applied` captures (the snapshot first) have committed.
        func batches(ofCaptures applied: Int) -> Int { applied == 0 ? 0 : 1 + (applied - 1) * chunks }
    }

    /// The example connection, its snapshot batch, then `shape.captures` delta captures of
    /// `shape.chunks` chunks of `shape.events` transactions each, chained by the SHA-256 of each
    /// batch's exact bytes.
    static func makeInbox(at inbox: String, _ shape: Shape) throws {
        let example = Examples.sureInbox
        try FileManager.default.createDirectory(atPath: inbox + "/batches", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: example.appendingPathComponent("connection.json").path, toPath: inbox + "/connection.json")
        let first = try Data(contentsOf: example.appendingPathComponent("batches/0001.json"))
        try first.write(to: URL(fileURLWithPath: inbox + "/batches/0001.json"))
        let header = try JSONSerialization.jsonObject(with: first) as! [String: Any]
        var predecessor = SHA256.hexDigest(first)
        var sequence = 1
        var transaction = 0
        for capture in 1...shape.captures {
            for chunk in 0..<shape.chunks {
                sequence += 1
                var events: [String] = []
                for _ in 0..<shape.events {
                    transaction += 1
                    let day = 1 + transaction % 27
                    events.append(
                        """
                        {"kind":"transaction_upsert","transaction":{"source_id":"\(String(format: "D5E%05d-0000-4000-8000-%012d", transaction % 100_000, transaction))","source_account_id":"\(card)","lineage_id":"\(cardLineage)","mapping_version":1,"amount":{"amount":"\(transaction % 90 + 1).\(String(format: "%02d", transaction % 100))","currency":"USD","direction":"debit"},"transaction_description":"SHOP \(transaction % 37)","original_transaction_description":"SHOP \(transaction % 37) 0001","transaction_type":"purchase","status":"booked","transacted_at":"2026-10-\(String(format: "%02d", day))T12:00:00Z","merchant_name":"Shop \(transaction % 37)","merchant_category_code":5411}}
                        """)
                }
                let body = """
                    {"protocol_version":2,"connection_id":"\(header["connection_id"]!)","publisher_id":"\(header["publisher_id"]!)","generation":1,"stream_id":"\(header["stream_id"]!)","batch_id":"\(String(format: "B47C0000-0000-4000-8000-%012d", 1000 + sequence))","sequence":\(sequence),"predecessor_digest":"\(predecessor)","capture_id":"\(String(format: "CA000000-0000-4000-8000-%012d", 1000 + capture))","chunk_index":\(chunk),"chunk_count":\(shape.chunks),"capture_mode":"delta","snapshot_complete":false,"captured_at":"2026-10-28T\(String(format: "%02d", 18 + capture / 60)):\(String(format: "%02d", capture % 60)):00Z","selected_source_account_ids":\(try String(data: JSONSerialization.data(withJSONObject: header["selected_source_account_ids"]!), encoding: .utf8)!),"events":[\(events.joined(separator: ","))]}
                    """
                let bytes = Data(body.utf8)
                try bytes.write(to: URL(fileURLWithPath: inbox + String(format: "/batches/%04d.json", sequence)))
                predecessor = SHA256.hexDigest(bytes)
            }
        }
    }

    let folder: TemporaryFolder
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
    }

    /// An inbox of `shape` and its clean sync.
    struct CleanRun {
        let shape: Shape
        let sync: CleanSync
        /// Ledger transactions the example's snapshot batch brings.
        let snapshotTransactions: Int
    }

    func cleanRun(_ shape: Shape = Shape(captures: 6, chunks: 3, events: 20)) throws -> CleanRun {
        let inbox = folder.file("inbox")
        try Self.makeInbox(at: inbox, shape)
        let sync = try CleanSync(of: inbox, into: folder.file("clean.sqlite"), purse: purse)
        let snapshotTransactions = sync.contents.count("transactions") - shape.captures * shape.chunks * shape.events
        try #require(snapshotTransactions > 0)
        return CleanRun(shape: shape, sync: sync, snapshotTransactions: snapshotTransactions)
    }

    @Test(
        "killed after a batch's receipt, before any capture applies",
        .enabled(if: PurseBinary.hasTestHooks, PurseBinary.needsTestHooks))
    func killedWhileAccepting() throws {
        let clean = try cleanRun()
        for batch in [1, clean.shape.batches / 2, clean.shape.batches - 1] {
            let database = try killed(at: "batch:\(batch)", clean)
            let ledger = try SureLedger(path: database)
            #expect(ledger.statuses == Array(repeating: "accepted", count: batch), "batch:\(batch)")
            #expect(ledger.nextSequence == 1 && ledger.transactions == 0, "batch:\(batch)")
            try clean.sync.expectRerunEqualsClean(database, label: "batch:\(batch)", purse: purse)
        }
    }

    @Test(
        "killed right after each capture's commit but the last",
        .enabled(if: PurseBinary.hasTestHooks, PurseBinary.needsTestHooks))
    func killedAfterACapture() throws {
        let clean = try cleanRun()
        for capture in 1..<clean.shape.allCaptures {
            let database = try killed(at: "capture:\(capture)", clean)
            try checkLandedMidSync(database, clean, label: "capture:\(capture)", applied: capture)
            try clean.sync.expectRerunEqualsClean(database, label: "capture:\(capture)", purse: purse)
        }
    }

    @Test(
        "killed inside a capture's open transaction, after one of its chunks",
        .enabled(if: PurseBinary.hasTestHooks, PurseBinary.needsTestHooks))
    func killedAfterAChunk() throws {
        let clean = try cleanRun()
        // Chunk 1 is the snapshot's; chunks 2, 3 and 4 make the first delta capture, and so on.
        for chunk in [2, 3, 4, 7, 11, 15, clean.shape.batches] {
            let database = try killed(at: "chunk:\(chunk)", clean)
            try checkLandedMidSync(database, clean, label: "chunk:\(chunk)", applied: 1 + (chunk - 2) / clean.shape.chunks)
            try clean.sync.expectRerunEqualsClean(database, label: "chunk:\(chunk)", purse: purse)
        }
    }

    @Test(
        "killed in the middle of a chunk, after some of its events",
        .enabled(if: PurseBinary.hasTestHooks, PurseBinary.needsTestHooks))
    func killedInsideAChunk() throws {
        let clean = try cleanRun()
        let snapshot = try Data(contentsOf: Examples.sureInbox.appendingPathComponent("batches/0001.json"))
        let snapshotEvents = try #require((try JSONSerialization.jsonObject(with: snapshot) as? [String: Any])?["events"] as? [Any]).count
        let capture = clean.shape.chunks * clean.shape.events
        let events = clean.shape.captures * capture
        for event in [1, capture / 2, capture - 1, capture, 3 * capture + 7, events] {
            let point = "event:\(snapshotEvents + event)"
            let database = try killed(at: point, clean)
            // The delta capture holding event `event` (numbered from 1) is open, those before committed.
            try checkLandedMidSync(database, clean, label: point, applied: 1 + (event - 1) / capture)
            try clean.sync.expectRerunEqualsClean(database, label: point, purse: purse)
        }
    }

    @Test("killed from outside while it applies, once the snapshot has")
    func killedFromOutside() throws {
        // Larger captures, so that plenty is left to apply when the poll sees the snapshot applied.
        let clean = try cleanRun(Shape(captures: 6, chunks: 3, events: 100))
        let database = folder.file("outside.sqlite")
        let process = try purse.start(["--db", database, "sync", clean.sync.source])
        eventually(within: 600, every: 0.0005, "the snapshot applied") {
            guard process.isRunning else { return true }
            guard let reader = try? Connection(path: database, readOnly: true),
                let applied = try? reader.scalarInt("SELECT count(*) FROM sure_batches WHERE status = 'applied'")
            else { return false }
            return applied >= 1
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(process.terminationReason == .uncaughtSignal, "the sync ended before the kill")
        let ledger = try SureLedger(path: database)
        try checkLandedMidSync(database, clean, label: "outside", applied: ledger.appliedCaptures)
        try clean.sync.expectRerunEqualsClean(database, label: "outside", purse: purse)
    }

    // MARK: - Steps

    func killed(at point: String, _ clean: CleanRun) throws -> String {
        let database = folder.file("killed-\(point).sqlite")
        try clean.sync.kill(at: point, into: database, purse: purse)
        return database
    }

    /// Every batch received; the first `applied` captures applied with the cursor after them,
    /// the rest still waiting with no trace of the open one: no chunk half-applied or left
    /// `processing`, no transaction of a capture that did not commit.
    func checkLandedMidSync(_ database: String, _ clean: CleanRun, label: String, applied: Int) throws {
        let shape = clean.shape
        let ledger = try SureLedger(path: database)
        #expect(applied > 0 && applied < shape.allCaptures, "\(label): \(applied) of \(shape.allCaptures) captures")
        #expect(ledger.appliedCaptures == applied, "\(label)")
        let appliedBatches = shape.batches(ofCaptures: applied)
        #expect(
            ledger.statuses == Array(repeating: "applied", count: appliedBatches)
                + Array(repeating: "accepted", count: shape.batches - appliedBatches), "\(label): \(ledger.statuses)")
        #expect(ledger.nextSequence == Int64(appliedBatches + 1), "\(label)")
        #expect(ledger.transactions == clean.snapshotTransactions + (applied - 1) * shape.chunks * shape.events, "\(label)")
    }

    /// The connection's receipts and cursor as a killed run left them.
    struct SureLedger {
        /// Each received batch's status, in sequence order.
        let statuses: [String]
        let appliedCaptures: Int
        let nextSequence: Int64
        let transactions: Int

        init(path: String) throws {
            let connection = try Connection(path: path)
            let query = try connection.prepare("SELECT status FROM sure_batches ORDER BY sequence")
            var statuses: [String] = []
            while try query.step() { statuses.append(query.text(0)) }
            self.statuses = statuses
            appliedCaptures = Int(
                try connection.scalarInt("SELECT count(DISTINCT capture_id) FROM sure_batches WHERE status = 'applied'") ?? 0)
            nextSequence = try connection.scalarInt("SELECT next_sequence FROM sure_connections") ?? 0
            transactions = Int(try connection.scalarInt("SELECT count(*) FROM transactions") ?? 0)
        }
    }
}
