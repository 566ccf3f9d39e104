import Ledger
import LedgerStore

/// Finds recurring charges among the counted expenses of a scope, deterministically: per
/// merchant (else description) and currency, at least three charges, every gap between two
/// charges within one cadence's band, every amount within 20 % of the typical one.
public enum RecurringAnalysis {
    /// One counted expense: its local day, amount and category.
    struct Charge: Equatable {
        let date: CivilDate
        let amount: Int64
        let category: String
    }

    /// Days between charges that make each cadence, its step to the next date, and the grace
    /// before an expected charge counts as missed.
    static func band(_ cadence: RecurringReport.Cadence) -> (gaps: ClosedRange<Int>, grace: Int) {
        switch cadence {
        case .weekly: (6...8, 2)
        case .monthly: (26...35, 5)
        case .quarterly: (84...98, 10)
        case .yearly: (350...380, 20)
        }
    }

    static let minimumCount = 3
    /// Amounts within this share of the typical amount, in percent, are the same charge.
    static let tolerancePercent: Int64 = 20

    public static func report(_ store: LedgerStore, scope: ReportScope, first: CivilDate, asOf: CivilDate) throws -> RecurringReport {
        struct Key: Hashable {
            let merchant: String
            let currency: String
        }
        var charges: [Key: [Charge]] = [:]
        try CountedTransactions.forEach(store, scope) { transaction, classification in
            guard classification.flow == .expense else { return }
            let key = Key(merchant: transaction.merchantName ?? transaction.description, currency: transaction.currency)
            charges[key, default: []].append(
                Charge(date: scope.date(of: transaction), amount: transaction.amount, category: classification.category))
        }
        let items = try charges.compactMap { key, charges in
            try detect(merchant: key.merchant, currency: key.currency, charges: charges, asOf: asOf)
        }
        .sorted { ($0.merchant.lowercased(), $0.merchant, $0.currency) < ($1.merchant.lowercased(), $1.merchant, $1.currency) }
        return RecurringReport(first: first, asOf: asOf, timeZones: scope.accounts.zoneNames, items: items)
    }

    /// The recurring charge these charges make, or nil when they make none.
    static func detect(merchant: String, currency: String, charges unsorted: [Charge], asOf: CivilDate) throws -> RecurringReport.Item? {
        // Two charges on one day (a split, a double charge) are one occurrence.
        var charges: [Charge] = []
        for charge in unsorted.sorted(by: { ($0.date, $0.amount) < ($1.date, $1.amount) }) {
            if let last = charges.last, last.date == charge.date {
                let amount = try Money.sum(last.amount, charge.amount, currency: currency)
                charges[charges.count - 1] = Charge(date: last.date, amount: amount, category: last.category)
            } else {
                charges.append(charge)
            }
        }
        guard charges.count >= minimumCount else { return nil }
        let gaps = zip(charges, charges.dropFirst()).map { $1.date.daysSinceEpoch - $0.date.daysSinceEpoch }
        guard let cadence = RecurringReport.Cadence.allCases.first(where: { cadence in gaps.allSatisfy(band(cadence).gaps.contains) })
        else { return nil }
        let earlier = charges.dropLast().map(\.amount).sorted()
        let typical = earlier[(earlier.count - 1) / 2]
        let tolerance = typical * tolerancePercent / 100
        guard charges.allSatisfy({ abs($0.amount - typical) <= tolerance }) else { return nil }
        let last = charges[charges.count - 1]
        let next = nextDate(after: last.date, cadence)
        var flags: [RecurringReport.Flag] = []
        if charges[0].date > previousDate(before: asOf, cadence, periods: 3) { flags.append(.new) }
        if last.amount != typical { flags.append(.priceChange(change: last.amount - typical)) }
        if asOf.daysSinceEpoch > next.daysSinceEpoch + band(cadence).grace { flags.append(.missed) }
        return RecurringReport.Item(
            merchant: merchant, category: last.category, currency: currency, cadence: cadence, typicalAmount: typical,
            lastAmount: last.amount, firstDate: charges[0].date, lastDate: last.date, nextDate: next, count: charges.count,
            flags: flags)
    }

    /// A week later, or the same day of the month one, three or twelve months on (the last
    /// day of a shorter month).
    static func nextDate(after date: CivilDate, _ cadence: RecurringReport.Cadence) -> CivilDate {
        switch cadence {
        case .weekly: date.adding(days: 7)
        case .monthly: adding(months: 1, to: date)
        case .quarterly: adding(months: 3, to: date)
        case .yearly: adding(months: 12, to: date)
        }
    }

    static func previousDate(before date: CivilDate, _ cadence: RecurringReport.Cadence, periods: Int) -> CivilDate {
        switch cadence {
        case .weekly: date.adding(days: -7 * periods)
        case .monthly: adding(months: -periods, to: date)
        case .quarterly: adding(months: -3 * periods, to: date)
        case .yearly: adding(months: -12 * periods, to: date)
        }
    }

    static func adding(months: Int, to date: CivilDate) -> CivilDate {
        let month = YearMonth(date).adding(months: months)
        return CivilDate(year: month.year, month: month.month, day: min(date.day, CivilDate.daysIn(year: month.year, month: month.month)))
    }
}
