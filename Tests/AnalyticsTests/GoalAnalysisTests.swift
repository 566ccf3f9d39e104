import Ledger
import LedgerStore
import Testing

@testable import Analytics

/// Each rule of a goal's figures (README, "Goals") on balances given straight: saved, remaining,
/// months left, per month rounded up, and on track over the last three whole months.
@Suite("Goal figures")
struct GoalAnalysisTests {
    static let october = YearMonth(year: 2026, month: 10)
    static let ends = (CivilDate(year: 2026, month: 6, day: 30), CivilDate(year: 2026, month: 9, day: 30))

    /// `dollars` in Money units.
    static func usd(_ dollars: Int64, cents: Int64 = 0) -> Int64 { dollars * 10_000 + cents * 100 }

    static func goal(
        target: Int64, by: YearMonth = YearMonth(year: 2027, month: 6), currency: String = "USD", payingDown: Bool = false,
        from: Int64?, to: Int64?, today: Int64?
    ) throws -> GoalReport.Goal {
        try GoalAnalysis.goal(
            GoalRecord(name: "Goal", accountID: "A", target: target, currency: currency, byMonth: by), accountName: "Account",
            accountLabel: "Account", isPayingDown: payingDown, month: october, balances: (from: from, to: to, today: today), ends: ends)
    }

    @Test("months left count the month ends from this month's to the goal's, both in; none once it has passed")
    func monthsLeft() throws {
        let figures: [(YearMonth, Int)] = [
            (YearMonth(year: 2027, month: 6), 9), (Self.october, 1), (YearMonth(year: 2026, month: 11), 2),
            (YearMonth(year: 2026, month: 9), 0), (YearMonth(year: 2025, month: 12), 0),
        ]
        for (by, months) in figures {
            #expect(try Self.goal(target: Self.usd(100), by: by, from: nil, to: nil, today: 0).monthsLeft == months, "\(by)")
        }
    }

    @Test("per month is what remains over the months left, rounded up to the currency's minor unit")
    func perMonthRoundsUp() throws {
        #expect(try GoalAnalysis.perMonth(Self.usd(500), months: 9, currency: "USD") == Self.usd(55, cents: 56))
        #expect(try GoalAnalysis.perMonth(Self.usd(600), months: 6, currency: "USD") == Self.usd(100))
        #expect(try GoalAnalysis.perMonth(Self.usd(600) + 1, months: 6, currency: "USD") == Self.usd(100, cents: 1))
        // A yen has no minor unit: 1,000 yen over three months is 334 a month.
        #expect(try GoalAnalysis.perMonth(1_000 * 10_000, months: 3, currency: "JPY") == 334 * 10_000)
        #expect(try GoalAnalysis.perMonth(Self.usd(500), months: 0, currency: "USD") == Self.usd(500))
        #expect(try GoalAnalysis.perMonth(0, months: 4, currency: "USD") == 0)
    }

    @Test("saving up: saved is the balance, remaining what is left to the target, never below zero")
    func savingUp() throws {
        let short = try Self.goal(target: Self.usd(10_000), from: Self.usd(7_700), to: Self.usd(9_050), today: Self.usd(9_500))
        #expect(short.saved == Self.usd(9_500))
        #expect(short.remaining == Self.usd(500))
        #expect(short.perMonth == Self.usd(55, cents: 56))
        #expect(short.progress == Self.usd(1_350))
        #expect(short.onTrack == true)
        let past = try Self.goal(target: Self.usd(9_000), from: nil, to: nil, today: Self.usd(9_500))
        #expect(past.remaining == 0)
        #expect(past.perMonth == 0)
        // Met, so on track, whatever the months before say (here: nothing).
        #expect(past.onTrack == true)
        #expect(past.missingBalanceOn == nil)
    }

    @Test("paying down: saved is what the liability owes, positive, and progress is the fall in what it owes")
    func payingDown() throws {
        let card = try Self.goal(
            target: Self.usd(200), payingDown: true, from: -Self.usd(2_000), to: -Self.usd(1_400), today: -Self.usd(1_100))
        #expect(card.saved == Self.usd(1_100))
        #expect(card.remaining == Self.usd(900))
        #expect(card.perMonth == Self.usd(100))
        #expect(card.progress == Self.usd(600))
        #expect(card.onTrack == true)
        let growing = try Self.goal(target: 0, payingDown: true, from: -Self.usd(100), to: -Self.usd(400), today: -Self.usd(450))
        #expect(growing.remaining == Self.usd(450))
        #expect(growing.progress == -Self.usd(300))
        #expect(growing.onTrack == false)
        let underTarget = try Self.goal(target: Self.usd(500), payingDown: true, from: nil, to: nil, today: -Self.usd(450))
        #expect(underTarget.remaining == 0)
        #expect(underTarget.onTrack == true)
    }

    @Test("on track takes exactly three times per month over the three months, not a unit less")
    func onTrackBoundary() throws {
        // $900 over 9 months: $100 a month, so $300 over the three months.
        let exact = try Self.goal(target: Self.usd(1_000), from: Self.usd(0), to: Self.usd(300), today: Self.usd(100))
        #expect(exact.perMonth == Self.usd(100))
        #expect(exact.onTrack == true)
        let short = try Self.goal(target: Self.usd(1_000), from: 1, to: Self.usd(300), today: Self.usd(100))
        #expect(short.onTrack == false)
    }

    @Test("a missing balance at either end of the three months leaves on track unknown, naming that day")
    func unknownOnTrack() throws {
        let noStart = try Self.goal(target: Self.usd(1_000), from: nil, to: Self.usd(300), today: Self.usd(100))
        #expect(noStart.onTrack == nil)
        #expect(noStart.progress == nil)
        #expect(noStart.missingBalanceOn == Self.ends.0)
        let noEnd = try Self.goal(target: Self.usd(1_000), from: Self.usd(100), to: nil, today: Self.usd(100))
        #expect(noEnd.missingBalanceOn == Self.ends.1)
    }

    @Test("an account without a balance has no figures but its months, and is no error")
    func noBalance() throws {
        let goal = try Self.goal(target: Self.usd(1_000), from: nil, to: nil, today: nil)
        #expect(goal.saved == nil)
        #expect(goal.remaining == nil)
        #expect(goal.perMonth == nil)
        #expect(goal.onTrack == nil)
        #expect(goal.missingBalanceOn == nil)
        #expect(goal.monthsLeft == 9)
    }
}
