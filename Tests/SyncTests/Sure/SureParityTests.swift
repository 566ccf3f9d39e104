import Foundation
import Ledger
import SureProtocol
import Testing

@testable import LedgerStore
@testable import Sync

/// Acceptance and apply rules where purse follows Sure's own code, each test naming the Sure
/// file and function it follows.
@Suite("Sure parity: acceptance and apply")
struct SureParityTests {
    typealias W = SureWorld

    /// A ledger entry with the ID of Sure transaction `id` that Sure did not import (another
    /// source's): Sure's applier must not touch it.
    static func foreignEntry(_ world: W, _ id: Int) throws {
        let entry = Transaction(
            id: W.transactionID(id), accountID: W.card, transactionDate: Timestamp(rfc3339: "2026-08-01T10:00:00Z")!,
            transactionAmount: try Money(parsing: "5.00", currency: "USD"), creditDebitIndicator: .debit,
            transactionDescription: "Wallet", originalTransactionDescription: "WALLET", transactionType: .pointOfSale,
            status: .booked)
        _ = try world.store.transaction { try world.store.upsertTransaction(entry) }
    }

    @Test(
        "a body that is not a JSON object is invalid_payload before its connection is looked for (Sure: app/models/financekit_batch.rb, accept!)"
    )
    func notAnObject() throws {
        let world = try W(writeConfiguration: false)
        try world.write("list.json", "[]")
        let report = try world.sync()
        #expect(report.codes == ["invalid_payload"])
        #expect(report.text == "batches/list.json: refused: invalid_payload: the batch must be an object, not an array")
    }

    @Test("a sequence 100 or more ahead is inbox_full, saying so (Sure: app/models/financekit_batch.rb, accept!)")
    func sequenceTooFarAhead() throws {
        let world = try W()
        try world.write("far.json", world.batch(101, events: [], predecessor: .some(String(repeating: "0", count: 64))))
        let report = try world.sync()
        #expect(
            report.text
                == "batches/far.json: refused: inbox_full: sequence 101 is 100 or more past the next expected sequence 1 (the inbox takes sequences 1 to 100); send the batches before it first"
        )
    }

    @Test(
        "a later chunk's failure is recorded on that chunk, and the capture waits for its retry time (Sure: app/models/financekit/processor.rb, apply_next! and fail_batch!)"
    )
    func retryOnFailingChunk() throws {
        let world = try W()
        let capture = W.uuid("cc000000", 1)
        try world.put(1, [world.transaction(1)], chunkIndex: 0, chunkCount: 2, captureID: capture)
        try world.put(2, [world.transaction(2)], chunkIndex: 1, chunkCount: 2, captureID: capture)
        try world.store.connection.execute(
            """
            CREATE TEMP TRIGGER injected_failure BEFORE INSERT ON main.transactions WHEN NEW.id = '\(W.transactionID(2))'
            BEGIN SELECT RAISE(ABORT, 'injected failure'); END
            """)
        let report = try world.sync()
        let retryTime = world.now.epochSeconds + 120
        let batches = try world.store.sureBatches().sorted { $0.sequence < $1.sequence }
        #expect(batches.map(\.attempts) == [0, 1])
        #expect(batches.map(\.retryTime) == [nil, retryTime])
        #expect(batches.map(\.errorCode) == [nil, "processing_error"])
        #expect(report.lines.first?.text.hasPrefix("batches/g1-0002.json: waiting: attempt 1 of 5 failed (processing_error: ") == true)

        // Until the failing chunk's own retry time nothing is tried, even once repaired.
        try world.store.connection.execute("DROP TRIGGER temp.injected_failure")
        world.now = Timestamp.utc(epochSeconds: retryTime - 1)
        try world.sync()
        #expect(try world.ledger().isEmpty)
        world.now = Timestamp.utc(epochSeconds: retryTime)
        #expect(try world.sync().kinds == [.applied])
        #expect(try world.ledger().count == 2)
    }

    @Test(
        "a tombstone of a protected entry still marks the transaction deleted, so it cannot come back unasked (Sure: app/models/financekit/processor.rb, retract!)"
    )
    func protectedTombstone() throws {
        let world = try W()
        try world.put(1, [world.transaction(1)])
        try world.sync()
        // The entry moved to another account since: Sure's applier no longer owns it.
        try world.store.connection.execute("UPDATE transactions SET account_id = '\(W.cash)'")
        try world.put(2, [world.tombstone(1)])
        #expect(try world.sync().text == "batches/g1-0002.json: applied sequence 2: 1 review required")
        #expect(try world.conflicts().map(\.kind) == ["protected_tombstone"])
        let identity = try world.store.sureIdentity(lineageID: world.lineage(W.card), sourceID: W.transactionID(1).lowercased())
        #expect(identity?.status == "deleted" && identity?.tombstonedAt != nil)

        // Closed with retry_after_repair: after the repair the transaction shows up again.
        let connections = SureConnections(store: world.store, now: world.now)
        _ = try connections.resolve(conflictID: try #require(try world.conflicts().first).id, resolution: "retry_after_repair")
        try world.adopt(try connections.repair(world.configuration.connection.id))
        try world.put(1, [world.transaction(1)])
        #expect(try world.sync().text.hasSuffix("1 review required"))
        #expect(try world.conflicts().map(\.kind) == ["source_reappeared"])
        #expect(try world.ledger() == ["\(W.transactionID(1)) booked -123400"])
    }

    @Test(
        "a source-only status for an entry purse did not import counts as review required and as source only, and is recorded (Sure: app/models/financekit/processor.rb, import_transaction! and remove_source_only_entry!)"
    )
    func sourceOnlyOnProtectedEntry() throws {
        let world = try W()
        try Self.foreignEntry(world, 1)
        try world.put(1, [world.transaction(1, status: "rejected")])
        #expect(try world.sync().text == "batches/g1-0001.json: applied sequence 1: 1 review required, 1 source only")
        #expect(try world.conflicts().map(\.kind) == ["protected_source_update"])
        let identity = try world.store.sureIdentity(lineageID: world.lineage(W.card), sourceID: W.transactionID(1).lowercased())
        #expect(identity?.status == "rejected" && identity?.imported == false)
        #expect(try world.ledger() == ["\(W.transactionID(1)) booked -50000"])
    }

    @Test(
        "stored bytes that no longer parse fail the batch for good as import_validation (Sure: app/models/financekit/processor.rb, apply_next!)"
    )
    func unreadableStoredBytes() throws {
        let world = try W()
        try world.put(1, [world.transaction(1)])
        let first = world.inbox + "/batches/g1-0001.json"
        try FileManager.default.moveItem(atPath: first, toPath: first + ".held")
        try world.put(2, [world.transaction(2)])
        #expect(try world.sync().kinds == [.waiting])
        try world.store.connection.execute("UPDATE sure_batches SET payload = CAST('{' AS BLOB) WHERE sequence = 2")
        try FileManager.default.moveItem(atPath: first + ".held", toPath: first)
        let report = try world.sync()
        #expect(report.codes == ["import_validation"])
        #expect(
            report.lines.map(\.text).contains(
                "batches/g1-0002.json: failed: import_validation: the stored bytes of sequence 2 are no longer valid JSON; the connection needs 'purse sure repair \(world.configuration.connection.id)'"
            ))
        #expect(try world.batchStatus(sequence: 2) == "failed:import_validation")
        #expect(try world.connection.status == .repairRequired && world.connection.repairReason == "import_validation")
    }

    @Test(
        "an account in a currency Sure knows and ISO no longer lists (USDT, BTC) connects and imports; one only ISO lists (BOV) is refused (Sure: lib/money/currency.rb, config/currencies.yml)"
    )
    func sureCurrencies() throws {
        let world = try W()
        let connections = SureConnections(store: world.store, now: world.now)
        let request = { (currency: String) in
            SureAccountRequest(sourceAccountID: UUID().uuidString, accountableType: "Depository", currency: currency)
        }
        let usdt = try connections.connect([request("USDT")], defaultTimezone: "UTC")
        #expect(usdt.mappings.map(\.currency) == ["USDT"])
        #expect(throws: SureError(.invalidCurrency, "--currency 'BOV' is not a currency code Sure knows")) {
            _ = try connections.connect([request("BOV")], defaultTimezone: "UTC")
        }

        let bitcoin = try W(currency: "BTC")
        try bitcoin.put(1, [bitcoin.accountUpsert(currency: "BTC"), bitcoin.transaction(1, amount: "0.0042", currency: "BTC")])
        #expect(try bitcoin.sync().kinds == [.applied])
        #expect(try bitcoin.ledger() == ["\(W.transactionID(1)) booked -42"])
    }
}
