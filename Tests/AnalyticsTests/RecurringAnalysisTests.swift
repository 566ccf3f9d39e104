import Ledger
import Testing

@testable import Analytics

/// Recurring charge detection on hand-made charges: each cadence, a price change, a cancelled
/// subscription, a new one, and noise that must not be reported.
@Suite("Recurring charges")
struct RecurringAnalysisTests {
    static func charges(from start: String, every step: (CivilDate, Int) -> CivilDate, count: Int, amounts: [Int64]) -> [RecurringAnalysis
        .Charge]
    {
        let first = CivilDate(iso: start)!
        return (0..<count).map { index in
            RecurringAnalysis.Charge(date: step(first, index), amount: amounts[min(index, amounts.count - 1)], category: "Subscriptions")
        }
    }

    static func monthly(_ date: CivilDate, _ index: Int) -> CivilDate { RecurringAnalysis.adding(months: index, to: date) }

    static func detect(_ charges: [RecurringAnalysis.Charge], asOf: String) throws -> RecurringReport.Item? {
        try RecurringAnalysis.detect(merchant: "Shop", currency: "USD", charges: charges, asOf: CivilDate(iso: asOf)!)
    }

    @Test(
        "each cadence is found, with its next date",
        arguments: [
            (RecurringReport.Cadence.weekly, "2026-10-27"),
            (.monthly, "2026-11-30"),
            (.quarterly, "2027-01-31"),
            (.yearly, "2027-10-31"),
        ])
    func cadences(cadence: RecurringReport.Cadence, next: String) throws {
        let step: (CivilDate, Int) -> CivilDate =
            switch cadence {
            case .weekly: { $0.adding(days: 7 * $1) }
            case .monthly: { Self.monthly($0, $1) }
            case .quarterly: { Self.monthly($0, 3 * $1) }
            case .yearly: { Self.monthly($0, 12 * $1) }
            }
        // Four charges whose last is on 20 October 2026 (weekly) or 31 October 2026.
        let last = cadence == .weekly ? CivilDate(iso: "2026-10-20")! : CivilDate(iso: "2026-10-31")!
        let first =
            switch cadence {
            case .weekly: last.adding(days: -21)
            case .monthly: Self.monthly(last, -3)
            case .quarterly: Self.monthly(last, -9)
            case .yearly: Self.monthly(last, -36)
            }
        let charges = (0..<4).map { RecurringAnalysis.Charge(date: step(first, $0), amount: 9_990_000, category: "X") }
        let item = try #require(try Self.detect(charges, asOf: last.description))
        #expect(item.cadence == cadence)
        #expect(item.count == 4)
        #expect(item.nextDate == CivilDate(iso: next)!)
        #expect(item.typicalAmount == 9_990_000)
        #expect(item.flags == [])
    }

    @Test("monthly on the 31st steps to the last day of shorter months")
    func monthEnds() {
        #expect(RecurringAnalysis.adding(months: 1, to: CivilDate(iso: "2026-01-31")!) == CivilDate(iso: "2026-02-28")!)
    }

    @Test("a price change: the last amount differs from the typical one, with the change")
    func priceChange() throws {
        let charges = Self.charges(
            from: "2026-05-07", every: Self.monthly, count: 6, amounts: [154_900, 154_900, 154_900, 154_900, 154_900, 179_900])
        let item = try #require(try Self.detect(charges, asOf: "2026-10-08"))
        #expect(item.typicalAmount == 154_900)
        #expect(item.lastAmount == 179_900)
        #expect(item.flags == [.priceChange(change: 25_000)])
    }

    @Test("a cancelled subscription is flagged missed once its next date and grace have passed")
    func cancelled() throws {
        let charges = Self.charges(from: "2026-03-12", every: Self.monthly, count: 5, amounts: [119_900])
        // Last charge 12 July: next expected 12 August, missed from 18 August (5 days' grace).
        #expect(try Self.detect(charges, asOf: "2026-08-17")?.flags == [])
        #expect(try Self.detect(charges, asOf: "2026-08-18")?.flags == [.missed])
    }

    @Test("new: the first charge falls in the last three periods of the cadence")
    func new() throws {
        let charges = Self.charges(from: "2026-08-15", every: Self.monthly, count: 3, amounts: [50_000])
        #expect(try Self.detect(charges, asOf: "2026-10-31")?.flags == [.new])
        let older = Self.charges(from: "2026-07-15", every: Self.monthly, count: 4, amounts: [50_000])
        #expect(try Self.detect(older, asOf: "2026-10-31")?.flags == [])
    }

    @Test(
        "noise is not reported: too few, irregular gaps, amounts that vary too much",
        arguments: [
            // Two charges only.
            [("2026-09-01", 100_000), ("2026-10-01", 100_000)],
            // Irregular: 3, 17 and 40 days apart.
            [("2026-08-01", 100_000), ("2026-08-04", 100_000), ("2026-08-21", 100_000), ("2026-09-30", 100_000)],
            // Monthly dates but a grocery bill: amounts far apart.
            [("2026-07-01", 500_000), ("2026-08-01", 1_500_000), ("2026-09-01", 800_000), ("2026-10-01", 2_000_000)],
            // A month skipped: a 61-day gap fits no cadence.
            [("2026-06-01", 100_000), ("2026-07-01", 100_000), ("2026-09-01", 100_000), ("2026-10-01", 100_000)],
        ])
    func noise(dates: [(String, Int64)]) throws {
        let charges = dates.map { RecurringAnalysis.Charge(date: CivilDate(iso: $0.0)!, amount: $0.1, category: "X") }
        #expect(try Self.detect(charges, asOf: "2026-10-31") == nil)
    }
}
