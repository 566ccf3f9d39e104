import Analytics
import Foundation
import Ledger
import SureProtocol
import Testing

@testable import LedgerStore
@testable import Sync

/// Applying captures: chunks, replay, gaps, the predecessor chain and repair,
/// event effects, conflicts and their resolutions.
@Suite("Sure apply")
struct SureApplyTests {
    typealias W = SureWorld

    @Test("a first batch imports accounts, balances and transactions with purse's signs")
    func firstBatch() throws {
        let world = try W()
        try world.put(
            1,
            [
                world.accountUpsert(name: "My Card"), world.balance(1, amount: "112.66", direction: "debit"),
                world.transaction(1, amount: "12.34", direction: "debit"),
                world.transaction(2, account: W.cash, amount: "50.00", direction: "credit"),
            ])
        let report = try world.sync()
        #expect(report.kinds == [.applied])
        #expect(report.text == "batches/g1-0001.json: applied sequence 1: 2 upserted, 1 balances, 1 accounts")
        #expect(try world.ledger() == ["\(W.transactionID(1)) booked -123400", "\(W.transactionID(2)) booked 500000"])
        #expect(try world.balances() == [-1_126_600])
        #expect(try world.store.connection.scalarText("SELECT display_name FROM accounts WHERE id = ?", [.text(W.card)]) == "My Card")
        let connection = try world.connection
        #expect(connection.nextSequence == 2)
        #expect(connection.predecessorDigest == world.digests[1])
        #expect(try world.batchStatus(sequence: 1) == "applied")
    }

    @Test("replay: the same bytes again give the same receipt and change nothing")
    func replay() throws {
        let world = try W()
        try world.put(1, [world.transaction(1)])
        try world.sync()
        let before = try world.store.sureBatches()
        let again = try world.sync()
        #expect(again.lines.isEmpty)
        #expect(try world.store.sureBatches() == before)
        // The same bytes under another file name are the same batch.
        try world.write("copy.json", try String(contentsOfFile: world.inbox + "/batches/g1-0001.json", encoding: .utf8))
        #expect(try world.sync().lines.isEmpty)
        #expect(try world.store.sureBatches().count == 1)
    }

    @Test("a chunked capture is applied only when complete, in one transaction")
    func chunks() throws {
        let world = try W()
        let capture = W.uuid("cc000000", 1)
        try world.put(1, [world.transaction(1)], chunkIndex: 0, chunkCount: 3, captureID: capture)
        var report = try world.sync()
        #expect(report.kinds == [.waiting])
        #expect(report.text.contains("1 of 3 chunks received"))
        try world.put(2, [world.transaction(2)], chunkIndex: 1, chunkCount: 3, captureID: capture)
        #expect(try world.sync().kinds == [.waiting, .waiting])
        #expect(try world.ledger().isEmpty)
        try world.put(3, [world.transaction(3)], chunkIndex: 2, chunkCount: 3, captureID: capture)
        report = try world.sync()
        #expect(
            report.text
                == "batches/g1-0001.json, batches/g1-0002.json, batches/g1-0003.json: applied sequences 1-3 (one capture of 3 chunks): 3 upserted"
        )
        #expect(try world.ledger().count == 3)
        #expect(try world.connection.nextSequence == 4)
        #expect(try world.connection.predecessorDigest == world.digests[3])
    }

    @Test("a chunk that fails re-validation rolls the whole capture back")
    func chunkRollback() throws {
        let world = try W()
        let capture = W.uuid("cc000000", 1)
        try world.put(1, [world.transaction(1)], chunkIndex: 0, chunkCount: 2, captureID: capture)
        try world.put(
            2, [world.transaction(2)], chunkIndex: 1, chunkCount: 2, captureID: capture,
            predecessor: .some(String(repeating: "1", count: 64)))
        let report = try world.sync()
        #expect(report.codes == ["predecessor_conflict"])
        #expect(try world.ledger().isEmpty)
        #expect(try world.batchStatus(sequence: 1) == "revoked:stream_failed")
        #expect(try world.batchStatus(sequence: 2) == "failed:predecessor_conflict")
        #expect(try world.connection.nextSequence == 1)
    }

    @Test("gaps wait: later sequences are accepted and applied once the gap fills")
    func gaps() throws {
        let world = try W()
        let first = world.batch(1, events: [world.transaction(1)])
        world.digests[1] = SHA256.hexDigest(Array(first.utf8))
        try world.put(2, [world.transaction(2)])
        try world.put(3, [world.transaction(3)])
        let waiting = try world.sync()
        #expect(waiting.kinds == [.waiting, .waiting])
        #expect(waiting.text.contains("the next sequence to apply is 1"))
        #expect(try world.ledger().isEmpty)
        try world.write("g1-0001.json", first)
        let applied = try world.sync()
        #expect(applied.kinds == [.applied, .applied, .applied])
        #expect(try world.ledger().count == 3)
    }

    @Test("a chunk that arrives before its sibling waits unstored, and its capture applies when the sibling arrives")
    func earlyChunk() throws {
        let world = try W()
        let capture = W.uuid("cc000000", 1)
        let first = world.batch(1, events: [world.transaction(1)], captureID: capture, chunkIndex: 0, chunkCount: 3)
        world.digests[1] = SHA256.hexDigest(Array(first.utf8))
        try world.put(2, [world.transaction(2)], chunkIndex: 1, chunkCount: 3, captureID: capture)
        try world.put(3, [world.transaction(3)], chunkIndex: 2, chunkCount: 3, captureID: capture)
        let early = try world.sync()
        #expect(early.codes.isEmpty && early.problems == 0)
        #expect(
            early.text == """
                batches/g1-0002.json: waiting: sequence 2: chunk 2 of 3 of capture \(capture) came before the chunks at sequence 1; it is taken when they arrive
                batches/g1-0003.json: waiting: sequence 3: chunk 3 of 3 of capture \(capture) came before the chunks at sequences 1-2; it is taken when they arrive
                """)
        #expect(try world.store.sureBatches().isEmpty)
        #expect(try world.ledger().isEmpty)
        try world.write("g1-0001.json", first)
        let applied = try world.sync()
        #expect(applied.kinds == [.applied], "\(applied.text)")
        #expect(try world.ledger().count == 3)
    }

    @Test("an early chunk whose sibling can no longer arrive is capture_conflict")
    func earlyChunkWithoutPlace() throws {
        let world = try W()
        // Sequence 2 is taken by a capture of its own, waiting for sequence 1.
        let first = world.batch(1, events: [world.transaction(1)])
        world.digests[1] = SHA256.hexDigest(Array(first.utf8))
        try world.put(2, [world.transaction(2)])
        #expect(try world.sync().kinds == [.waiting])
        try world.put(3, [world.transaction(3)], chunkIndex: 1, chunkCount: 2, captureID: W.uuid("cc000000", 3))
        #expect(try world.sync().codes == ["capture_conflict"])
        // A chunk 1 at sequence 1 has no place for its chunk 0 at all.
        let other = try W()
        try other.put(1, [other.transaction(1)], chunkIndex: 1, chunkCount: 2)
        #expect(try other.sync().codes == ["capture_conflict"])
    }

    @Test("a wrong predecessor fails the batch, fences the connection; repair opens a new generation")
    func predecessorAndRepair() throws {
        let world = try W()
        try world.put(1, [world.transaction(1)])
        try world.put(2, [world.transaction(2)], predecessor: .some(String(repeating: "f", count: 64)))
        try world.put(3, [world.transaction(3)])
        let report = try world.sync()
        #expect(report.kinds == [.applied, .failed, .note])
        #expect(report.codes == ["predecessor_conflict"])
        #expect(report.lines.last?.text == "batches/g1-0003.json: revoked: stream_failed (sequence 3)")
        let fenced = try world.connection
        #expect(fenced.status == .repairRequired)
        #expect(fenced.repairReason == "predecessor_conflict")
        #expect(fenced.credentialDigest == nil)
        #expect(try world.batchStatus(sequence: 2) == "failed:predecessor_conflict")
        #expect(try world.batchStatus(sequence: 3) == "revoked:stream_failed")
        // Still failed on the next run: exit 65 until repaired.
        #expect(try world.sync().kinds.contains(.failed))

        let repaired = try SureConnections(store: world.store, now: world.now).repair(fenced.id)
        #expect(repaired.connection.generation == 2)
        #expect(repaired.connection.streamID != fenced.streamID)
        #expect(repaired.connection.status == .active)
        #expect(repaired.connection.nextSequence == 1)
        #expect(try world.batchStatus(sequence: 2, generation: 1) == "revoked:generation_replaced")
        try world.adopt(repaired)
        try world.put(1, [world.transaction(2)])
        try world.put(2, [world.transaction(3)])
        let after = try world.sync()
        #expect(after.kinds == [.applied, .applied], "\(after.text)")
        #expect(try world.ledger().count == 3)
    }

    @Test("stale capture: a capture older than the last applied one fails")
    func staleCapture() throws {
        let world = try W()
        try world.put(1, [], capturedAt: "2026-09-10T12:00:00Z")
        try world.put(2, [], capturedAt: "2026-09-10T11:00:00+00:00")
        #expect(try world.sync().codes == ["stale_capture"])
    }

    @Test("pending to booked keeps the transaction and its date; rejected leaves the ledger")
    func statuses() throws {
        let world = try W()
        try world.put(1, [world.transaction(1, status: "pending", at: "2026-09-01T06:00:00Z"), world.transaction(2, status: "memo")])
        try world.put(2, [world.transaction(1, status: "booked", at: "2026-09-02T06:00:00Z")])
        let report = try world.sync()
        #expect(report.text.contains("1 upserted, 1 source only"))
        #expect(try world.ledger() == ["\(W.transactionID(1)) booked -123400"])
        #expect(try world.store.connection.scalarText("SELECT transaction_date FROM transactions") == "2026-09-01T06:00:00Z")
        try world.put(3, [world.transaction(1, status: "rejected")])
        try world.sync()
        #expect(try world.ledger().isEmpty)
    }

    @Test("omission deletes nothing, even from a complete snapshot")
    func omission() throws {
        let world = try W()
        try world.put(1, [world.transaction(1), world.transaction(2)])
        try world.write("g1-0002.json", world.batch(2, events: [world.transaction(1)], mode: "snapshot", complete: true), sequence: 2)
        try world.sync()
        #expect(try world.ledger().count == 2)
    }

    @Test("a tombstone retracts; the identity reappearing opens source_reappeared and is not re-imported")
    func tombstoneAndReappearance() throws {
        let world = try W()
        try world.put(1, [world.transaction(1), world.transaction(2)])
        try world.put(2, [world.tombstone(1)])
        var report = try world.sync()
        #expect(report.text.contains("1 retracted"))
        #expect(try world.ledger() == ["\(W.transactionID(2)) booked -123400"])
        try world.put(3, [world.transaction(1)])
        report = try world.sync()
        #expect(report.text.contains("1 review required"))
        #expect(try world.ledger().count == 1)
        let conflicts = try world.conflicts()
        #expect(conflicts.map(\.kind) == ["source_reappeared"])
        // Still under review: no second conflict.
        try world.put(4, [world.transaction(1)])
        try world.sync()
        #expect(try world.conflicts().count == 1)
        // keep_sure settles it for good.
        _ = try SureConnections(store: world.store, now: world.now).resolve(conflictID: conflicts[0].id, resolution: "keep_sure")
        try world.put(5, [world.transaction(1)])
        report = try world.sync()
        #expect(report.text.contains("1 settled"))
        #expect(try world.ledger().count == 1)
        #expect(try world.conflicts().isEmpty)
    }

    @Test("source_reappeared resolved retry_after_repair imports after the repair")
    func reappearanceRetry() throws {
        let world = try W()
        try world.put(1, [world.transaction(1)])
        try world.put(2, [world.tombstone(1)])
        try world.put(3, [world.transaction(1)])
        try world.sync()
        let conflict = try #require(try world.conflicts().first)
        let connections = SureConnections(store: world.store, now: world.now)
        _ = try connections.resolve(conflictID: conflict.id, resolution: "retry_after_repair")
        #expect(try world.connection.status == .repairRequired)
        #expect(try world.connection.repairReason == "conflict_retry_requested")
        #expect(throws: SureError.self) { try connections.resolve(conflictID: conflict.id, resolution: "keep_sure") }
        try world.adopt(try connections.repair(world.configuration.connection.id))
        try world.put(1, [world.transaction(1)])
        try world.sync()
        #expect(try world.ledger().count == 1)
    }

    @Test("a disagreeing balance opens one conflict, ingestion goes on; keep_sure settles it")
    func balanceConflictKeepSure() throws {
        let world = try W()
        try world.put(1, [world.balance(1, amount: "100.00")])
        try world.put(2, [world.balance(1, amount: "200.00"), world.transaction(1)])
        let report = try world.sync()
        #expect(report.kinds == [.applied, .applied])
        #expect(try world.balances() == [-1_000_000])
        #expect(try world.ledger().count == 1)
        let conflict = try #require(try world.conflicts().first)
        #expect(conflict.kind == "balance_observation_conflict")
        #expect(
            conflict.details
                == #"{"source_id":"ba000000-0000-4000-8000-000000000001","kind":"booked","observed_at":"2026-09-10T11:00:00Z"}"#)
        #expect(try world.connection.status == .active)
        // The same instant spelled otherwise is the same observation: still one conflict.
        try world.put(3, [world.balance(1, at: "2026-09-10T12:00:00+01:00", amount: "300.00")])
        try world.sync()
        #expect(try world.conflicts().count == 1)
        _ = try SureConnections(store: world.store, now: world.now).resolve(conflictID: conflict.id, resolution: "keep_sure")
        try world.put(4, [world.balance(1, amount: "200.00")])
        #expect(try world.sync().text.contains("1 settled"))
        #expect(try world.conflicts().isEmpty)
        #expect(try world.balances() == [-1_000_000])
    }

    @Test("a balance conflict resolved retry_after_repair drops the stored observation; the new one imports after repair")
    func balanceConflictRetry() throws {
        let world = try W()
        try world.put(1, [world.balance(1, amount: "100.00")])
        try world.put(2, [world.balance(1, amount: "200.00")])
        try world.put(3, [world.transaction(1)], capturedAt: "2026-09-10T12:01:00Z")
        try world.sync()
        #expect(try world.ledger().count == 1)
        let conflict = try #require(try world.conflicts().first)
        let connections = SureConnections(store: world.store, now: world.now)
        _ = try connections.resolve(conflictID: conflict.id, resolution: "retry_after_repair")
        #expect(try world.balances().isEmpty)
        #expect(try world.connection.status == .repairRequired)
        try world.adopt(try connections.repair(world.configuration.connection.id))
        try world.put(1, [world.balance(1, amount: "200.00")])
        try world.sync()
        #expect(try world.balances() == [-2_000_000])
    }

    @Test("the newest booked observation is the balance; available never replaces it")
    func balanceKinds() throws {
        let world = try W()
        try world.put(
            1,
            [
                world.balance(1, account: W.cash, at: "2026-09-10T10:00:00Z", amount: "50.00", direction: "credit"),
                world.balance(2, account: W.cash, kind: "available", at: "2026-09-10T11:30:00Z", amount: "70.00", direction: "credit"),
                world.balance(3, account: W.cash, at: "2026-09-09T10:00:00Z", amount: "40.00", direction: "credit"),
            ])
        #expect(try world.sync().text.contains("3 balances"))
        #expect(try world.balances(W.cash) == [400_000, 500_000])
        let summary = try world.store.accountSummaries().first { $0.account.id == W.cash }
        #expect(summary != nil)
    }

    @Test("account_unavailable sets a flag and deletes nothing; an upsert clears it")
    func unavailable() throws {
        let world = try W()
        try world.put(1, [world.transaction(1), world.balance(1)])
        try world.put(2, [world.unavailable()])
        try world.sync()
        var mapping = try world.store.sureMappings(connectionID: world.configuration.connection.id).first { $0.accountID == W.card }
        #expect(mapping?.unavailableAt == world.now.text)
        #expect(try world.ledger().count == 1)
        #expect(try world.balances().count == 1)
        try world.put(3, [world.accountUpsert()])
        try world.sync()
        mapping = try world.store.sureMappings(connectionID: world.configuration.connection.id).first { $0.accountID == W.card }
        #expect(mapping?.unavailableAt == nil)
    }

    @Test("disconnect retain keeps everything; discard purges what the connection brought in")
    func disconnects() throws {
        let retained = try W()
        try retained.put(1, [retained.transaction(1), retained.balance(1)])
        try retained.put(3, [retained.transaction(3)], predecessor: .some(String(repeating: "0", count: 64)))
        try retained.sync()
        let record = try SureConnections(store: retained.store, now: retained.now).disconnect(
            retained.configuration.connection.id, disposition: "retain")
        #expect(record.status == .revoked)
        #expect(record.purgeRequestedAt == nil)
        #expect(try retained.ledger().count == 1)
        #expect(try retained.batchStatus(sequence: 3) == "revoked:connection_revoked")

        let discarded = try W()
        try discarded.put(1, [discarded.transaction(1), discarded.balance(1)])
        try discarded.sync()
        let connections = SureConnections(store: discarded.store, now: discarded.now)
        #expect(throws: SureError(.invalidDisposition, "disposition must be retain or discard, not 'delete'")) {
            try connections.disconnect(discarded.configuration.connection.id, disposition: "delete")
        }
        #expect(try discarded.connection.status == .active)
        let purged = try connections.disconnect(discarded.configuration.connection.id, disposition: "discard")
        #expect(purged.purgeRequestedAt == discarded.now.text)
        #expect(purged.purgeCompletedAt == discarded.now.text)
        #expect(try discarded.ledger().isEmpty)
        #expect(try discarded.balances().isEmpty)
        #expect(try discarded.store.connection.scalarInt("SELECT count(*) FROM accounts") == 0)
        #expect(try discarded.store.connection.scalarInt("SELECT count(*) FROM sure_transactions") == 0)
    }

    @Test("payload bytes of settled batches are dropped after 7 days; digests and receipts stay")
    func retention() throws {
        let world = try W()
        try world.put(1, [world.transaction(1)])
        try world.sync()
        var batch = try #require(try world.store.sureBatches().first)
        #expect(batch.hasPayload)
        world.now = Timestamp.utc(epochSeconds: world.now.epochSeconds + 7 * 86_400 - 1)
        try world.sync()
        #expect(try world.store.sureBatches().first?.hasPayload == true)
        world.now = Timestamp.utc(epochSeconds: world.now.epochSeconds + 2)
        // A replay after the bytes are gone still finds the receipt by digest.
        let replay = try world.sync()
        #expect(replay.lines.isEmpty)
        batch = try #require(try world.store.sureBatches().first)
        #expect(!batch.hasPayload)
        #expect(batch.status == .applied)
        #expect(batch.payloadDigest == world.digests[1])
    }

    @Test("an unknown connection.json is adopted, and its batches apply")
    func adoption() throws {
        let world = try W()
        try world.put(1, [world.transaction(1)])
        let other = try LedgerStore(
            path: world.folder.file("other.sqlite"), mode: .create(keeper: ClassificationKeeper(base: ReportTimeZone(identifier: "UTC")!)),
            now: world.now)
        let report = try SureInbox(path: world.inbox).sync(store: other, now: world.now)
        #expect(report.kinds == [.note, .applied])
        #expect(
            try other.sureConnection(id: world.configuration.connection.id)?.credentialDigest
                == world.configuration.credential.map { SureCredential(text: $0).digest })
        #expect(try other.connection.scalarInt("SELECT count(*) FROM transactions") == 1)
    }

    @Test("rotating the credential refuses the old one")
    func rotation() throws {
        let world = try W()
        let rotated = try SureConnections(store: world.store, now: world.now).rotateCredential(world.configuration.connection.id)
        #expect(rotated.connection.streamID == world.configuration.connection.streamID)
        try world.put(1, [])
        #expect(try world.sync().codes == ["publisher_unauthorized"])
        try world.adopt(rotated)
        try world.put(1, [])
        #expect(try world.sync().kinds == [.applied])
    }
}
