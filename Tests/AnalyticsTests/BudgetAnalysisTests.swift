import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

@testable import Analytics

/// A ledger in a temporary folder, filled by Sync from a Wallet export written for the test, with
/// budgets saved straight into the store: each budget rule checked on data that reached it the
/// way a user's does.
private final class BudgetWorld {
    typealias F = ExportFixture
    let folder: TemporaryFolder
    let export: ExportFixture
    let store: LedgerStore
    let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    let utc = ReportTimeZone(identifier: "UTC")!
    private var sequences: [String: Int] = [:]
    private var count = 0

    /// Accounts: CARD Apple Card (liability, USD), CASH Apple Cash (asset, USD), UK a pound account.
    init() throws {
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        store = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: ClassificationKeeper(base: ReportTimeZone(identifier: "UTC")!)),
            now: now)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("CARD", kind: "liability", name: "Apple Card"), F.account("CASH", name: "Apple Cash"),
                    F.account("UK", name: "Monzo", currency: "GBP", institution: "Monzo"),
                ]))
    }

    /// Adds transactions to an account's stream (one change set) and syncs.
    func add(_ transactions: [String], to account: String = "CARD") throws {
        let sequence = (sequences[account] ?? 0) + 1
        sequences[account] = sequence
        try export.append("transactions/\(account)", F.changeSet("T", sequence, snapshot: sequence == 1, inserted: transactions))
        let report = try SyncEngine(store: store, now: now).sync(WalletExportSource(path: export.path))
        // Bad input stops its stream without throwing: a test fixture must not pass it by.
        if let failure = report.failures.first { throw failure }
    }

    /// A purchase (debit) on `day` (YYYY-MM-DD, noon UTC); MCC 5411 is Groceries, 5812 Dining.
    func purchase(
        _ day: String, _ amount: String, mcc: Int = 5411, merchant: String = "Whole Foods Market",
        account: String = "CARD", currency: String = "USD", status: String = "booked"
    ) -> String {
        count += 1
        return F.transaction(
            "P\(count)", account: account, date: "\(day)T12:00:00Z", amount: amount, currency: currency,
            status: status, mcc: mcc, merchant: merchant, description: merchant.uppercased())
    }

    /// A refund (credit of type refund) on `day`.
    func refund(_ day: String, _ amount: String, mcc: Int = 5411, merchant: String = "Whole Foods Market") -> String {
        count += 1
        return F.transaction(
            "R\(count)", account: "CARD", date: "\(day)T12:00:00Z", amount: amount, indicator: "credit",
            type: "refund", mcc: mcc, merchant: merchant, description: merchant.uppercased())
    }

    func budget(
        _ category: String, _ amount: String?, from month: String, rollover: BudgetRecord.Rollover = .none,
        period: BudgetPeriod = .month, currency: String = "USD"
    ) throws {
        try store.saveBudget(
            BudgetRecord(
                category: category, currency: currency, firstMonth: YearMonth(iso: month)!,
                amount: amount.map { try Money.parseUnits($0, allowSign: false) },
                rollover: rollover, period: period), now: now)
    }

    /// The report for `from` to `to`, on `today` (by default long after: every month is past).
    func report(
        _ from: String, _ to: String? = nil, today: String = "2027-06-15", warnAt: Int64 = 80,
        includePending: Bool = false
    ) throws -> BudgetReport {
        var months: [YearMonth] = []
        var month = YearMonth(iso: from)!
        while month <= YearMonth(iso: to ?? from)! {
            months.append(month)
            month = month.adding(months: 1)
        }
        return try BudgetAnalysis.report(
            store, months: months, accounts: try ReportAccounts(store: store, base: utc), today: CivilDate(iso: today)!, warnAt: warnAt,
            includePending: includePending)
    }
}

/// `400` -> 4,000,000 units of 1/10,000.
private func u(_ text: String) -> Int64 {
    let negative = text.hasPrefix("-")
    // Literals of the tests themselves: one that does not parse is a typo in the test.
    guard let units = try? Money.parseUnits(negative ? String(text.dropFirst()) : text, allowSign: false) else {
        fatalError("not an amount: \(text)")
    }
    return negative ? -units : units
}

extension BudgetReport {
    fileprivate func row(_ month: String, _ category: String, _ currency: String = "USD") -> Row? {
        rows.first { $0.month == YearMonth(iso: month)! && $0.category == category && $0.currency == currency }
    }

    /// month: (carried, available, net, remaining) of one category, in order.
    fileprivate func chain(_ category: String, _ currency: String = "USD") -> [String: [Int64?]] {
        var result: [String: [Int64?]] = [:]
        for row in rows where row.category == category && row.currency == currency {
            result[row.month.description] = [row.carried, row.available, row.net, row.remaining]
        }
        return result
    }
}

/// The budget rules of the README's "Budgets", one test per rule, named after it.
@Suite("Budget analysis")
struct BudgetAnalysisTests {
    /// Groceries: January 300, February nothing, March 1,000 (overspent), April 100 (underspent).
    private static func overspentThenUnderspent(_ rollover: BudgetRecord.Rollover) throws -> BudgetWorld {
        let world = try BudgetWorld()
        try world.add([
            world.purchase("2026-01-10", "300.00"),
            world.purchase("2026-03-05", "600.00"), world.purchase("2026-03-20", "400.00"),
            world.purchase("2026-04-02", "100.00"),
        ])
        try world.budget("Groceries", "400", from: "2026-01", rollover: rollover)
        return world
    }

    // MARK: Rollover

    @Test("rollover none: every month has just its amount; nothing carries, not a surplus, not an overspend")
    func rolloverNone() throws {
        let report = try Self.overspentThenUnderspent(.none).report("2026-01", "2026-05")
        #expect(
            report.chain("Groceries") == [
                "2026-01": [0, u("400"), u("300"), u("100")],
                "2026-02": [0, u("400"), 0, u("400")],
                "2026-03": [0, u("400"), u("1000"), u("-600")],
                "2026-04": [0, u("400"), u("100"), u("300")],
                "2026-05": [0, u("400"), 0, u("400")],
            ])
        #expect(report.row("2026-03", "Groceries")?.status == .over)
        #expect(report.row("2026-04", "Groceries")?.status == .ok)
    }

    @Test("rollover surplus: what was left carries, a month without spending carries all of it, an overspend carries 0")
    func rolloverSurplus() throws {
        let report = try Self.overspentThenUnderspent(.surplus).report("2026-01", "2026-05")
        #expect(
            report.chain("Groceries") == [
                "2026-01": [0, u("400"), u("300"), u("100")],
                "2026-02": [u("100"), u("500"), 0, u("500")],
                "2026-03": [u("500"), u("900"), u("1000"), u("-100")],
                "2026-04": [0, u("400"), u("100"), u("300")],
                "2026-05": [u("300"), u("700"), 0, u("700")],
            ])
        #expect(report.row("2026-03", "Groceries")?.status == .over)
        #expect(report.row("2026-04", "Groceries")?.status == .ok)
    }

    @Test("rollover all: what was left carries, an overspend too, as a negative carry")
    func rolloverAll() throws {
        let report = try Self.overspentThenUnderspent(.all).report("2026-01", "2026-05")
        #expect(
            report.chain("Groceries") == [
                "2026-01": [0, u("400"), u("300"), u("100")],
                "2026-02": [u("100"), u("500"), 0, u("500")],
                "2026-03": [u("500"), u("900"), u("1000"), u("-100")],
                "2026-04": [u("-100"), u("300"), u("100"), u("200")],
                "2026-05": [u("200"), u("600"), 0, u("600")],
            ])
    }

    @Test("rollover all: a carried overspend larger than the amount leaves a month over even without spending")
    func rolloverAllDebtOutlastsAMonth() throws {
        let world = try BudgetWorld()
        try world.add([world.purchase("2026-01-10", "300.00")])
        try world.budget("Groceries", "100", from: "2026-01", rollover: .all)
        let report = try world.report("2026-01", "2026-03")
        #expect(
            report.chain("Groceries") == [
                "2026-01": [0, u("100"), u("300"), u("-200")],
                "2026-02": [u("-200"), u("-100"), 0, u("-100")],
                "2026-03": [u("-100"), 0, 0, 0],
            ])
        #expect(report.rows.map { $0.status } == [.over, .over, .ok])
    }

    @Test("the first month of a budget carries nothing, whatever came before it")
    func firstMonthCarriesNothing() throws {
        let world = try BudgetWorld()
        try world.add([world.purchase("2026-01-10", "50.00"), world.purchase("2026-02-10", "50.00")])
        try world.budget("Groceries", "400", from: "2026-02", rollover: .all)
        let report = try world.report("2026-01", "2026-03")
        #expect(report.row("2026-01", "Groceries") == nil, "no budget before its first month")
        #expect(
            report.chain("Groceries") == [
                "2026-02": [0, u("400"), u("50"), u("350")],
                "2026-03": [u("350"), u("750"), 0, u("750")],
            ])
    }

    @Test("a month's carry does not depend on which months the report shows")
    func carryIndependentOfShownMonths() throws {
        let world = try Self.overspentThenUnderspent(.all)
        let long = try world.report("2026-01", "2026-05")
        for month in ["2026-02", "2026-03", "2026-04", "2026-05"] {
            let single = try world.report(month)
            #expect(single.row(month, "Groceries") == long.row(month, "Groceries"), "\(month)")
        }
    }

    // MARK: History

    @Test("a budget changed mid-year: earlier months keep their amount, the carry runs on across the change")
    func changedMidYear() throws {
        let world = try BudgetWorld()
        try world.add([world.purchase("2026-02-10", "350.00"), world.purchase("2026-04-10", "520.00")])
        try world.budget("Groceries", "400", from: "2026-01", rollover: .surplus)
        try world.budget("Groceries", "500", from: "2026-04", rollover: .surplus)
        let report = try world.report("2026-01", "2026-05")
        #expect(report.rows.map(\.budgeted) == [u("400"), u("400"), u("400"), u("500"), u("500")])
        #expect(
            report.chain("Groceries") == [
                "2026-01": [0, u("400"), 0, u("400")],
                "2026-02": [u("400"), u("800"), u("350"), u("450")],
                "2026-03": [u("450"), u("850"), 0, u("850")],
                "2026-04": [u("850"), u("1350"), u("520"), u("830")],
                "2026-05": [u("830"), u("1330"), 0, u("1330")],
            ])
        // A past month asked on its own still has its own amount.
        #expect(try world.report("2026-02").row("2026-02", "Groceries")?.budgeted == u("400"))
    }

    @Test("the policy in force in the month that receives the carry decides it: none stops the carry, all picks it up again")
    func policyOfReceivingMonthDecides() throws {
        let world = try BudgetWorld()
        try world.budget("Groceries", "400", from: "2026-01", rollover: .surplus)
        try world.budget("Groceries", "400", from: "2026-03", rollover: .none)
        try world.budget("Groceries", "400", from: "2026-05", rollover: .all)
        let report = try world.report("2026-01", "2026-06")
        // March and April carry nothing; May receives what April left (its own 400), June what May left.
        #expect(report.rows.map(\.carried) == [0, u("400"), 0, 0, u("400"), u("800")])
    }

    @Test("a budget removed and later set again: no budget in between, and the new run starts with carry 0")
    func removedThenSetAgain() throws {
        let world = try BudgetWorld()
        try world.add([
            world.purchase("2026-01-10", "100.00"), world.purchase("2026-03-10", "80.00"), world.purchase("2026-05-10", "60.00"),
        ])
        try world.budget("Groceries", "400", from: "2026-01", rollover: .all)
        try world.budget("Groceries", nil, from: "2026-03", rollover: .all)
        try world.budget("Groceries", "300", from: "2026-05", rollover: .all)
        let report = try world.report("2026-01", "2026-06")
        #expect(
            report.chain("Groceries") == [
                "2026-01": [0, u("400"), u("100"), u("300")],
                "2026-02": [u("300"), u("700"), 0, u("700")],
                "2026-05": [0, u("300"), u("60"), u("240")],
                "2026-06": [u("240"), u("540"), 0, u("540")],
            ])
        // While removed, its spending is unbudgeted.
        #expect(report.row("2026-03", BudgetReport.unbudgeted)?.net == u("80"))
        #expect(report.row("2026-04", BudgetReport.unbudgeted) == nil)
    }

    // MARK: What counts

    @Test("a category renamed by a user rule counts toward that category's budget, not the built-in one's")
    func ruleCategoryCountsTowardItsBudget() throws {
        let world = try BudgetWorld()
        try world.add([
            world.purchase("2026-10-03", "4.50", mcc: 5814, merchant: "Blue Bottle"),
            world.purchase("2026-10-04", "30.00", mcc: 5812, merchant: "Joe's Diner"),
            world.purchase("2026-10-05", "200.00", mcc: 5300, merchant: "Costco"),
        ])
        _ = try world.store.addRule(UserRule(merchant: "blue bottle", category: "Coffee"), now: world.now)
        _ = try world.store.addRule(UserRule(merchant: "costco", category: "Groceries"), now: world.now)
        try world.budget("Coffee", "20", from: "2026-10")
        try world.budget("Dining", "100", from: "2026-10")
        try world.budget("Groceries", "400", from: "2026-10")
        let report = try world.report("2026-10")
        #expect(report.row("2026-10", "Coffee")?.net == u("4.50"))
        #expect(report.row("2026-10", "Dining")?.net == u("30"))
        #expect(report.row("2026-10", "Groceries")?.net == u("200"))
        #expect(report.row("2026-10", BudgetReport.unbudgeted) == nil)
    }

    @Test("refunds restore budget: net = spent - refunded, and an overspend refunded is no longer over")
    func refundsRestoreBudget() throws {
        let world = try BudgetWorld()
        try world.add([world.purchase("2026-10-03", "450.00"), world.refund("2026-10-09", "200.00")])
        try world.budget("Groceries", "400", from: "2026-10", rollover: .surplus)
        let row = try #require(try world.report("2026-10").row("2026-10", "Groceries"))
        #expect([row.spent, row.refunded, row.net, row.remaining] == [u("450"), u("200"), u("250"), u("150")])
        #expect(row.status == .ok)
        // The refund also restores what carries.
        #expect(try world.report("2026-11").row("2026-11", "Groceries")?.carried == u("150"))
    }

    @Test("a refund-only month has a negative net and leaves more than the budget")
    func refundOnlyMonth() throws {
        let world = try BudgetWorld()
        try world.add([world.refund("2026-10-09", "25.00")])
        try world.budget("Groceries", "400", from: "2026-10")
        let row = try #require(try world.report("2026-10").row("2026-10", "Groceries"))
        #expect([row.net, row.remaining] == [u("-25"), u("425")])
        #expect(row.status == .ok)
    }

    @Test("pending and authorized count only with includePending; memo never")
    func pendingOnlyWhenIncluded() throws {
        let world = try BudgetWorld()
        try world.add([
            world.purchase("2026-10-03", "100.00"), world.purchase("2026-10-04", "250.00", status: "pending"),
            world.purchase("2026-10-05", "40.00", status: "authorized"), world.purchase("2026-10-06", "999.00", status: "memo"),
        ])
        try world.budget("Groceries", "400", from: "2026-10")
        let without = try #require(try world.report("2026-10").row("2026-10", "Groceries"))
        #expect([without.net, without.remaining] == [u("100"), u("300")])
        #expect(without.status == .ok)
        let with = try #require(try world.report("2026-10", includePending: true).row("2026-10", "Groceries"))
        #expect([with.net, with.remaining] == [u("390"), u("10")])
        #expect(with.status == .warn)
    }

    @Test("budgets are per currency: a USD budget ignores GBP spending, which is unbudgeted unless it has its own")
    func perCurrency() throws {
        let world = try BudgetWorld()
        try world.add([world.purchase("2026-10-03", "100.00")])
        try world.add([world.purchase("2026-10-04", "70.00", merchant: "Sainsbury's", account: "UK", currency: "GBP")], to: "UK")
        try world.budget("Groceries", "400", from: "2026-10")
        let usdOnly = try world.report("2026-10")
        #expect(usdOnly.row("2026-10", "Groceries")?.net == u("100"))
        #expect(usdOnly.row("2026-10", "Groceries", "GBP") == nil)
        #expect(usdOnly.row("2026-10", BudgetReport.unbudgeted, "GBP")?.net == u("70"))
        try world.budget("Groceries", "60", from: "2026-10", currency: "GBP")
        let both = try world.report("2026-10")
        #expect(both.row("2026-10", "Groceries")?.net == u("100"))
        #expect(both.row("2026-10", "Groceries", "GBP")?.net == u("70"))
        #expect(both.row("2026-10", "Groceries", "GBP")?.status == .over)
        #expect(both.row("2026-10", BudgetReport.unbudgeted, "GBP") == nil)
    }

    @Test("the Unbudgeted row sums, per currency, the categories without a budget; it has no budget or status and comes last")
    func unbudgetedRow() throws {
        let world = try BudgetWorld()
        try world.add([
            world.purchase("2026-10-03", "100.00"),
            world.purchase("2026-10-04", "30.00", mcc: 5812, merchant: "Joe's Diner"),
            world.purchase("2026-10-05", "45.00", mcc: 5661, merchant: "Shoe Shop"),
            world.refund("2026-10-06", "5.00", mcc: 5661, merchant: "Shoe Shop"),
        ])
        try world.budget("Groceries", "400", from: "2026-10")
        let report = try world.report("2026-10")
        #expect(report.rows.map(\.category) == ["Groceries", BudgetReport.unbudgeted])
        let row = try #require(report.row("2026-10", BudgetReport.unbudgeted))
        #expect([row.spent, row.refunded, row.net] == [u("75"), u("5"), u("70")])
        #expect(row.budgeted == nil && row.carried == nil && row.available == nil && row.remaining == nil)
        #expect(row.status == nil && row.projected == nil)
    }

    @Test("no budgets and no spending: no rows")
    func empty() throws {
        let world = try BudgetWorld()
        #expect(try world.report("2026-10").rows.isEmpty)
    }

    // MARK: Status

    @Test(
        "status: over when remaining < 0, warn from the warn level (inclusive), ok below; spending it all is warn, not over",
        arguments: [
            ("319.99", Int64(80), BudgetReport.Status.ok), ("320.00", 80, .warn), ("320.00", 90, .ok), ("360.00", 90, .warn),
            ("400.00", 80, .warn), ("400.01", 80, .over), ("400.01", 1000, .over),
        ])
    func status(net: String, warnAt: Int64, expected: BudgetReport.Status) throws {
        let world = try BudgetWorld()
        try world.add([world.purchase("2026-10-03", net)])
        try world.budget("Groceries", "400", from: "2026-10")
        #expect(try world.report("2026-10", warnAt: warnAt).row("2026-10", "Groceries")?.status == expected)
    }

    @Test("a zero budget: ok with no spending, over with any")
    func zeroBudget() throws {
        let world = try BudgetWorld()
        try world.add([world.purchase("2026-10-03", "0.01")])
        try world.budget("Groceries", "0", from: "2026-10")
        try world.budget("Dining", "0", from: "2026-10")
        let report = try world.report("2026-10")
        #expect(report.row("2026-10", "Groceries")?.status == .over)
        #expect(report.row("2026-10", "Dining")?.status == .ok)
    }

    @Test("rows of a month: over first, then warn, then ok, each by category, then Unbudgeted")
    func order() throws {
        let world = try BudgetWorld()
        try world.add([
            world.purchase("2026-10-03", "500.00"), world.purchase("2026-10-04", "90.00", mcc: 5812, merchant: "Joe's Diner"),
            world.purchase("2026-10-05", "10.00", mcc: 4121, merchant: "Taxi"),
            world.purchase("2026-10-06", "9.00", mcc: 5661, merchant: "Shoes"),
        ])
        try world.budget("Transit", "100", from: "2026-10")
        try world.budget("Dining", "100", from: "2026-10")
        try world.budget("Health", "100", from: "2026-10")
        try world.budget("Groceries", "400", from: "2026-10")
        let report = try world.report("2026-09", "2026-10")
        // September has neither a budget nor spending: no rows.
        #expect(
            report.rows.map { "\($0.month) \($0.category)" } == [
                "2026-10 Groceries", "2026-10 Dining", "2026-10 Health", "2026-10 Transit", "2026-10 Unbudgeted",
            ])
        #expect(report.rows.map { $0.status } == [.over, .warn, .ok, .ok, nil])
    }

    // MARK: Amounts too large to hold

    @Test("a carry too large to hold is an error naming the currency, never a crash")
    func carryOverflowIsAnError() throws {
        let world = try BudgetWorld()
        try world.budget("Groceries", "900000000000000", from: "2026-01", rollover: .surplus)
        #expect(try world.report("2026-01").row("2026-01", "Groceries")?.available == u("900000000000000"))
        #expect(throws: MoneyError.overflow("USD")) { try world.report("2026-02") }
    }

    @Test(
        "the warn level compares exactly for amounts near the limit: 55.6% of a 900 trillion budget is ok, 80% is warn",
        arguments: [("500000000000000", BudgetReport.Status.ok), ("720000000000000", .warn), ("719999999999999.9999", .ok)])
    func hugeAmountsStatus(net: String, expected: BudgetReport.Status) throws {
        let world = try BudgetWorld()
        try world.add([world.purchase("2026-10-05", net)])
        try world.budget("Groceries", "900000000000000", from: "2026-10")
        #expect(try world.report("2026-10").row("2026-10", "Groceries")?.status == expected)
    }

    @Test("a running month's pace too large to hold is an error, never a crash")
    func paceOverflowIsAnError() throws {
        let world = try BudgetWorld()
        try world.add([world.purchase("2026-11-02", "900000000000000")])
        try world.budget("Groceries", "400", from: "2026-11")
        #expect(try world.report("2026-11").row("2026-11", "Groceries")?.status == .over, "a past month has no pace")
        #expect(throws: MoneyError.overflow("USD")) { try world.report("2026-11", today: "2026-11-15") }
    }

    // MARK: The running month

    @Test("running month: projected = net / days elapsed x days in month; warn when the pace would exceed what is available")
    func paceWarns() throws {
        let world = try BudgetWorld()
        // November has 30 days; on the 15th, 250.00 spent is a pace of 500.00.
        try world.add([world.purchase("2026-11-02", "150.00"), world.purchase("2026-11-14", "100.00")])
        try world.budget("Groceries", "400", from: "2026-10")
        let row = try #require(try world.report("2026-11", today: "2026-11-15").row("2026-11", "Groceries"))
        #expect(row.projected == u("500"))
        #expect(row.status == .warn, "62.5% used is below 80%, but the pace would exceed 400")
    }

    @Test("running month: a pace within what is available stays ok; the carry counts in what is available")
    func paceWithinBudget() throws {
        let world = try BudgetWorld()
        try world.add([world.purchase("2026-11-07", "70.00")])
        try world.budget("Groceries", "200", from: "2026-10", rollover: .surplus)
        let report = try world.report("2026-11", today: "2026-11-07")
        let row = try #require(report.row("2026-11", "Groceries"))
        #expect(row.carried == u("200"))
        #expect(row.projected == u("300"))
        #expect(row.status == .ok, "pace 300 of 400 available")
        // Without the carry the same pace would exceed the budget.
        try world.budget("Groceries", "200", from: "2026-11", rollover: .none)
        #expect(try world.report("2026-11", today: "2026-11-07").row("2026-11", "Groceries")?.status == .warn)
    }

    @Test("running month: the projection rounds half to even once, to the cent; on the last day it equals net")
    func paceRounding() throws {
        let world = try BudgetWorld()
        try world.add([world.purchase("2026-02-01", "0.05")])
        try world.budget("Groceries", "400", from: "2026-02")
        // 5 cents x 28 days / 8 days = 17.5 cents -> 18 (to even); on the 28th, net itself.
        #expect(try world.report("2026-02", today: "2026-02-08").row("2026-02", "Groceries")?.projected == 1_800)
        #expect(try world.report("2026-02", today: "2026-02-28").row("2026-02", "Groceries")?.projected == 500)
        try world.add([world.purchase("2026-02-02", "0.10")])
        // 15 cents x 28 / 8 = 52.5 cents -> 52 (to even).
        #expect(try world.report("2026-02", today: "2026-02-08").row("2026-02", "Groceries")?.projected == 5_200)
    }

    @Test("projected is empty for past months (and for the Unbudgeted row), also in a multi-month report")
    func projectedOnlyForRunningMonth() throws {
        let world = try BudgetWorld()
        try world.add([
            world.purchase("2026-10-30", "300.00"), world.purchase("2026-11-02", "100.00"),
            world.purchase("2026-11-03", "9.00", mcc: 5812, merchant: "Joe's Diner"),
        ])
        try world.budget("Groceries", "400", from: "2026-10")
        let report = try world.report("2026-10", "2026-11", today: "2026-11-15")
        #expect(report.row("2026-10", "Groceries")?.projected == nil)
        #expect(report.row("2026-11", "Groceries")?.projected == u("200"))
        #expect(report.row("2026-11", BudgetReport.unbudgeted)?.projected == nil)
        #expect(try world.report("2026-11", today: "2026-12-01").row("2026-11", "Groceries")?.projected == nil)
    }

    // MARK: Periods

    @Test("a yearly budget's row counts from January through its month; the next year receives the carry")
    func yearlyCountsFromJanuary() throws {
        let world = try BudgetWorld()
        try world.add([
            world.purchase("2026-02-10", "300.00"), world.purchase("2026-10-10", "200.00"), world.purchase("2027-03-10", "100.00"),
            world.purchase("2026-10-11", "9.00", mcc: 5812, merchant: "Joe's Diner"),
        ])
        try world.budget("Groceries", "1200", from: "2026-01", rollover: .surplus, period: .year)
        let report = try world.report("2026-01", "2027-03")
        let chain = report.chain("Groceries")
        #expect(chain["2026-01"] == [0, u("1200"), 0, u("1200")])
        #expect(chain["2026-02"] == [0, u("1200"), u("300"), u("900")])
        #expect(chain["2026-10"] == [0, u("1200"), u("500"), u("700")])
        #expect(chain["2026-12"] == [0, u("1200"), u("500"), u("700")])
        #expect(chain["2027-01"] == [u("700"), u("1900"), 0, u("1900")])
        #expect(chain["2027-03"] == [u("700"), u("1900"), u("100"), u("1800")])
        let october = try #require(report.row("2026-10", "Groceries"))
        #expect(october.period == .year)
        #expect(october.periodMonths == YearMonth(year: 2026, month: 1)...YearMonth(year: 2026, month: 12))
        #expect(october.spent == u("500"))
        // Unbudgeted spending stays the month's own.
        let unbudgeted = try #require(report.row("2026-10", BudgetReport.unbudgeted))
        #expect(unbudgeted.net == u("9") && unbudgeted.period == .month)
    }

    @Test("the carry walks a month -> quarter -> month history period by period, each policy deciding what it receives")
    func carryAcrossMonthQuarterMonth() throws {
        let world = try BudgetWorld()
        try world.add([
            world.purchase("2026-01-10", "50.00"), world.purchase("2026-03-10", "120.00"),
            world.purchase("2026-04-10", "200.00"), world.purchase("2026-05-10", "100.00"), world.purchase("2026-06-10", "50.00"),
            world.purchase("2026-07-10", "250.00"),
        ])
        try world.budget("Groceries", "100", from: "2026-01", rollover: .surplus)
        try world.budget("Groceries", "300", from: "2026-04", rollover: .surplus, period: .quarter)
        try world.budget("Groceries", "100", from: "2026-07", rollover: .all)
        let report = try world.report("2026-01", "2026-08")
        // January leaves 50, February 150, March 130; the quarter receives 130 and counts April to each month.
        #expect(
            report.chain("Groceries") == [
                "2026-01": [0, u("100"), u("50"), u("50")],
                "2026-02": [u("50"), u("150"), 0, u("150")],
                "2026-03": [u("150"), u("250"), u("120"), u("130")],
                "2026-04": [u("130"), u("430"), u("200"), u("230")],
                "2026-05": [u("130"), u("430"), u("300"), u("130")],
                "2026-06": [u("130"), u("430"), u("350"), u("80")],
                "2026-07": [u("80"), u("180"), u("250"), u("-70")],
                "2026-08": [u("-70"), u("30"), 0, u("30")],
            ])
        #expect(report.rows.map(\.period) == [.month, .month, .month, .quarter, .quarter, .quarter, .month, .month])
        // Each month's carry is the same asked alone.
        for month in ["2026-05", "2026-07", "2026-08"] {
            #expect(try world.report(month).row(month, "Groceries") == report.row(month, "Groceries"), "\(month)")
        }
    }

    @Test("a period ends early on the month before the next history entry; a new yearly run after a removal carries nothing")
    func periodEndsEarly() throws {
        let world = try BudgetWorld()
        try world.add([world.purchase("2026-03-10", "400.00"), world.purchase("2026-07-10", "50.00")])
        try world.budget("Groceries", "1200", from: "2026-01", rollover: .surplus, period: .year)
        try world.budget("Groceries", "100", from: "2026-07", rollover: .surplus)
        try world.budget("Groceries", nil, from: "2026-09")
        try world.budget("Groceries", "1000", from: "2027-01", rollover: .all, period: .year)
        let report = try world.report("2026-06", "2027-01")
        let june = try #require(report.row("2026-06", "Groceries"))
        #expect(june.periodMonths == YearMonth(year: 2026, month: 1)...YearMonth(year: 2026, month: 6))
        #expect([june.carried, june.available, june.net, june.remaining] == [0, u("1200"), u("400"), u("800")])
        #expect(report.chain("Groceries")["2026-07"] == [u("800"), u("900"), u("50"), u("850")])
        #expect(report.chain("Groceries")["2026-08"] == [u("850"), u("950"), 0, u("950")])
        #expect(report.row("2026-09", "Groceries") == nil)
        #expect(report.chain("Groceries")["2027-01"] == [0, u("1000"), 0, u("1000")])
    }

    @Test("running period: projected = net / days elapsed in the period x days in the period")
    func yearlyPace() throws {
        let world = try BudgetWorld()
        // 20 October 2026 is day 293 of 365: 2,930.00 so far is a pace of 3,650.00.
        try world.add([world.purchase("2026-02-10", "1000.00"), world.purchase("2026-10-05", "1930.00")])
        try world.budget("Groceries", "3600", from: "2026-01", period: .year)
        let row = try #require(try world.report("2026-10", today: "2026-10-20", warnAt: 90).row("2026-10", "Groceries"))
        #expect(row.projected == u("3650"))
        #expect(row.status == .warn, "81.4% used is below 90%, but the pace would exceed 3,600")
        // A quarter from 1 October: 22 days elapsed of 92.
        try world.budget("Groceries", "9000", from: "2026-10", period: .quarter)
        let quarter = try #require(try world.report("2026-10", today: "2026-10-22").row("2026-10", "Groceries"))
        #expect(quarter.projected == BudgetAnalysis.roundedDivision(u("1930") * 92, 22 * 100) * 100)
        #expect(try world.report("2026-09", today: "2026-10-22").row("2026-09", "Groceries")?.projected == nil)
    }
}
