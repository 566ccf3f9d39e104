import Ledger
import Testing

@testable import Analytics

/// The rules of `report upcoming` on hand-made series and rows: which days are expected, and how
/// a balance runs through them to a shortfall.
@Suite("Upcoming")
struct UpcomingAnalysisTests {
    static func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    /// A monthly series of three charges whose last is on `last`.
    static func series(_ merchant: String, lastOn last: String, amount: Int64, asOf: String = "2026-10-20") throws -> RecurringReport.Item {
        let charges = (0..<3).reversed().map { back in
            RecurringAnalysis.Charge(
                date: RecurringAnalysis.nextDate(after: day(last), .monthly, periods: -back), amount: amount, category: "X")
        }
        return try #require(try RecurringAnalysis.detect(merchant: merchant, currency: "USD", charges: charges, asOf: day(asOf)))
    }

    static func row(_ date: String, _ cents: Int64, _ direction: CreditDebitIndicator, currency: String = "USD") -> UpcomingReport.Row {
        UpcomingReport.Row(
            date: day(date), accountID: "A", accountName: "Everyday", accountLabel: "Everyday", merchant: "M", category: "X",
            direction: direction, flow: direction == .credit ? .income : .expense, amount: cents, currency: currency, cadence: .monthly)
    }

    @Test("rows are every expected day after today up to the window's last, a missed series too, by date then merchant")
    func rows() throws {
        let rent = try Self.series("Rent", lastOn: "2026-09-25", amount: 150_000)
        let gym = try Self.series("Gym", lastOn: "2026-09-05", amount: 4_000)
        #expect(gym.flags.contains(.missed))
        let rows = UpcomingAnalysis.rows([rent, gym], after: Self.day("2026-10-20"), through: Self.day("2026-11-25"))
        #expect(rows.map { "\($0.date) \($0.merchant)" } == ["2026-10-25 Rent", "2026-11-05 Gym", "2026-11-25 Rent"])
        #expect(rows.map(\.amount) == [150_000, 4_000, 150_000])
        // Today itself is not in the window; the last day is.
        #expect(UpcomingAnalysis.rows([rent], after: Self.day("2026-10-25"), through: Self.day("2026-11-24")).isEmpty)
    }

    @Test("credits add and debits subtract; an asset's shortfall is the first day that closes below zero")
    func belowZero() throws {
        let rows = [
            Self.row("2026-10-25", 150_000, .debit), Self.row("2026-11-01", 400_000, .credit), Self.row("2026-11-25", 300_000, .debit),
        ]
        let run = try UpcomingAnalysis.run(rows, opening: Money(units: 100_000, currency: "USD"), floor: 0)
        #expect(run.rows.map(\.balance) == [-50_000, 350_000, 50_000])
        #expect(run.shortfall == UpcomingReport.Shortfall(date: Self.day("2026-10-25"), balance: -50_000))
        let enough = try UpcomingAnalysis.run(rows, opening: Money(units: 150_000, currency: "USD"), floor: 0)
        #expect(enough.rows.map(\.balance) == [0, 400_000, 100_000])
        #expect(enough.shortfall == nil)
    }

    @Test("a day's rows are taken together: pay landing the day the rent goes out is no shortfall")
    func sameDay() throws {
        let rows = [Self.row("2026-11-01", 150_000, .debit), Self.row("2026-11-01", 400_000, .credit)]
        let run = try UpcomingAnalysis.run(rows, opening: Money(units: 10_000, currency: "USD"), floor: 0)
        #expect(run.rows.map(\.balance) == [-140_000, 260_000])
        #expect(run.shortfall == nil)
    }

    @Test("a liability's floor is minus its credit limit; without a limit nothing is called out")
    func creditLimit() throws {
        #expect(UpcomingAnalysis.floor(.liability, creditLimit: 500_000) == -500_000)
        #expect(UpcomingAnalysis.floor(.liability, creditLimit: nil) == nil)
        #expect(UpcomingAnalysis.floor(.asset, creditLimit: nil) == 0)
        #expect(UpcomingAnalysis.floor(.unrecognized("brokerage"), creditLimit: nil) == 0)
        let rows = [Self.row("2026-11-05", 1_549, .debit), Self.row("2026-11-12", 1_199, .debit)]
        let opening = Money(units: -498_000, currency: "USD")
        let run = try UpcomingAnalysis.run(rows, opening: opening, floor: -500_000)
        #expect(run.shortfall == UpcomingReport.Shortfall(date: Self.day("2026-11-12"), balance: -500_748))
        #expect(try UpcomingAnalysis.run(rows, opening: opening, floor: nil).shortfall == nil)
    }

    @Test("without a balance the rows have none; a row in another currency leaves the balance alone")
    func noBalance() throws {
        let rows = [Self.row("2026-10-25", 150_000, .debit), Self.row("2026-10-26", 9_000, .debit, currency: "EUR")]
        let none = try UpcomingAnalysis.run(rows, opening: nil, floor: 0)
        #expect(none.rows.map(\.balance) == [nil, nil])
        #expect(none.shortfall == nil)
        let run = try UpcomingAnalysis.run(rows, opening: Money(units: 200_000, currency: "USD"), floor: 0)
        #expect(run.rows.map(\.balance) == [50_000, nil])
    }
}
