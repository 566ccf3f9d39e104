import Foundation
import Ledger
import Storage
import Testing

@testable import LedgerStore
@testable import Sync

/// Sure's transient failures: a capture that fails with `import_validation` (a record the
/// ledger cannot take) or `processing_error` (any other failure, such as the database's) stays
/// `accepted` and is tried again 2, 4, 8 and 16 minutes after each failure, never sooner; the
/// fifth failure is permanent and fences the stream. The clock is the world's, moved by hand.
@Suite("Sure retries")
struct SureRetryTests {
    typealias W = SureWorld

    /// Makes every insert into the ledger's transactions fail until `heal` (a failure purse cannot
    /// foresee, like a disk that fails: SQLite aborts the statement and the capture rolls back).
    static func breakTransactionInserts(_ world: W) throws {
        try world.store.connection.execute(
            """
            CREATE TEMP TRIGGER injected_failure BEFORE INSERT ON main.transactions
            BEGIN SELECT RAISE(ABORT, 'injected failure'); END
            """)
    }

    static func heal(_ world: W) throws {
        try world.store.connection.execute("DROP TRIGGER temp.injected_failure")
    }

    func batch(_ world: W, sequence: Int64) throws -> SureBatchRecord {
        try #require(try world.store.sureBatches().first { $0.sequence == sequence })
    }

    /// A two-chunk capture (sequences 1 and 2) and a capture after it (sequence 3).
    func putCaptures(_ world: W) throws {
        let capture = W.uuid("cc000000", 1)
        try world.put(1, [world.transaction(1)], chunkIndex: 0, chunkCount: 2, captureID: capture)
        try world.put(2, [world.transaction(2)], chunkIndex: 1, chunkCount: 2, captureID: capture)
        try world.put(3, [world.transaction(3)])
    }

    @Test("a failing capture is retried 2, 4, 8 and 16 minutes later, never sooner, and fenced at the fifth failure")
    func retriedThenFenced() throws {
        let world = try W()
        try putCaptures(world)
        try Self.breakTransactionInserts(world)
        var attemptTime = world.now.epochSeconds

        for attempt in 1...4 {
            world.now = Timestamp.utc(epochSeconds: attemptTime)
            let report = try world.sync()

            let retryTime = attemptTime + 60 * (1 << attempt)
            let first = try batch(world, sequence: 1)
            #expect(first.status == .accepted && first.attempts == attempt, "attempt \(attempt)")
            #expect(first.retryTime == retryTime && first.errorCode == "processing_error", "attempt \(attempt)")
            let line = try #require(report.lines.first?.text)
            #expect(
                line.hasPrefix(
                    "batches/g1-0001.json: waiting: attempt \(attempt) of 5 failed (processing_error: database error: injected failure"),
                "\(line)")
            #expect(line.hasSuffix("; retry after \(Timestamp.utc(epochSeconds: retryTime).text)"), "\(line)")
            #expect(report.kinds.allSatisfy { $0 == .waiting }, "attempt \(attempt): \(report.text)")
            #expect(try world.ledger().isEmpty)
            #expect(try world.batchStatus(sequence: 2) == "accepted" && world.batchStatus(sequence: 3) == "accepted")
            #expect(try world.connection.status == .active && world.connection.nextSequence == 1)

            // A second before the retry time nothing is tried: the count stays.
            world.now = Timestamp.utc(epochSeconds: retryTime - 1)
            let early = try world.sync()
            #expect(try batch(world, sequence: 1).attempts == attempt)
            #expect(
                early.lines.first?.text == "batches/g1-0001.json: waiting: sequence 1: retry after "
                    + "\(Timestamp.utc(epochSeconds: retryTime).text) (processing_error)")
            attemptTime = retryTime
        }

        world.now = Timestamp.utc(epochSeconds: attemptTime)
        let report = try world.sync()

        #expect(report.codes == ["processing_error"])
        #expect(
            report.lines.first?.text.hasPrefix("batches/g1-0001.json: failed: processing_error: database error: injected failure") == true)
        #expect(try world.batchStatus(sequence: 1) == "failed:processing_error")
        #expect(try world.batchStatus(sequence: 2) == "revoked:stream_failed")
        #expect(try world.batchStatus(sequence: 3) == "revoked:stream_failed")
        let fenced = try world.connection
        #expect(fenced.status == .repairRequired && fenced.repairReason == "processing_error")
        #expect(fenced.credentialDigest == nil && fenced.nextSequence == 1)
        #expect(try world.ledger().isEmpty)
    }

    @Test("a retry that succeeds applies the capture, clears its error and moves on")
    func retrySucceeds() throws {
        let world = try W()
        try putCaptures(world)
        try Self.breakTransactionInserts(world)
        let failed = try world.sync()
        #expect(failed.kinds.first == .waiting)
        let retryTime = world.now.epochSeconds + 120
        try Self.heal(world)

        world.now = Timestamp.utc(epochSeconds: retryTime - 1)
        #expect(try world.sync().kinds == [.waiting, .waiting, .waiting])
        #expect(try world.ledger().isEmpty)
        world.now = Timestamp.utc(epochSeconds: retryTime)
        let report = try world.sync()

        #expect(report.kinds == [.applied, .applied], "\(report.text)")
        let first = try batch(world, sequence: 1)
        #expect(first.status == .applied && first.errorCode == nil && first.retryTime == nil)
        #expect(try world.batchStatus(sequence: 2) == "applied" && world.batchStatus(sequence: 3) == "applied")
        #expect(try world.ledger().count == 3)
        #expect(try world.connection.nextSequence == 4 && world.connection.status == .active)
    }

    @Test("a record the ledger cannot take is an import_validation failure, retried, then fenced with that code")
    func importValidationIsRetried() throws {
        let world = try W()
        // The same balance source id and instant on two accounts: the ledger's balance row of
        // that identity already belongs to the card.
        try world.put(1, [world.balance(1, account: W.card)])
        try world.put(2, [world.balance(1, account: W.cash, direction: "credit")])

        let report = try world.sync()

        #expect(report.kinds == [.applied, .waiting, .waiting], "\(report.text)")
        #expect(
            report.lines[1].text == "batches/g1-0002.json: waiting: attempt 1 of 5 failed (import_validation: balance "
                + "\(W.uuid("ba000000", 1))@2026-09-10T11:00:00Z already belongs to account \(W.card)); retry after 2026-09-10T12:32:00Z",
            "\(report.text)")
        let second = try batch(world, sequence: 2)
        #expect(second.status == .accepted && second.attempts == 1 && second.errorCode == "import_validation")
        #expect(try world.connection.status == .active && world.connection.nextSequence == 2)

        for _ in 2...5 {
            world.now = Timestamp.utc(epochSeconds: try #require(try batch(world, sequence: 2).retryTime))
            try world.sync()
        }

        #expect(try world.batchStatus(sequence: 2) == "failed:import_validation")
        #expect(try world.connection.status == .repairRequired && world.connection.repairReason == "import_validation")
        #expect(try world.balances(W.cash).isEmpty)
    }
}
