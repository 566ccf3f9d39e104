import Ledger
import LedgerStore

/// Projects a budget's period to its last day (README, "Budgets": Projected):
///
///     projected = net so far (the period's first day through today)
///               + each recurring expense series with a part in the category, not missed: its
///                 typical amount (the category's share of it, for a split) on every day it is
///                 expected, from its next date (one due today or late has not come yet) by the
///                 period's last day
///               + the category's net over the three whole months before today's month, less the
///                 recurring charges in them, x days left / days in those months
///
/// The recurring series are those `report recurring` finds by default as of today (from the
/// first day of this month a year ago), found once for every budget projected; with pending
/// counted, a pending charge is its series' latest, so it is not due again.
public struct BudgetProjector {
    let store: LedgerStore
    let accounts: ReportAccounts
    let today: CivilDate
    let includePending: Bool
    /// The recurring expense series as of today.
    let recurring: [RecurringReport.Item]
    /// Every category the caller projects, when it says: their unconverted sums of the same days
    /// are read once for all of them rather than once for each.
    let categories: Set<String>?
    private let sums = CategorySums()

    /// `includePending`: whether the net so far, and the series, count pending and authorized
    /// transactions; the window counts booked ones only. `series`: those of `seriesScope`, when
    /// already read. `categories`: every category `projection` will be asked for, if known.
    public init(
        _ store: LedgerStore, accounts: ReportAccounts, today: CivilDate, includePending: Bool = false, series: RecurringReport? = nil,
        categories: Set<String>? = nil
    ) throws {
        self.store = store
        self.accounts = accounts
        self.today = today
        self.includePending = includePending
        self.categories = categories
        let wanted = Self.seriesScope(accounts: accounts, today: today, includePending: includePending)
        recurring = try (series ?? RecurringAnalysis.report(store, scope: wanted.scope, first: wanted.first, asOf: wanted.asOf)).items
            .filter { $0.flow == .expense }
    }

    /// Where the series come from: the first day of this month a year ago through today.
    static func seriesScope(accounts: ReportAccounts, today: CivilDate, includePending: Bool) -> RecurringAnalysis.AlongsideScope {
        let first = YearMonth(today).adding(months: -12).firstDay
        var scope = ReportScope(first: first, last: today, accounts: accounts)
        scope.includePending = includePending
        return RecurringAnalysis.AlongsideScope(scope: scope, first: first, asOf: today)
    }

    /// The projection of the budget of `category` in `currency` over the period `firstDay`
    /// through `lastDay` (the one holding today). `allCurrencies`: the category's spending in
    /// every currency counts, converted into `currency` as `report budget` converts it, and a
    /// recurring charge of another currency at the rate of the day it is expected.
    public func projection(
        category: String, currency: String, allCurrencies: Bool, firstDay: CivilDate, lastDay: CivilDate
    ) throws -> BudgetProjection {
        let windowFirst = YearMonth(today).adding(months: -3)
        let windowLast = YearMonth(today).adding(months: -1)
        let rates =
            allCurrencies
            ? try RateTable.load(store, accounts: accounts, firstDay: min(firstDay, windowFirst.firstDay), lastDay: lastDay) : nil
        // The net so far converts apart: `report budget` already says what its month left out.
        var soFarConversion = rates.map { CurrencyConversion(into: currency, rates: $0) }
        var conversion = soFarConversion
        /// An amount of a series in the budget's currency on `day`; nil when no rate reached it.
        func amount(_ units: Int64, of item: RecurringReport.Item, on day: CivilDate) throws -> Int64? {
            guard item.currency != currency, var converting = conversion else { return units }
            defer { conversion = converting }
            return try converting.convert(units, currency: item.currency, on: day).map {
                Money.roundedToMinorUnit($0, currency: currency)
            }
        }
        // A series is the category's when its last charge has a part in it; a cancelled one (missed) is not due.
        let series = recurring.filter { item in
            !item.isMissed && (item.charges.last?.amount(in: category) ?? 0) > 0 && (allCurrencies || item.currency == currency)
        }

        let soFar = try net(category, currency, first: firstDay, last: max(firstDay, today), pending: includePending, &soFarConversion)
        var due: [BudgetProjection.Due] = []
        var dueTotal: Int64 = 0
        for item in series {
            guard let last = item.charges.last else { continue }
            let typical = try Self.share(item.typicalAmount, last.amount(in: category), of: last.amount, currency: item.currency)
            for date in item.expectedDates(after: item.lastDate, through: lastDay) {
                // No rate is known ahead of today: a charge still to come converts at today's.
                let converted = try amount(typical, of: item, on: min(date, today))
                if let converted { dueTotal = try Money.sum(dueTotal, converted, currency: currency) }
                due.append(
                    BudgetProjection.Due(
                        date: date, merchant: item.merchant, accountID: item.accountID, accountName: item.accountLabel,
                        amount: converted, originalCurrency: item.currency, originalAmount: typical))
            }
        }
        due.sort { ($0.date, $0.merchant, $0.accountID) < ($1.date, $1.merchant, $1.accountID) }

        // Every recurring expense series' charges in the window, by their own category, whatever
        // the series' category now.
        let windowNet = try net(category, currency, first: windowFirst.firstDay, last: windowLast.lastDay, pending: false, &conversion)
        var windowRecurring: Int64 = 0
        for item in recurring where allCurrencies || item.currency == currency {
            for charge in item.charges
            where charge.amount(in: category) != 0 && charge.date >= windowFirst.firstDay && charge.date <= windowLast.lastDay {
                guard let units = try amount(charge.amount(in: category), of: item, on: charge.date) else { continue }
                windowRecurring = try Money.sum(windowRecurring, units, currency: currency)
            }
        }
        let nonRecurringNet = try Money.difference(windowNet, windowRecurring, currency: currency)
        let windowDays = windowLast.lastDay.daysSinceEpoch - windowFirst.firstDay.daysSinceEpoch + 1
        let daysLeft = max(0, lastDay.daysSinceEpoch - today.daysSinceEpoch)
        let nonRecurring = try Self.share(nonRecurringNet, Int64(daysLeft), of: Int64(windowDays), currency: currency)
        let projected = try Money.sum(Money.sum(soFar, dueTotal, currency: currency), nonRecurring, currency: currency)
        return BudgetProjection(
            category: category, currency: currency, allCurrencies: allCurrencies, firstDay: firstDay, lastDay: lastDay,
            today: today, soFar: soFar, due: due, dueTotal: dueTotal, windowFirst: windowFirst, windowLast: windowLast,
            windowDays: windowDays, windowNet: windowNet, windowRecurring: windowRecurring, nonRecurringNet: nonRecurringNet,
            daysLeft: daysLeft, nonRecurring: nonRecurring, projected: projected,
            unconverted: try UnconvertedAmounts.merged((soFarConversion?.unconverted ?? []) + (conversion?.unconverted ?? [])),
            unconvertedBesidesSoFar: conversion?.unconverted ?? [])
    }

    /// The budgets of `category` in force in `month`, one per currency, each with the months of
    /// its period holding `month`, as `report budget` counts them.
    public static func budgets(_ records: [BudgetRecord], of category: String, in month: YearMonth)
        -> [(record: BudgetRecord, months: ClosedRange<YearMonth>)]
    {
        Dictionary(grouping: records.filter { $0.category == category && $0.scope == .category }, by: \.currency).values
            .compactMap { history in
                guard let entry = BudgetAnalysis.entry(history, at: month),
                    let months = BudgetAnalysis.period(holding: month, history: history)
                else { return nil }
                return (entry, months)
            }
            .sorted { $0.record.currency < $1.record.currency }
    }

    /// The category's net spending from `first` through `last` as `report budget` counts it:
    /// converted, each month's sums rounded to the minor unit.
    func net(
        _ category: String, _ currency: String, first: CivilDate, last: CivilDate, pending: Bool,
        _ conversion: inout CurrencyConversion?
    ) throws -> Int64 {
        guard first <= last else { return 0 }
        var scope = ReportScope(first: first, last: last, accounts: accounts)
        scope.includePending = pending
        let rows: [SpendingReport.Row]
        if conversion == nil, let categories, categories.contains(category) {
            rows = try sums.rows(first: first, last: last, pending: pending) {
                var none: CurrencyConversion?
                return try SpendingAnalysis.aggregate(store, scope: scope, grouping: .category, converting: &none, categories: categories)
            }
        } else {
            rows = try SpendingAnalysis.aggregate(store, scope: scope, grouping: .category, converting: &conversion, categories: [category])
        }
        var total: Int64 = 0
        for row in rows where row.category == category && row.currency == currency {
            let shown = conversion == nil ? row : try row.rounded(to: currency)
            total = try Money.sum(
                total, NetSpending.net(spent: shown.spent, refunded: shown.refunded, currency: currency), currency: currency)
        }
        return total
    }

    /// `units` x `part` / `whole` (`whole` > 0), rounded half to even once, to the minor unit of
    /// `currency`; in 128 bits, so only a result too large to hold fails.
    static func share(_ units: Int64, _ part: Int64, of whole: Int64, currency: String) throws(MoneyError) -> Int64 {
        guard part != whole else { return Money.roundedToMinorUnit(units, currency: currency) }
        let step = Money.minorUnitStep(currency)
        let (divisor, tooLarge) = whole.multipliedReportingOverflow(by: step)
        guard !tooLarge, divisor > 0 else { throw .overflow(currency) }
        // On magnitudes, the sign put back at the end: |units x part| / divisor, half to even.
        let product = units.magnitude.multipliedFullWidth(by: part.magnitude)
        guard product.high < UInt64(divisor) else { throw .overflow(currency) }
        let division = UInt64(divisor).dividingFullWidth(product)
        var quotient = division.quotient
        let remainder = division.remainder
        if remainder > UInt64(divisor) - remainder || (remainder == UInt64(divisor) - remainder && quotient % 2 != 0) {
            let (next, wrapped) = quotient.addingReportingOverflow(1)
            guard !wrapped else { throw .overflow(currency) }
            quotient = next
        }
        guard quotient <= UInt64(Int64.max) else { throw .overflow(currency) }
        let signed = (units < 0) != (part < 0) ? -Int64(quotient) : Int64(quotient)
        let (shown, overflow) = signed.multipliedReportingOverflow(by: step)
        guard !overflow else { throw .overflow(currency) }
        return shown
    }
}

/// The unconverted category sums a projector read, by their days and whether pending counts:
/// each budget of the month asks for the same days.
private final class CategorySums {
    private struct Days: Hashable {
        let first: CivilDate
        let last: CivilDate
        let pending: Bool
    }

    private var read: [Days: [SpendingReport.Row]] = [:]

    func rows(
        first: CivilDate, last: CivilDate, pending: Bool, _ make: () throws -> [SpendingReport.Row]
    ) rethrows -> [SpendingReport.Row] {
        let days = Days(first: first, last: last, pending: pending)
        if let known = read[days] { return known }
        let rows = try make()
        read[days] = rows
        return rows
    }
}
