import Ledger
import LedgerStore
import PurseTestSupport
import Testing

@testable import Sync

/// A sync adds up the spending summary of the rows it inserts classified and writes it once per
/// commit, with the `sum_inserted` trigger dropped meanwhile (`LedgerStore.transactionSummingInserts`): the
/// summary must be what the rows sum to, and the trigger must be back for every other writer. So
/// must `pack_inserted`, dropped with it: the charge packs of the times inserted are deleted
/// instead, and packed again after the sync.
@Suite struct SyncEngineInsertSumsTests {
    private static let triggerSQL = "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name IN ('sum_inserted', 'pack_inserted')"

    private static func row(
        _ number: Int, account: String = ID.checking, date: String = "2026-10-03T12:34:56-04:00", amount: String = "5.00",
        currency: String = "USD", indicator: String = "debit", status: String = "booked", type: String = "pointOfSale",
        mcc: Int? = 5411, merchant: String? = "Whole Foods Market"
    ) -> String {
        ExportFixture.transaction(
            ID.transaction(number), account: account, date: date, amount: amount, currency: currency, indicator: indicator,
            status: status, type: type, mcc: mcc, merchant: merchant)
    }

    /// The summary's row of one month, account, MCC and currency: spent, refunded, count.
    private static func sums(
        _ world: SyncWorld, month: YearMonth, account: String, mcc: Int?, currency: String = "USD"
    ) throws -> (spent: Int64, refunded: Int64, count: Int)? {
        try world.store.spendingSummary(accountIDs: [account], first: month, last: month, currencies: [currency])
            .first { $0.merchantCategoryCode == mcc }
            .map { (try $0.spent, try $0.refunded, $0.count) }
    }

    @Test func aSyncsInsertsAreSummedAsTheTriggerWouldAndTheTriggerIsBack() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let trigger = try world.rows(Self.triggerSQL)
        try #require(trigger.count == 2)
        let packs = try world.rows("SELECT account_id, bucket, charges FROM charge_packs")
        try #require(packs.count == 2 * 18)
        let october = YearMonth(year: 2026, month: 10)
        let september = YearMonth(year: 2026, month: 9)

        // Expenses of two months, MCCs and currencies; a refund; income (queued, not classified
        // at insert: it might be the other side of a transfer); a pending charge; a transfer; a
        // row updated and one deleted by a later change set of the same commit; more than one
        // insert statement's worth.
        var inserted = (100..<170).map { Self.row($0) }
        inserted += [
            Self.row(200, date: "2026-09-14T10:00:00-04:00", amount: "12.34"),
            Self.row(201, amount: "7.00", mcc: nil, merchant: nil),
            Self.row(202, amount: "9.50", currency: "EUR"),
            Self.row(203, account: ID.checking, amount: "3.00", indicator: "credit"),
            Self.row(204, amount: "2500.00", indicator: "credit", type: "deposit", mcc: nil, merchant: nil),
            Self.row(205, amount: "80.00", status: "pending"),
            Self.row(206, amount: "100.00", type: "transfer", mcc: nil, merchant: nil),
        ]
        let stream = "transactions/" + ID.checking
        try world.export.append(stream, ExportFixture.changeSet("G1", 2, inserted: inserted))
        try world.export.append(
            stream,
            ExportFixture.changeSet("G1", 3, updated: [Self.row(100, amount: "50.00")], deleted: [ID.transaction(101)]))

        let report = try world.sync()

        #expect(report.failures.isEmpty)
        #expect(try world.store.spendingSummaryDifferences().count == 0)
        // October's pack of the checking account was deleted at the commit, and packed again with its new rows.
        #expect(try world.store.chargePackDifferences().count == 0)
        #expect(try world.rows("SELECT account_id, bucket, charges FROM charge_packs") != packs)
        #expect(try world.rows("SELECT count(*) FROM charge_packs") == [["36"]])
        // 70 rows of 5.00 and the two of the first sync (10.00, 20.00); 100 now 50.00, 101 gone;
        // the merchant's credit is a refund of the same row.
        let groceries = try #require(try Self.sums(world, month: october, account: ID.checking, mcc: 5411))
        #expect(groceries.spent == (68 * 5 + 50 + 10 + 20) * 10_000)
        #expect(groceries.refunded == 30_000)
        #expect(groceries.count == 72)
        #expect(try Self.sums(world, month: september, account: ID.checking, mcc: 5411)?.spent == 123_400)
        #expect(try Self.sums(world, month: october, account: ID.checking, mcc: nil)?.spent == 70_000)
        #expect(try Self.sums(world, month: october, account: ID.checking, mcc: 5411, currency: "EUR")?.spent == 95_000)
        #expect(try world.rows(Self.triggerSQL) == trigger)
        // The income, queued when inserted, was classified before the commit, as every row was.
        #expect(
            try world.rows("SELECT class_state, class_flow, class_category FROM transactions WHERE id = ?", [.text(ID.transaction(204))])
                == [["counted", "income", "Income"]])
        #expect(try world.rows("SELECT count(*) FROM transactions WHERE class_state IS NULL") == [["0"]])
        #expect(try world.rows("SELECT count(*) FROM classification_queue") == [["0"]])

        // The trigger sums what is inserted outside a sync again.
        try world.store.transaction {
            let outcome = try world.store.upsertTransaction(
                Transaction(
                    id: ID.transaction(300), accountID: ID.checking,
                    transactionDate: Timestamp(rfc3339: "2026-10-20T12:00:00Z")!, postedDate: nil,
                    transactionAmount: Money(units: 10_000, currency: "USD"), foreignCurrencyAmount: nil,
                    foreignCurrencyExchangeRate: nil, creditDebitIndicator: .debit, transactionDescription: "WHOLE FOODS",
                    originalTransactionDescription: "WHOLE FOODS 0001", merchantCategoryCode: 5411,
                    merchantName: "Whole Foods Market", transactionType: .pointOfSale, status: .booked))
            #expect(outcome == .inserted)
        }
        #expect(try Self.sums(world, month: october, account: ID.checking, mcc: 5411)?.count == 73)
        #expect(try world.store.spendingSummaryDifferences().count == 0)
        #expect(try world.store.chargePackDifferences().count == 0)
    }

    @Test func aSyncThatFailsLeavesTheTriggerAndTheSummaryAsTheyWere() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let trigger = try world.rows(Self.triggerSQL)
        let summary = try world.store.spendingSummary()
        // The change set's first rows are inserted and summed before the collision stops it.
        try world.export.append(
            "transactions/" + ID.card,
            ExportFixture.changeSet(
                "G1", 2, inserted: (100..<200).map { Self.row($0 == 180 ? 1 : $0, account: ID.card) }))

        let failure = try #require(BadInput(try world.syncFailure()))

        #expect(failure.field == "inserted[80]")
        #expect(try world.rows(Self.triggerSQL) == trigger)
        #expect(try world.store.spendingSummary() == summary)
        #expect(try world.store.spendingSummaryDifferences().count == 0)
        #expect(try world.store.chargePackDifferences().count == 0)
    }

    @Test func aSyncThatInsertsNothingLeavesTheSchemaAsItWas() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let version = try world.rows("PRAGMA schema_version")
        try world.export.append("transactions/" + ID.checking, ExportFixture.changeSet("G1", 2, deleted: [ID.transaction(1)]))

        let report = try world.sync()

        #expect(report.failures.isEmpty)
        #expect(try world.transactionIDs(of: ID.checking) == [ID.transaction(2)])
        #expect(try world.rows("PRAGMA schema_version") == version)
        #expect(try world.store.spendingSummaryDifferences().count == 0)
    }
}
