import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

@testable import Analytics

/// The month's double charges, first charges and spikes are found from rows the series' read of
/// twelve months hands on: they must be the ones a read of their own finds, and the ones the
/// keeper's pass finds as it reads every transaction whole.
@Suite("Anomalies from the rows of the series' read")
struct AnomalyMonthChargesTests {
    typealias F = ExportFixture
    static let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    static let month = YearMonth(year: 2026, month: 10)
    static let utc = ReportTimeZone(identifier: "UTC")!

    /// Two cards, one a day ahead of UTC (Kiritimati, UTC+14): weekly groceries from March, whose
    /// October is a spike with a refund and a split in it; a refund in July; a double charge,
    /// another one dismissed; a first charge from a jeweller, then a second; an airline charged
    /// before the three months and again in October; a transfer and a deposit in October; and
    /// rows either side of the three months' first instant in the card ahead of UTC.
    static func ledger(_ folder: TemporaryFolder) throws -> LedgerStore {
        let export = try ExportFixture(in: folder.url)
        let store = try LedgerStore(
            path: folder.file("kept.sqlite"), mode: .create(keeper: ClassificationKeeper(base: utc)), now: now)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("CARD", kind: "liability", name: "Card"), F.account("AHEAD", kind: "liability", name: "Ahead"),
                    F.account("BANK", name: "Bank"),
                ]))
        var rows: [String] = []
        var day = CivilDate(iso: "2026-03-02")!
        var week = 0
        while day < CivilDate(iso: "2026-11-01")! {
            let amount = YearMonth(day) == month ? "300.00" : "100.00"
            rows.append(
                F.transaction("GROCER-\(week)", account: "CARD", date: "\(day)T15:00:00Z", amount: amount, merchant: "Grocer"))
            day = day.adding(days: 7)
            week += 1
        }
        func row(
            _ id: String, _ account: String, _ date: String, _ amount: String, _ merchant: String, mcc: Int = 5411,
            indicator: String = "debit"
        ) -> String {
            F.transaction(id, account: account, date: date, amount: amount, indicator: indicator, mcc: mcc, merchant: merchant)
        }
        rows += [
            row("REFUND-JUL", "CARD", "2026-07-14T10:00:00Z", "30.00", "Grocer", indicator: "credit"),
            row("REFUND-OCT", "CARD", "2026-10-20T10:00:00Z", "45.00", "Grocer", indicator: "credit"),
            row("COFFEE-1", "CARD", "2026-10-05T08:00:00Z", "4.50", "Coffee", mcc: 5814),
            row("COFFEE-2", "CARD", "2026-10-05T08:05:00Z", "4.50", "Coffee", mcc: 5814),
            row("BAKERY-1", "CARD", "2026-10-06T08:00:00Z", "7.25", "Bakery", mcc: 5462),
            row("BAKERY-2", "CARD", "2026-10-06T08:04:00Z", "7.25", "Bakery", mcc: 5462),
            row("JEWEL", "CARD", "2026-10-10T12:00:00Z", "500.00", "Jeweller", mcc: 5944),
            row("JEWEL-2", "CARD", "2026-10-20T12:00:00Z", "600.00", "Jeweller", mcc: 5944),
            row("AIR-APR", "CARD", "2026-04-10T12:00:00Z", "300.00", "Airline", mcc: 4511),
            row("AIR-OCT", "CARD", "2026-10-15T12:00:00Z", "400.00", "Airline", mcc: 4511),
            // The evening before October in this card's zone, already October in the other's.
            row("KIOSK-SEP", "CARD", "2026-09-30T20:00:00Z", "2.00", "Kiosk", mcc: 7299),
            F.transaction("MOVE-OCT", account: "CARD", date: "2026-10-08T12:00:00Z", amount: "250.00", type: "transfer", mcc: nil),
        ]
        let ahead = [
            // 02:00 on 1 July where the card is, before the three months anywhere else.
            row("AHEAD-JUL", "AHEAD", "2026-06-30T12:00:00Z", "900.00", "Fuel", mcc: 5541),
            // 23:00 on 30 June where the card is: before its three months.
            row("AHEAD-JUN", "AHEAD", "2026-06-30T09:00:00Z", "800.00", "Fuel", mcc: 5541),
            row("AHEAD-OCT", "AHEAD", "2026-10-03T12:00:00Z", "2000.00", "Fuel", mcc: 5541),
            row("AHEAD-SEP", "AHEAD", "2026-09-03T12:00:00Z", "100.00", "Fuel", mcc: 5541),
        ]
        try export.append("transactions/CARD", F.changeSet("T", 1, snapshot: true, inserted: rows))
        try export.append("transactions/AHEAD", F.changeSet("A", 1, snapshot: true, inserted: ahead))
        let deposit = F.transaction(
            "PAY-OCT", account: "BANK", date: "2026-10-09T12:00:00Z", amount: "75.00", indicator: "credit", type: "directDeposit",
            mcc: nil, merchant: "Employer")
        try export.append("transactions/BANK", F.changeSet("B", 1, snapshot: true, inserted: [deposit]))
        let synced = try SyncEngine(store: store, now: now).sync(WalletExportSource(path: export.path))
        try #require(synced.failures.isEmpty)
        try store.transaction {
            try store.saveAccountSettings(AccountSettings(accountID: "AHEAD", timeZone: "Pacific/Kiritimati"), now: now)
            try store.saveTransactionOverride(
                TransactionOverride(
                    transactionID: "GROCER-\(week - 2)",
                    split: [.init(category: "Groceries", amount: 2_000_000), .init(category: "Home", amount: 1_000_000)]),
                now: now)
            var dismissed = TransactionOverride(transactionID: "BAKERY-2")
            dismissed.isNotAnomaly = true
            try store.saveTransactionOverride(dismissed, now: now)
        }
        try #require(try store.classificationStatus()?.isCurrent == true)
        return store
    }

    static func lines(_ anomalies: [AnomalyReport.Anomaly]) -> [String] {
        anomalies.map {
            "\($0.kind) \($0.date) \($0.accountName) \($0.merchant) \($0.category) \($0.amount) \($0.baseline.map(String.init) ?? "-") "
                + $0.transactionID
        }
    }

    static func lines(_ store: LedgerStore, holding: Int = RecurringAnalysis.heldChargesLimit) throws -> [String] {
        let accounts = try ReportAccounts(store: store, base: utc)
        return lines(
            try AnomalyAnalysis.report(
                store, month: month, accounts: accounts, today: month.lastDay, seriesAsOf: month.lastDay, holding: holding
            ).report.anomalies)
    }

    @Test(
        "the rows handed on by the series' read give the anomalies a read of their own gives, and the keeper's pass, in zones a day apart"
    )
    func sharedEqualsOwnRead() throws {
        let folder = try TemporaryFolder()
        let store = try Self.ledger(folder)
        let shared = try Self.lines(store)
        #expect(shared == (try Self.lines(store, holding: 0)))
        #expect(shared == (try Self.lines(try RecurringStoredReadingTests.passCopy(store, folder))))
        // Each kind is there, so that the reads are compared on something: October's groceries
        // less its refund against July's (less its own), August's and September's; the fuel of
        // 1 July where the card is counts in July, that of 30 June in no month.
        #expect(
            shared == [
                "spike 2026-10-04   Fuel & Car 20000000 3333300 ",
                "spike 2026-10-04  Fuel  20000000 3333300 ",
                "doubleCharge 2026-10-05 Card Coffee Dining 45000 45000 COFFEE-2",
                "missed 2026-10-05 Card Grocer Groceries 1000000 - ",
                "newMerchant 2026-10-10 Card Jeweller Shopping 5000000 - JEWEL",
                "spike 2026-10-26   Groceries 10622500 4233300 ",
                "spike 2026-10-26  Grocer  11550000 4233300 ",
            ])
    }

    @Test(
        "the summary's month from the rows the series' read hands on is the keeper's pass's, with the digests it remembers, in zones a day apart"
    )
    func summaryFromSharedRows() throws {
        let folder = try TemporaryFolder()
        let store = try Self.ledger(folder)
        let pass = try RecurringStoredReadingTests.passCopy(store, folder)
        func lines(_ store: LedgerStore, _ month: YearMonth) throws -> [String] {
            let accounts = try ReportAccounts(store: store, base: Self.utc)
            let summary = try SummaryAnalysis.report(store, month: month, accounts: accounts, now: Self.now)
            return ["\(summary.report.currencies)"]
                + summary.records.map { "\($0.month) \($0.digest) \($0.totals.map { "\($0)" }.sorted())" }
        }
        for month in [Self.month, Self.month.adding(months: -3)] {
            let shared = try lines(store, month)
            #expect(shared == (try lines(pass, month)), "\(month)")
            #expect(shared.count == 2, "\(month)")
        }
        let october = try lines(store, Self.month)[0]
        // The transfer is counted in the digest only; the deposit is the month's income.
        #expect(october.contains("income: 750000, pending"))
    }

    @Test("the rows handed on carry their IDs from the first instant of the day before the month in any zone, UTC+14 included")
    func identifiedFromTheDayBefore() {
        let ahead = ReportTimeZone(identifier: "Pacific/Kiritimati")!
        for offset in -30...30 {
            let month = Self.month.adding(months: offset)
            let dayBefore = month.firstDay.adding(days: -1)
            #expect(AnomalyAnalysis.MonthCharges.identifiedFrom(month) <= ahead.startOfDay(dayBefore), "\(month)")
            // Not a week of rows earlier: the months before keep their IDs to themselves.
            #expect(AnomalyAnalysis.MonthCharges.identifiedFrom(month) > Self.utc.startOfDay(dayBefore.adding(days: -7)), "\(month)")
        }
    }

    @Test("the summary's anomalies are the report's, read once with its series")
    func summaryEqualsReport() throws {
        let folder = try TemporaryFolder()
        let store = try Self.ledger(folder)
        let accounts = try ReportAccounts(store: store, base: Self.utc)
        let summary = try SummaryAnalysis.report(store, month: Self.month, accounts: accounts, now: Self.now).report
        let report = try AnomalyAnalysis.report(store, month: Self.month, accounts: accounts, today: CivilDate(iso: "2026-11-15")!)
        #expect(Self.lines(summary.anomalies) == Self.lines(report.anomalies))
        #expect(!report.anomalies.isEmpty)
    }

    /// A stored read finds each merchant's and category's sums by the numbers of their spellings:
    /// two spellings Swift takes as one name (a composed and a decomposed é) must still sum as
    /// one, as must a merchant charged in two currencies alternately, each currency on its own.
    @Test("merchants spelled two ways, and a merchant charged in two currencies, sum as the keeper's pass sums them")
    func spellingsSumAsNames() throws {
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        let store = try LedgerStore(
            path: folder.file("kept.sqlite"), mode: .create(keeper: ClassificationKeeper(base: Self.utc)), now: Self.now)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CARD", kind: "liability", name: "Card")]))
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        var rows: [String] = []
        for (index, month) in ["07", "08", "09", "10"].enumerated() {
            let october = month == "10"
            rows += [
                F.transaction(
                    "CAFE-\(month)", account: "CARD", date: "2026-\(month)-04T12:00:00Z", amount: october ? "400.00" : "100.00",
                    mcc: 5814, merchant: october ? decomposed : composed),
                F.transaction(
                    "SHOP-USD-\(month)", account: "CARD", date: "2026-\(month)-0\(5 + index)T12:00:00Z",
                    amount: october ? "300.00" : "50.00", mcc: 5311, merchant: "Shop"),
                F.transaction(
                    "SHOP-EUR-\(month)", account: "CARD", date: "2026-\(month)-1\(5 + index)T12:00:00Z", amount: "10.00",
                    currency: "EUR", mcc: 5311, merchant: "Shop"),
            ]
        }
        try export.append("transactions/CARD", F.changeSet("T", 1, snapshot: true, inserted: rows))
        let synced = try SyncEngine(store: store, now: Self.now).sync(WalletExportSource(path: export.path))
        try #require(synced.failures.isEmpty)
        try #require(try store.classificationStatus()?.isCurrent == true)
        let shared = try Self.lines(store)
        #expect(shared == (try Self.lines(store, holding: 0)))
        #expect(shared == (try Self.lines(try RecurringStoredReadingTests.passCopy(store, folder))))
        // The café's October is a rise from its three months under the other spelling, shown
        // under the first; it is no first charge. Only the dollars at the shop rose. Both monthly
        // series end in September at the price they had.
        #expect(
            shared == [
                "missed 2026-10-04 Card \(composed) Dining 1000000 - ",
                "spike 2026-10-04   Dining 4000000 1000000 ",
                "spike 2026-10-04  \(composed)  4000000 1000000 ",
                "missed 2026-10-07 Card Shop Shopping 500000 - ",
                "spike 2026-10-08   Shopping 3000000 500000 ",
                "spike 2026-10-08  Shop  3000000 500000 ",
            ])
    }
}
