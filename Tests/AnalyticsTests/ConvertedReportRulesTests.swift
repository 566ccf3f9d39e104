import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

@testable import Analytics

/// The conversion rules of net worth, trend, summary and explain (README, "Converting between
/// currencies"), each by name, on `ConversionFixture`'s ledger: every expected figure is worked
/// out here from the fixture's balances and rates.
@Suite("Converted report rules")
struct ConvertedReportRulesTests {
    static let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    static let utc = ReportTimeZone(identifier: "UTC")!
    let folder: TemporaryFolder
    let store: LedgerStore

    init() throws {
        folder = try TemporaryFolder()
        let export = try ConversionFixture.export(in: folder.url)
        let database = folder.file("ledger.sqlite")
        store = try LedgerStore(path: database, mode: .create(keeper: ClassificationKeeper(base: Self.utc)), now: Self.now)
        let report = try SyncEngine(store: store, now: Self.now).sync(WalletExportSource(path: export.path))
        if let failure = report.failures.first { throw failure }
        let rates = try ConversionFixture.rates()
        _ = try store.importRates { add in
            for rate in rates { try add(rate) }
        }
    }

    /// Each account in its own zone (the UK account in London's), or all forced into UTC.
    func accounts(forcingUTC: Bool = false) throws -> ReportAccounts {
        try ReportAccounts(store: store, base: Self.utc, forced: forcingUTC)
    }

    static func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    /// `units` x `numerator / denominator`, half to even to 1/10,000.
    static func converted(_ units: Int64, _ numerator: Int64, _ denominator: Int64) -> Int64 {
        let (quotient, remainder) = (units * numerator).quotientAndRemainder(dividingBy: denominator)
        return remainder * 2 > denominator || (remainder * 2 == denominator && quotient % 2 == 1) ? quotient + 1 : quotient
    }

    /// Half to even to the cent (100 units).
    static func cents(_ units: Int64) -> Int64 {
        let (quotient, remainder) = units.quotientAndRemainder(dividingBy: 100)
        let rounded = remainder * 2 > 100 || (remainder * 2 == 100 && quotient % 2 != 0) ? quotient + 1 : quotient
        return rounded * 100
    }

    /// 2026-09-30: £800.00 at 1.09 / 0.86; 2026-10-31, a Saturday: £900.00 and €100.00 at Friday's 1.0834 / 0.8571.
    static let september = (current: converted(8_000_000, 10_900, 8_600), checking: Int64(10_000_000), card: Int64(-2_500_000))
    static let october = (
        current: converted(9_000_000, 10_834, 8_571), giro: converted(1_000_000, 10_834, 10_000), checking: Int64(15_000_000),
        card: Int64(-3_000_000)
    )

    @Test("net worth converts each balance at its period end's rate, sums exactly and shows the sum to the cent")
    func netWorth() throws {
        let report = try BalanceAnalysis.netWorth(
            store, accounts: try accounts(), from: Self.day("2026-09-01"), to: Self.day("2026-10-31"), every: .month, convertTo: "USD")
        let octoberAssets = Self.october.checking + Self.october.current + Self.october.giro
        #expect(
            report.rows == [
                NetWorthReport.Row(
                    date: Self.day("2026-09-30"), currency: "USD", assets: Self.cents(Self.september.checking + Self.september.current),
                    liabilities: -2_500_000, netWorth: Self.cents(Self.september.checking + Self.september.current + Self.september.card),
                    accounts: 3),
                NetWorthReport.Row(
                    date: Self.day("2026-10-31"), currency: "USD", assets: Self.cents(octoberAssets), liabilities: -3_000_000,
                    netWorth: Self.cents(octoberAssets + Self.october.card), accounts: 4),
            ])
        #expect(report.convertedTo == "USD")
        #expect(report.currencies.map(\.currency) == ["USD"])
        // The change is between the two net worths shown.
        let summary = try #require(report.currencies.first)
        #expect(summary.change == summary.last! - summary.first!)
    }

    @Test("a balance with no rate within 7 days is left out of every sum and counted, never taken 1:1")
    func netWorthLeavesOut() throws {
        let report = try BalanceAnalysis.netWorth(
            store, accounts: try accounts(), from: Self.day("2026-10-01"), to: Self.day("2026-10-31"), every: .month, convertTo: "USD")
        #expect(
            report.unconverted == [
                UnconvertedAmounts(
                    kind: .balances, currency: "JPY", target: "USD", count: 1, units: 500_000_000, firstDay: Self.day("2026-10-31"))
            ])
        #expect(report.rows.map(\.accounts) == [4])
        // Without a target nothing is converted or counted: four currencies, as before.
        let plain = try BalanceAnalysis.netWorth(
            store, accounts: try accounts(), from: Self.day("2026-10-01"), to: Self.day("2026-10-31"), every: .month)
        #expect(plain.rows.map(\.currency) == ["EUR", "GBP", "JPY", "USD"])
        #expect(plain.convertedTo == nil && plain.unconverted.isEmpty)
    }

    @Test("trend shows each converted balance to the cent, in the target's currency; no rate is no balance")
    func trend() throws {
        let report = try BalanceAnalysis.trend(
            store, accounts: try accounts(), from: Self.day("2026-09-01"), to: Self.day("2026-10-31"), every: .month, convertTo: "USD")
        let current = try #require(report.series.first { $0.accountID == "UK" })
        #expect(current.currency == "USD")
        #expect(
            current.balances == [
                Money(units: Self.cents(Self.september.current), currency: "USD"),
                Money(units: Self.cents(Self.october.current), currency: "USD"),
            ])
        #expect(current.change == Money(units: Self.cents(Self.october.current) - Self.cents(Self.september.current), currency: "USD"))
        let yen = try #require(report.series.first { $0.accountID == "JP" })
        #expect(yen.balances == [nil, nil])
        #expect(report.unconverted.map(\.currency) == ["JPY"])
    }

    @Test("a transaction converts at the rate of its own local day, in its account's zone")
    func localDay() throws {
        // Tesco's £30.00 at 23:30 UTC on 4 October is 00:30 on the 5th in London: the 5th's rate.
        func tesco(_ accounts: ReportAccounts) throws -> ExplainReport.Entry {
            let report = try ExplainAnalysis.report(
                store, scope: ReportScope(months: YearMonth(year: 2026, month: 10)...YearMonth(year: 2026, month: 10), accounts: accounts),
                months: [YearMonth(year: 2026, month: 10)], filters: ExplainReport.Filters(merchant: "tesco"), convertTo: "USD")
            return try #require(report.counted.first)
        }
        let london = try tesco(try accounts())
        #expect(london.conversion?.amount == Self.converted(300_000, 10_870, 8_580))
        #expect(london.conversion?.choice?.date == Self.day("2026-10-05"))
        #expect(london.conversion?.choice?.route == .cross(via: "EUR"))
        #expect(london.conversion?.choice?.source == .imported)
        // Forced into UTC its day is the 4th, which reaches back to September 30th's rate.
        let utc = try tesco(try accounts(forcingUTC: true))
        #expect(utc.conversion?.amount == Self.converted(300_000, 10_900, 8_600))
        #expect(utc.conversion?.choice?.date == Self.day("2026-09-30"))
    }

    @Test("explain: the card's rate where no imported one is near, none at all said so, and a converted total")
    func explain() throws {
        let accounts = try accounts()
        let report = try ExplainAnalysis.report(
            store, scope: ReportScope(months: YearMonth(year: 2026, month: 10)...YearMonth(year: 2026, month: 10), accounts: accounts),
            months: [YearMonth(year: 2026, month: 10)], filters: ExplainReport.Filters(), convertTo: "USD")
        let rewe = try #require(report.counted.first { $0.merchantName == "Rewe" })
        #expect(rewe.conversion?.choice?.source == .card)
        #expect(rewe.conversion?.choice?.date == Self.day("2026-10-19"))
        #expect(rewe.conversion?.amount == 272_500)  // €25.00 x 1.09
        let boots = try #require(report.counted.first { $0.merchantName == "Boots" })
        #expect(boots.conversion?.amount == nil && boots.conversion?.choice == nil)
        let refund = try #require(report.counted.first { $0.classification.flow == .refund })
        #expect(refund.convertedSpendingAmount == -Self.converted(50_000, 10_870, 8_580))
        let spent =
            542_000 + 654_000 + 272_500 + Self.converted(300_000, 10_870, 8_580) + Self.converted(125_000, 10_870, 8_580)
        let refunded = Self.converted(50_000, 10_870, 8_580)
        #expect(
            report.convertedTotal
                == ExplainReport.Total(
                    currency: "USD", spent: Self.cents(spent), refunded: Self.cents(refunded), net: Self.cents(spent - refunded), count: 6))
        #expect(report.unconverted.map { "\($0.currency) \($0.count)" } == ["GBP 1", "JPY 1"])
        // Not converting leaves the entries as they were.
        let plain = try ExplainAnalysis.report(
            store, scope: ReportScope(months: YearMonth(year: 2026, month: 10)...YearMonth(year: 2026, month: 10), accounts: accounts),
            months: [YearMonth(year: 2026, month: 10)], filters: ExplainReport.Filters())
        #expect(plain.counted.allSatisfy { $0.conversion == nil } && plain.convertedTotal == nil)
    }

    @Test("a converted summary is one section in the target, net worth one line, balances their own; its records are the ledger's own")
    func summary() throws {
        let accounts = try accounts()
        let converted = try SummaryAnalysis.report(
            store, month: YearMonth(year: 2026, month: 10), accounts: accounts, now: Self.now, convertTo: "USD")
        let plain = try SummaryAnalysis.report(store, month: YearMonth(year: 2026, month: 10), accounts: accounts, now: Self.now)
        #expect(converted.records == plain.records)
        #expect(!converted.records.isEmpty)
        let report = converted.report
        #expect(report.currencies.map(\.currency) == ["USD"])
        #expect(report.netWorth.map(\.currency) == ["USD"])
        #expect(
            report.netWorth.first?.netWorth
                == Self.cents(Self.october.checking + Self.october.current + Self.october.giro + Self.october.card))
        #expect(report.balances.map(\.currency) == plain.report.balances.map(\.currency))
        // Pending: Amazon UK's £15.00 on the 28th at the 23rd's 1.0850 / 0.8590.
        #expect(report.currencies.first?.pendingOut == Self.cents(Self.converted(150_000, 10_850, 8_590)))
        // September's Tesco £40.00 on the 20th at the 18th's 1.0950 / 0.8650, with the card's $120.00.
        #expect(report.currencies.first?.previousNet == Self.cents(1_200_000 + Self.converted(400_000, 10_950, 8_650)))
        #expect(
            report.unconverted.map { "\($0.kind.rawValue) \($0.currency)" } == ["transactions GBP", "transactions JPY", "balances JPY"])
        #expect(plain.report.convertedTo == nil && plain.report.unconverted.isEmpty)
    }
}
