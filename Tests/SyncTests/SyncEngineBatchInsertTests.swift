import Ledger
import LedgerStore
import PurseTestSupport
import Testing

@testable import Sync

/// A change set's new transactions are inserted many to a statement (`insertTransactions`): the
/// ledger, the counts and the order of the rows must be what a row at a time gives.
@Suite struct SyncEngineBatchInsertTests {
    private static func transaction(_ number: Int, amount: String) -> String {
        ExportFixture.transaction(ID.transaction(number), account: ID.checking, amount: amount)
    }

    @Test func aLongChangeSetWithRepeatedAndStoredIDsEndsAsARowAtATimeWould() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        // 150 new rows across four statements (64, 64, 16, 8); a stored row changed in the
        // first, and in the third a row the first inserted, now with another amount.
        var inserted = (100..<250).map { Self.transaction($0, amount: "5.00") }
        inserted.insert(Self.transaction(1, amount: "11.00"), at: 10)
        inserted.insert(Self.transaction(150, amount: "99.00"), at: 140)
        let stream = "transactions/" + ID.checking
        try world.export.append(stream, ExportFixture.changeSet("G1", 2, inserted: inserted))

        let report = try world.sync()

        #expect(report.failures.isEmpty)
        #expect(report.summary(stream)?.counts == [1, 150, 2, 0])
        // Rows stored in the change set's order, after the two synced before.
        let order = try world.rows("SELECT id FROM transactions WHERE account_id = ? ORDER BY row_id", [.text(ID.checking)])
        #expect(order == ([1, 2] + Array(100..<250)).map { [ID.transaction($0)] })
        let amounts = Dictionary(uniqueKeysWithValues: try world.transactions(of: ID.checking).map { ($0.id, $0.transactionAmount.units) })
        #expect(amounts[ID.transaction(1)] == 110_000)
        #expect(amounts[ID.transaction(150)] == 990_000)
        #expect(amounts[ID.transaction(149)] == 50_000)
        #expect(amounts[ID.transaction(249)] == 50_000)
        #expect(try world.rows("SELECT count(*) FROM transactions") == [["154"]])
    }
}
