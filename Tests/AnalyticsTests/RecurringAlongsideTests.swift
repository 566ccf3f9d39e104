import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

@testable import Analytics

/// The running month's summary reads its twelve months' series and its budgets' projection's
/// (the first day of the month a year ago through today) in one read: each must be what a read
/// of its own scope finds, and the summary's budgets what `report budget` projects.
@Suite("Two scopes' series from one read")
struct RecurringAlongsideTests {
    typealias F = ExportFixture
    static let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    static let utc = ReportTimeZone(identifier: "UTC")!
    static let month = YearMonth(year: 2026, month: 10)
    static let today = CivilDate(iso: "2026-10-15")!

    /// A UTC card charged by a gym on the 20th from October 2025 (the month before the summary's
    /// twelve) through October 2026 (after today), its March charge split, and a pending charge
    /// neither scope counts; a card in Kiritimati (UTC+14) charged by a fuel club on the 1st from
    /// October 2025, and weekly by a kiosk, the last the day after today there but today in UTC.
    static func ledger(_ folder: TemporaryFolder) throws -> LedgerStore {
        let export = try ExportFixture(in: folder.url)
        let store = try LedgerStore(path: folder.file("kept.sqlite"), mode: .create(keeper: ClassificationKeeper(base: utc)), now: now)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [F.account("CARD", kind: "liability", name: "Card"), F.account("AHEAD", kind: "liability", name: "Ahead")]))
        let months = (0...12).map { YearMonth(year: 2025, month: 10).adding(months: $0) }
        let gym = months.map { month in
            F.transaction(
                "GYM-\(month)", account: "CARD", date: "\(month.firstDay.adding(days: 19))T12:00:00Z",
                amount: month == YearMonth(year: 2025, month: 10) ? "44.00" : "50.00", mcc: 7997, merchant: "Gym")
        }
        let pending = F.transaction(
            "GYM-PENDING", account: "CARD", date: "2026-10-02T12:00:00Z", amount: "50.00", status: "pending", mcc: 7997,
            merchant: "Gym")
        // 01:00 on the 1st in Kiritimati: the evening before in UTC.
        let fuel = months.map { month in
            F.transaction(
                "FUEL-\(month)", account: "AHEAD", date: "\(month.firstDay.adding(days: -1))T11:00:00Z", amount: "60.00", mcc: 5541,
                merchant: "Fuel Club")
        }
        // 00:30 on 25 September and weekly after in Kiritimati, the last on the day after today there.
        let kiosk = ["2026-09-24", "2026-10-01", "2026-10-08", "2026-10-15"].enumerated().map {
            F.transaction(
                "KIOSK-\($0.offset)", account: "AHEAD", date: "\($0.element)T10:30:00Z", amount: "3.00", mcc: 5994, merchant: "Kiosk")
        }
        try export.append("transactions/CARD", F.changeSet("T", 1, snapshot: true, inserted: gym + [pending]))
        try export.append("transactions/AHEAD", F.changeSet("A", 1, snapshot: true, inserted: fuel + kiosk))
        let synced = try SyncEngine(store: store, now: now).sync(WalletExportSource(path: export.path))
        try #require(synced.failures.isEmpty)
        try store.transaction {
            try store.saveAccountSettings(AccountSettings(accountID: "AHEAD", timeZone: "Pacific/Kiritimati"), now: now)
            try store.saveTransactionOverride(
                TransactionOverride(
                    transactionID: "GYM-2026-03",
                    split: [.init(category: "Fun", amount: 200_000), .init(category: "Health", amount: 300_000)]),
                now: now)
        }
        try #require(try store.classificationStatus()?.isCurrent == true)
        return store
    }

    static func lines(_ report: RecurringReport) -> [String] {
        ["\(report.first) \(report.asOf) \(report.timeZones)"]
            + report.items.map {
                "\($0.accountName) \($0.merchant) \($0.category) \($0.typicalAmount) \($0.count) \($0.flags.map(\.name)) "
                    + $0.charges.map { "\($0.date):\($0.amount):\($0.parts.sorted { $0.key < $1.key })" }.joined(separator: ",")
            }
    }

    @Test("each scope's series from one read are what a read of its own finds, the rows handed on only the summary's scope's")
    func eachAsItsOwnRead() throws {
        let folder = try TemporaryFolder()
        let store = try Self.ledger(folder)
        let accounts = try ReportAccounts(store: store, base: Self.utc)
        let scope = ReportScope(months: Self.month.adding(months: -11)...Self.month, accounts: accounts)
        let first = Self.month.adding(months: -11).firstDay
        let projection = BudgetProjector.seriesScope(accounts: accounts, today: Self.today, includePending: false)

        var aloneRows: [String] = []
        let alone = try RecurringAnalysis.report(
            store, scope: scope, first: first, asOf: Self.month.lastDay, holding: 1_000, sharing: { aloneRows.append($0.id) })
        let projectionAlone = try RecurringAnalysis.report(
            store, scope: projection.scope, first: projection.first, asOf: projection.asOf)
        var togetherRows: [String] = []
        let together = try RecurringAnalysis.reports(
            store, scope: scope, first: first, asOf: Self.month.lastDay, holding: 1_000, sharing: { togetherRows.append($0.id) },
            alongside: projection)
        let alongside = try #require(together.alongside)
        #expect(Self.lines(together.report) == Self.lines(alone))
        #expect(Self.lines(alongside) == Self.lines(projectionAlone))
        #expect(togetherRows == aloneRows)
        #expect(!aloneRows.contains("GYM-2025-10") && !aloneRows.contains("FUEL-2025-10") && aloneRows.contains("KIOSK-3"))

        // The two differ where their days do: the October before, after today, the split, the zones.
        let gym = try #require(alone.items.first { $0.merchant == "Gym" })
        let projectedGym = try #require(alongside.items.first { $0.merchant == "Gym" })
        #expect(gym.count == 12 && gym.lastDate == CivilDate(iso: "2026-10-20")!)
        #expect(projectedGym.count == 12 && projectedGym.lastDate == CivilDate(iso: "2026-09-20")!)
        #expect(projectedGym.charges.first?.amount == 440_000)
        let fuel = try #require(alone.items.first { $0.merchant == "Fuel Club" })
        let projectedFuel = try #require(alongside.items.first { $0.merchant == "Fuel Club" })
        #expect(fuel.firstDate == CivilDate(iso: "2025-11-01")! && fuel.count == 12)
        #expect(projectedFuel.firstDate == CivilDate(iso: "2025-10-01")! && projectedFuel.count == 13)
        let kiosk = try #require(alone.items.first { $0.merchant == "Kiosk" })
        let projectedKiosk = try #require(alongside.items.first { $0.merchant == "Kiosk" })
        #expect(kiosk.lastDate == CivilDate(iso: "2026-10-16")! && kiosk.count == 4)
        #expect(projectedKiosk.lastDate == CivilDate(iso: "2026-10-09")! && projectedKiosk.count == 3)

        // Together past the limit, though each alone is within it: the projection reads its own.
        let count = aloneRows.count
        let apart = try RecurringAnalysis.reports(
            store, scope: scope, first: first, asOf: Self.month.lastDay, holding: count, alongside: projection)
        #expect(apart.alongside == nil)
        #expect(Self.lines(apart.report) == Self.lines(alone))
    }

    @Test("the running month's summary projects its budgets as `report budget` does")
    func summaryProjectsAsTheBudgetReport() throws {
        let folder = try TemporaryFolder()
        let store = try Self.ledger(folder)
        let accounts = try ReportAccounts(store: store, base: Self.utc)
        let recurring = try RecurringAnalysis.report(
            store, scope: ReportScope(months: Self.month.adding(months: -11)...Self.month, accounts: accounts),
            first: Self.month.adding(months: -11).firstDay, asOf: Self.month.lastDay)
        let category = try #require(recurring.items.first { $0.merchant == "Gym" }?.category)
        try store.transaction {
            try store.saveBudget(
                BudgetRecord(category: category, currency: "USD", firstMonth: Self.month, amount: 1_000_000, rollover: .none), now: Self.now
            )
        }
        let summary = try SummaryAnalysis.report(store, month: Self.month, accounts: accounts, now: Self.now, today: Self.today).report
        let budgetReport = try BudgetAnalysis.report(store, months: [Self.month], accounts: accounts, today: Self.today, warnAt: 80)
            .projecting(store, accounts: accounts, today: Self.today, includePending: false)
        let expected = budgetReport.rows.filter { !$0.isUnbudgeted }
        #expect(summary.budgets == expected)
        // The gym's charge of the 20th is still to come as of today: it is the projection.
        #expect(expected.first?.projected == 500_000)
    }
}
