import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

@testable import Analytics

/// A ledger in a temporary folder, filled by syncing a Wallet export written line by line.
private final class BalanceLedger {
    typealias F = ExportFixture
    let folder: TemporaryFolder
    let export: ExportFixture
    let store: LedgerStore
    let utc = ReportTimeZone(identifier: "UTC")!
    private var sequences: [String: Int] = [:]

    init(accounts: [String]) throws {
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        store = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: ClassificationKeeper(base: ReportTimeZone(identifier: "UTC")!)),
            now: Timestamp.utc(epochSeconds: 1_794_744_000))
        try append("accounts", accounts)
    }

    /// Appends a change set inserting `records` to a stream.
    func append(_ stream: String, _ records: [String]) throws {
        let sequence = (sequences[stream] ?? 0) + 1
        sequences[stream] = sequence
        try export.append(stream, F.changeSet("G", sequence, snapshot: sequence == 1, inserted: records))
    }

    func sync() throws {
        let report = try SyncEngine(store: store, now: Timestamp.utc(epochSeconds: 1_794_744_000)).sync(
            WalletExportSource(path: export.path))
        // Bad input stops its stream without throwing: a test fixture must not pass it by.
        if let failure = report.failures.first { throw failure }
    }

    /// A balance with either side or both: each side is (amount, asOf, indicator).
    static func balance(
        _ id: String, account: String, currency: String = "USD",
        available: (String, String, String)? = nil, booked: (String, String, String)? = nil
    ) -> String {
        func side(_ value: (String, String, String)?) -> String {
            guard let (amount, asOf, indicator) = value else { return "null" }
            return "{\"amount\":{\"amount\":\"\(amount)\",\"currencyCode\":\"\(currency)\"},\"asOfDate\":\"\(asOf)\","
                + "\"creditDebitIndicator\":\"\(indicator)\"}"
        }
        return "{\"id\":\"\(id)\",\"accountID\":\"\(account)\",\"currencyCode\":\"\(currency)\","
            + "\"available\":\(side(available)),\"booked\":\(side(booked))}"
    }

    static func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    func trend(from: String, to: String, every: ReportCalendar.Interval = .month, zone: ReportTimeZone? = nil) throws -> TrendReport {
        try BalanceAnalysis.trend(store, accounts: try accounts(zone), from: Self.day(from), to: Self.day(to), every: every)
    }

    /// Every account, those without a zone of their own in `zone` (UTC unless given), as the
    /// ledger's zone.
    func accounts(_ zone: ReportTimeZone? = nil) throws -> ReportAccounts {
        ReportAccounts(try store.ledgerAccounts(), base: zone ?? utc, ledgerZone: zone ?? utc)
    }
}

private func usd(_ text: String) -> Money {
    // Literals of the tests themselves: one that does not parse is a typo in the test.
    guard let units = try? Money.parseUnits(text, allowSign: true) else { fatalError("not an amount: \(text)") }
    return Money(units: units, currency: "USD")
}

/// The balance rules of the README's "How purse counts money" (Balances), each by name, on
/// ledgers filled through Sync.
@Suite("Balance rules")
struct BalanceAnalysisTests {
    typealias F = ExportFixture

    @Test("booked else available")
    func bookedElseAvailable() throws {
        let ledger = try BalanceLedger(accounts: [F.account("SAV")])
        try ledger.append(
            "balances/SAV",
            [
                // Both sides: booked counts, even though available is later and larger.
                BalanceLedger.balance(
                    "B1", account: "SAV", available: ("900.00", "2026-09-20T12:00:00Z", "credit"),
                    booked: ("800.00", "2026-09-10T12:00:00Z", "credit")),
                // Only available: it counts.
                BalanceLedger.balance("B2", account: "SAV", available: ("750.25", "2026-10-10T12:00:00Z", "credit")),
            ])
        try ledger.sync()
        let report = try ledger.trend(from: "2026-09-01", to: "2026-10-31")
        #expect(report.dates == [BalanceLedger.day("2026-09-30"), BalanceLedger.day("2026-10-31")])
        #expect(report.series.first?.balances == [usd("800.00"), usd("750.25")])
        // The booked side's date places it: an end between booked's and available's dates sees it.
        let early = try ledger.trend(from: "2026-09-15", to: "2026-09-15", every: .day)
        #expect(early.series.first?.balances == [usd("800.00")])
    }

    @Test("signed: a debt is negative")
    func signed() throws {
        let ledger = try BalanceLedger(accounts: [
            F.account("CARD", kind: "liability", name: "Apple Card"),
            F.account("CHK", name: "Checking"),
        ])
        try ledger.append(
            "balances/CARD",
            [
                F.balance("C1", account: "CARD", amount: "250.00", asOf: "2026-10-01T12:00:00Z", indicator: "debit"),
                // Overpaid card: a credit balance is positive.
                F.balance("C2", account: "CARD", amount: "10.00", asOf: "2026-10-20T12:00:00Z", indicator: "credit"),
            ])
        try ledger.append(
            "balances/CHK",
            [
                // Overdrawn checking: debit on an asset is negative too.
                F.balance("K1", account: "CHK", amount: "35.50", asOf: "2026-10-01T12:00:00Z", indicator: "debit")
            ])
        try ledger.sync()
        let report = try ledger.trend(from: "2026-10-10", to: "2026-10-20", every: .week)
        #expect(report.dates.map(\.description) == ["2026-10-11", "2026-10-18", "2026-10-20"])
        let card = try #require(report.series.first { $0.accountID == "CARD" })
        #expect(card.balances == [usd("-250.00"), usd("-250.00"), usd("10.00")])
        #expect(card.change == usd("260.00"))
        let checking = try #require(report.series.first { $0.accountID == "CHK" })
        #expect(checking.balances == [usd("-35.50"), usd("-35.50"), usd("-35.50")])
        #expect(checking.change == usd("0"))
    }

    @Test("carried forward between observations")
    func carriedForward() throws {
        let ledger = try BalanceLedger(accounts: [F.account("SAV")])
        try ledger.append(
            "balances/SAV",
            [
                F.balance("B1", account: "SAV", amount: "100.00", asOf: "2026-01-10T09:00:00Z"),
                F.balance("B2", account: "SAV", amount: "300.00", asOf: "2026-03-20T09:00:00Z"),
                // The last second of a day belongs to it; the next second is the next day.
                F.balance("B3", account: "SAV", amount: "400.00", asOf: "2026-04-30T23:59:59Z"),
                F.balance("B4", account: "SAV", amount: "500.00", asOf: "2026-05-31T00:00:00Z"),
                F.balance("B5", account: "SAV", amount: "600.00", asOf: "2026-06-01T00:00:00Z"),
            ])
        try ledger.sync()
        let report = try ledger.trend(from: "2026-01-01", to: "2026-06-10")
        #expect(report.dates.map(\.description) == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-10"])
        #expect(
            report.series.first?.balances == [
                usd("100.00"), usd("100.00"), usd("300.00"), usd("400.00"), usd("500.00"),
                usd("600.00"),
            ])
        // The end of a day is the end of the local day: in Los Angeles B3 (16:59 local) still counts for
        // 2026-04-30, and B5 (2026-05-31 17:00 local) already counts for 2026-05-31.
        let losAngeles = try ledger.trend(
            from: "2026-04-30", to: "2026-05-31", every: .month,
            zone: ReportTimeZone(identifier: "America/Los_Angeles")!)
        #expect(losAngeles.series.first?.balances == [usd("400.00"), usd("600.00")])
    }

    @Test("empty before the first observation")
    func emptyBeforeFirst() throws {
        let ledger = try BalanceLedger(accounts: [F.account("SAV"), F.account("NEW", name: "New account")])
        try ledger.append("balances/SAV", [F.balance("B1", account: "SAV", amount: "0.00", asOf: "2026-02-15T12:00:00Z")])
        try ledger.sync()
        let report = try ledger.trend(from: "2026-01-01", to: "2026-03-31")
        let savings = try #require(report.series.first { $0.accountID == "SAV" })
        // No balance yet is nil, never 0; a real balance of 0 is 0.
        #expect(savings.balances == [nil, usd("0"), usd("0")])
        #expect(savings.first == usd("0"))
        // An account never observed has no balance at all, and no change.
        let fresh = try #require(report.series.first { $0.accountID == "NEW" })
        #expect(fresh.balances == [nil, nil, nil])
        #expect(fresh.first == nil && fresh.last == nil && fresh.change == nil)
        // Rows list every (date, account), by date then name.
        #expect(
            report.rows.map { "\($0.date) \($0.accountName) \($0.balance.map { String($0.units) } ?? "-")" } == [
                "2026-01-31 New account -", "2026-01-31 Savings -",
                "2026-02-28 New account -", "2026-02-28 Savings 0",
                "2026-03-31 New account -", "2026-03-31 Savings 0",
            ])
    }

    @Test("net worth per currency never summed")
    func netWorthPerCurrency() throws {
        let ledger = try BalanceLedger(accounts: [
            F.account("SAV", name: "Savings"), F.account("CARD", kind: "liability", name: "Apple Card"),
            F.account("EUR", name: "Girokonto", currency: "EUR"), F.account("JPY", kind: "liability", name: "Yen Card", currency: "JPY"),
        ])
        try ledger.append("balances/SAV", [F.balance("S1", account: "SAV", amount: "1000.00", asOf: "2026-08-05T12:00:00Z")])
        try ledger.append(
            "balances/CARD",
            [
                F.balance(
                    "C1", account: "CARD", amount: "250.00", asOf: "2026-09-05T12:00:00Z",
                    indicator: "debit")
            ])
        try ledger.append(
            "balances/EUR",
            [
                F.balance(
                    "E1", account: "EUR", amount: "500.00", currency: "EUR",
                    asOf: "2026-09-05T12:00:00Z")
            ])
        try ledger.append(
            "balances/JPY",
            [
                F.balance(
                    "J1", account: "JPY", amount: "12000", currency: "JPY",
                    asOf: "2026-09-06T12:00:00Z", indicator: "debit")
            ])
        try ledger.sync()
        let report = try BalanceAnalysis.netWorth(
            ledger.store, accounts: try ledger.accounts(), from: BalanceLedger.day("2026-08-01"),
            to: BalanceLedger.day("2026-09-30"), every: .month)
        #expect(
            report.rows == [
                // A currency with no balance at a date has no row then.
                NetWorthReport.Row(
                    date: BalanceLedger.day("2026-08-31"), currency: "USD", assets: 1000_0000, liabilities: 0,
                    netWorth: 1000_0000, accounts: 1),
                NetWorthReport.Row(
                    date: BalanceLedger.day("2026-09-30"), currency: "EUR", assets: 500_0000, liabilities: 0,
                    netWorth: 500_0000, accounts: 1),
                // Only liabilities: assets are 0, net worth is negative.
                NetWorthReport.Row(
                    date: BalanceLedger.day("2026-09-30"), currency: "JPY", assets: 0, liabilities: -12000_0000,
                    netWorth: -12000_0000, accounts: 1),
                NetWorthReport.Row(
                    date: BalanceLedger.day("2026-09-30"), currency: "USD", assets: 1000_0000, liabilities: -250_0000,
                    netWorth: 750_0000, accounts: 2),
            ])
        #expect(report.currencies.map(\.currency) == ["EUR", "JPY", "USD"])
        let dollars = try #require(report.currencies.last)
        #expect(dollars.netWorths == [1000_0000, 750_0000])
        #expect(dollars.change == -250_0000)
        let euros = try #require(report.currencies.first)
        #expect(euros.netWorths == [nil, 500_0000])
        #expect(euros.first == 500_0000 && euros.change == 0)
    }

    @Test("drift found on the first day of divergence")
    func driftFirstDay() throws {
        let ledger = try BalanceLedger(accounts: [F.account("CHK", name: "Checking")])
        try ledger.append(
            "balances/CHK",
            [
                F.balance("B1", account: "CHK", amount: "100.00", asOf: "2026-10-01T12:00:00Z"),
                F.balance("B2", account: "CHK", amount: "80.00", asOf: "2026-10-10T12:00:00Z"),  // agrees: -20
                F.balance("B3", account: "CHK", amount: "50.00", asOf: "2026-10-20T12:00:00Z"),  // -10 booked: drift -20
                F.balance("B4", account: "CHK", amount: "30.00", asOf: "2026-10-25T12:00:00Z"),  // nothing booked: drift -20 again
                F.balance("B5", account: "CHK", amount: "25.00", asOf: "2026-10-28T12:00:00Z"),  // -5 booked: agrees
                F.balance("B6", account: "CHK", amount: "20.00", asOf: "2026-10-30T12:00:00Z"),  // nothing booked: drift -5
                F.balance("B7", account: "CHK", amount: "17.00", asOf: "2026-10-31T12:00:00Z"),  // nothing booked: drift -3
            ])
        try ledger.append(
            "transactions/CHK",
            [
                F.transaction("T1", account: "CHK", date: "2026-10-05T12:00:00Z", amount: "20.00"),
                // At B3's instant: counts for B2 -> B3 (earlier < t <= later), not again for B3 -> B4.
                F.transaction("T3", account: "CHK", date: "2026-10-20T12:00:00Z", amount: "10.00"),
                // Not booked: never counts.
                F.transaction("T4", account: "CHK", date: "2026-10-21T12:00:00Z", amount: "20.00", status: "pending"),
                F.transaction("T5", account: "CHK", date: "2026-10-22T12:00:00Z", amount: "20.00", status: "memo"),
                F.transaction("T6", account: "CHK", date: "2026-10-27T12:00:00Z", amount: "5.00"),
            ])
        try ledger.sync()
        let report = try BalanceAnalysis.drift(ledger.store, accounts: try ledger.accounts())
        #expect(report.pairsChecked == 6)
        #expect(report.distinctDivergences == 3)
        #expect(
            report.divergences.map { "\($0.from) \($0.to) \($0.observed) \($0.derived) \($0.drift) \($0.firstDay)" } == [
                "2026-10-10 2026-10-20 500000 700000 -200000 2026-10-20",
                "2026-10-20 2026-10-25 300000 500000 -200000 2026-10-20",
                "2026-10-28 2026-10-30 200000 250000 -50000 2026-10-30",
                "2026-10-30 2026-10-31 170000 200000 -30000 2026-10-31",
            ])
        // Days are local: at UTC+14, B3 (12:00Z) is 2026-10-21 02:00.
        let kiritimati = try BalanceAnalysis.drift(
            ledger.store, accounts: try ledger.accounts(ReportTimeZone(identifier: "Pacific/Kiritimati")!))
        #expect(kiritimati.divergences.first?.firstDay == BalanceLedger.day("2026-10-21"))
        #expect(kiritimati.divergences.first?.from == BalanceLedger.day("2026-10-11"))
    }

    @Test("no drift when transactions explain the balances")
    func noDrift() throws {
        let ledger = try BalanceLedger(accounts: [F.account("CARD", kind: "liability", name: "Apple Card"), F.account("SAV")])
        try ledger.append(
            "balances/CARD",
            [
                F.balance("C1", account: "CARD", amount: "100.00", asOf: "2026-10-01T00:00:00Z", indicator: "debit"),
                F.balance("C2", account: "CARD", amount: "154.20", asOf: "2026-10-05T00:00:00Z", indicator: "debit"),
                F.balance("C3", account: "CARD", amount: "4.20", asOf: "2026-10-09T00:00:00Z", indicator: "debit"),
                // Paid off exactly, then a refund leaves a credit balance.
                F.balance("C4", account: "CARD", amount: "5.80", asOf: "2026-10-12T00:00:00Z", indicator: "credit"),
            ])
        try ledger.append(
            "transactions/CARD",
            [
                F.transaction("T1", account: "CARD", date: "2026-10-03T12:00:00Z", amount: "54.20"),
                F.transaction(
                    "T2", account: "CARD", date: "2026-10-07T12:00:00Z", amount: "150.00", indicator: "credit",
                    type: "billPayment", mcc: nil, merchant: nil, description: "PAYMENT"),
                F.transaction("T3", account: "CARD", date: "2026-10-10T12:00:00Z", amount: "10.00", indicator: "credit", type: "refund"),
                // Another currency's amount cannot change a USD balance.
                F.transaction("T4", account: "CARD", date: "2026-10-11T12:00:00Z", amount: "99", currency: "JPY"),
            ])
        // One observation: nothing to compare.
        try ledger.append("balances/SAV", [F.balance("S1", account: "SAV", amount: "10.00", asOf: "2026-10-01T00:00:00Z")])
        try ledger.sync()
        let report = try BalanceAnalysis.drift(ledger.store, accounts: try ledger.accounts())
        #expect(report.accountsChecked == 2)
        #expect(report.pairsChecked == 3)
        #expect(!report.hasDrift)
        #expect(report.divergences.isEmpty && report.distinctDivergences == 0)
    }
}

/// Cases the money rules leave open, decided as documented in BalanceAnalysis.
@Suite("Balance rules, edge cases")
struct BalanceEdgeCaseTests {
    typealias F = ExportFixture

    @Test("observations at the same instant: the last stored wins, and the pair is compared")
    func sameInstant() throws {
        let ledger = try BalanceLedger(accounts: [F.account("SAV")])
        try ledger.append(
            "balances/SAV",
            [
                F.balance("B1", account: "SAV", amount: "100.00", asOf: "2026-10-01T12:00:00Z"),
                F.balance("B2", account: "SAV", amount: "90.00", asOf: "2026-10-01T12:00:00Z"),
            ])
        try ledger.sync()
        #expect(try ledger.trend(from: "2026-10-01", to: "2026-10-01", every: .day).series.first?.balances == [usd("90.00")])
        let drift = try BalanceAnalysis.drift(ledger.store, accounts: try ledger.accounts())
        #expect(drift.divergences.map(\.drift) == [-10_0000])
    }

    @Test("a pair of observations in two currencies is not compared and ends a divergence; net worth keeps them apart")
    func currencyChange() throws {
        let ledger = try BalanceLedger(accounts: [F.account("SAV")])
        try ledger.append(
            "balances/SAV",
            [
                F.balance("B1", account: "SAV", amount: "100.00", asOf: "2026-10-01T12:00:00Z"),
                F.balance("B2", account: "SAV", amount: "90.00", asOf: "2026-10-02T12:00:00Z"),
                F.balance("B3", account: "SAV", amount: "80.00", currency: "EUR", asOf: "2026-10-03T12:00:00Z"),
                F.balance("B4", account: "SAV", amount: "70.00", currency: "EUR", asOf: "2026-10-04T12:00:00Z"),
            ])
        try ledger.sync()
        let drift = try BalanceAnalysis.drift(ledger.store, accounts: try ledger.accounts())
        #expect(drift.pairsChecked == 2 && drift.pairsSkipped == 1)
        #expect(
            drift.divergences.map { "\($0.currency) \($0.drift) \($0.firstDay)" } == [
                "USD -100000 2026-10-02", "EUR -100000 2026-10-04",
            ])
        #expect(drift.distinctDivergences == 2)
        let trend = try ledger.trend(from: "2026-10-02", to: "2026-10-03", every: .day)
        let series = try #require(trend.series.first)
        #expect(series.balances == [usd("90.00"), Money(units: 80_0000, currency: "EUR")])
        // Never a difference across currencies.
        #expect(series.change == nil)
        #expect(trend.rows.map(\.currency) == ["USD", "EUR"])
        let netWorth = try BalanceAnalysis.netWorth(
            ledger.store, accounts: try ledger.accounts(), from: BalanceLedger.day("2026-10-02"),
            to: BalanceLedger.day("2026-10-03"), every: .day)
        #expect(netWorth.rows.map { "\($0.date) \($0.currency) \($0.netWorth)" } == ["2026-10-02 USD 900000", "2026-10-03 EUR 800000"])
    }
}

/// Period ends: days, ISO weeks ending on Sunday, calendar months; the last period ends on --to.
@Suite("Report calendar")
struct ReportCalendarTests {
    static func days(_ ends: [CivilDate]) -> [String] { ends.map(\.description) }

    @Test("month ends, the last one cut short at --to")
    func months() {
        let ends = ReportCalendar.periodEnds(from: CivilDate(iso: "2024-01-15")!, to: CivilDate(iso: "2024-03-10")!, every: .month)
        #expect(Self.days(ends) == ["2024-01-31", "2024-02-29", "2024-03-10"])
        let exact = ReportCalendar.periodEnds(from: CivilDate(iso: "2026-10-01")!, to: CivilDate(iso: "2026-10-31")!, every: .month)
        #expect(Self.days(exact) == ["2026-10-31"])
    }

    @Test("week ends are Sundays")
    func weeks() {
        // 2026-10-26 is a Monday, 2026-11-15 a Sunday.
        let ends = ReportCalendar.periodEnds(from: CivilDate(iso: "2026-10-26")!, to: CivilDate(iso: "2026-11-15")!, every: .week)
        #expect(Self.days(ends) == ["2026-11-01", "2026-11-08", "2026-11-15"])
        #expect(ends.allSatisfy { $0.isoWeekday == 7 })
        let sunday = ReportCalendar.periodEnds(from: CivilDate(iso: "2026-11-01")!, to: CivilDate(iso: "2026-11-04")!, every: .week)
        #expect(Self.days(sunday) == ["2026-11-01", "2026-11-04"])
    }

    @Test("days, and nothing when --to is before --from")
    func daysAndEmpty() {
        let ends = ReportCalendar.periodEnds(from: CivilDate(iso: "2026-02-27")!, to: CivilDate(iso: "2026-03-01")!, every: .day)
        #expect(Self.days(ends) == ["2026-02-27", "2026-02-28", "2026-03-01"])
        #expect(ReportCalendar.periodEnds(from: CivilDate(iso: "2026-03-02")!, to: CivilDate(iso: "2026-03-01")!, every: .day).isEmpty)
    }

    @Test("12 months before, clamped to the month's length")
    func monthsBefore() {
        #expect(ReportCalendar.day(CivilDate(iso: "2026-11-15")!, addingMonths: -12).description == "2025-11-15")
        #expect(ReportCalendar.day(CivilDate(iso: "2024-02-29")!, addingMonths: -12).description == "2023-02-28")
        #expect(ReportCalendar.day(CivilDate(iso: "2026-03-31")!, addingMonths: -1).description == "2026-02-28")
    }
}
