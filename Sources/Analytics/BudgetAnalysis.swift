import Ledger
import LedgerStore

/// Budgets with rollover (README, "Budgets"): a month's row counts from the first month of its
/// budget's period (a month, quarter or year) through that month; available = amount + carry,
/// the carry of a period being what remained of the period before (never below zero for
/// `surplus`, also negative for `all`, nothing for `none`); the first period of a budget carries
/// nothing. A group's budget counts the spending of the group's categories as they are now,
/// and each of them may have a budget of its own besides.
public enum BudgetAnalysis {
    struct Key: Hashable {
        let category: String
        let currency: String
        var scope = BudgetRecord.Scope.category
    }

    /// Spent and refunded by month, category and currency.
    typealias Spending = [YearMonth: [Key: (spent: Int64, refunded: Int64)]]

    /// The report for `months`; `today` decides the running month and its pace.
    public static func report(
        _ store: LedgerStore, months: [YearMonth], accounts: ReportAccounts, today: CivilDate,
        warnAt: Int64 = 80, includePending: Bool = false
    ) throws -> BudgetReport {
        guard let firstShown = months.first, let lastShown = months.last else {
            return BudgetReport(months: months, warnAt: warnAt, rows: [])
        }
        let records = try store.budgetRecords()
        var histories: [Key: [BudgetRecord]] = [:]
        for record in records {
            histories[Key(category: record.category, currency: record.currency, scope: record.scope), default: []].append(record)
        }
        let groups = try store.categoryGroups()
        /// A group's budget counts its categories (as they are now): their sums fold into its key.
        func folded(_ spending: Spending) throws -> Spending {
            var spending = spending
            for (month, keys) in spending {
                for (key, actual) in keys where key.scope == .category {
                    guard let group = groups.group(of: key.category) else { continue }
                    let groupKey = Key(category: group, currency: key.currency, scope: .group)
                    let sum = spending[month]?[groupKey] ?? (0, 0)
                    spending[month]?[groupKey] = (
                        try Money.sum(sum.spent, actual.spent, currency: key.currency),
                        try Money.sum(sum.refunded, actual.refunded, currency: key.currency)
                    )
                }
            }
            return spending
        }
        // Spending from the earliest budget month, so every carry chain starts where its budget does.
        let firstNeeded = min(firstShown, records.map(\.firstMonth).min() ?? firstShown)
        var scope = ReportScope(months: firstNeeded...lastShown, accounts: accounts)
        scope.includePending = includePending
        var spending: Spending = [:]
        for row in try SpendingAnalysis.aggregate(store, scope: scope, grouping: .category) {
            spending[row.period, default: [:]][Key(category: row.key, currency: row.currency)] = (row.spent, row.refunded)
        }
        // A budget in every currency counts its category's spending converted into its own
        // currency, each transaction at the rate of its day: one conversion per such currency.
        var converted: Spending = [:]
        var unconverted: [UnconvertedAmounts] = []
        let everyCurrency = Dictionary(grouping: records.filter(\.allCurrencies), by: \.currency).mapValues { records in
            Set(records.flatMap { $0.scope == .group ? groups.members(of: $0.category) : [$0.category] })
        }
        if !everyCurrency.isEmpty {
            let rates = try scope.rates(store)
            for (currency, categories) in everyCurrency.sorted(by: { $0.key < $1.key }) {
                var conversion: CurrencyConversion? = CurrencyConversion(into: currency, rates: rates)
                for row in try SpendingAnalysis.aggregate(
                    store, scope: scope, grouping: .category, converting: &conversion, categories: categories)
                {
                    let shown = try row.rounded(to: currency)
                    converted[row.period, default: [:]][Key(category: row.key, currency: currency)] = (shown.spent, shown.refunded)
                }
                unconverted += conversion?.unconverted ?? []
            }
            converted = try folded(converted)
        }
        spending = try folded(spending)
        func actual(_ months: ClosedRange<YearMonth>, _ key: Key, _ entry: BudgetRecord) throws -> (spent: Int64, refunded: Int64) {
            try sum(entry.allCurrencies ? converted : spending, months, key)
        }
        let running = YearMonth(today)
        var rows: [BudgetReport.Row] = []
        for month in months {
            var budgetedKeys = Set<Key>()
            // The categories a budget in every currency counts in this month, whatever the currency.
            var everyCurrencyCategories = Set<String>()
            for (key, history) in histories {
                guard let entry = entry(history, at: month), let amount = entry.amount,
                    let period = period(holding: month, history: history)
                else { continue }
                budgetedKeys.insert(key)
                if entry.allCurrencies {
                    everyCurrencyCategories.formUnion(key.scope == .group ? groups.members(of: key.category) : [key.category])
                }
                // A quarter or year counts from its first month through the month shown.
                let counted = period.lowerBound...month
                let carried = try carry(into: period.lowerBound, history: history, key: key, actual: actual)
                let actual = try actual(counted, key, entry)
                let net = try NetSpending.net(spent: actual.spent, refunded: actual.refunded, currency: key.currency)
                let available = try Money.sum(amount, carried, currency: key.currency)
                let remaining = try Money.difference(available, net, currency: key.currency)
                var projected: Int64?
                if month == running {
                    // The pace of the period so far, today included, over the whole period.
                    let start = period.lowerBound.firstDay.daysSinceEpoch
                    projected = try BudgetProjector.share(
                        net, Int64(period.upperBound.lastDay.daysSinceEpoch - start + 1), of: Int64(today.daysSinceEpoch - start + 1),
                        currency: key.currency)
                }
                var convertedNet: Int64?
                if entry.allCurrencies {
                    // What the other currencies added: the net less the net of the budget's own currency.
                    let own = try sum(spending, counted, key)
                    convertedNet = try Money.difference(
                        net, try NetSpending.net(spent: own.spent, refunded: own.refunded, currency: key.currency), currency: key.currency)
                }
                let status = self.status(net: net, remaining: remaining, available: available, warnAt: warnAt, projected: projected)
                rows.append(
                    BudgetReport.Row(
                        month: month, period: entry.period, periodMonths: period, category: key.category,
                        currency: key.currency, budgeted: amount,
                        carried: carried, spent: actual.spent, refunded: actual.refunded,
                        status: status, projected: projected, net: net, available: available,
                        remaining: remaining,
                        overBy: remaining < 0 ? try Money.difference(net, available, currency: key.currency) : nil,
                        converted: convertedNet, scope: key.scope))
            }
            var unbudgeted: [String: (spent: Int64, refunded: Int64)] = [:]
            // A category counts as budgeted under its own budget or its group's.
            for (key, actual) in spending[month] ?? [:]
            where key.scope == .category && !budgetedKeys.contains(key) && !everyCurrencyCategories.contains(key.category)
                && !(groups.group(of: key.category).map { budgetedKeys.contains(Key(category: $0, currency: key.currency, scope: .group)) }
                    ?? false)
            {
                var sums = unbudgeted[key.currency] ?? (0, 0)
                sums.spent = try Money.sum(sums.spent, actual.spent, currency: key.currency)
                sums.refunded = try Money.sum(sums.refunded, actual.refunded, currency: key.currency)
                unbudgeted[key.currency] = sums
            }
            for (currency, actual) in unbudgeted {
                rows.append(
                    BudgetReport.Row(
                        month: month, period: .month, periodMonths: month...month, category: BudgetReport.unbudgeted,
                        currency: currency, budgeted: nil,
                        carried: nil, spent: actual.spent, refunded: actual.refunded, status: nil,
                        projected: nil, net: try NetSpending.net(spent: actual.spent, refunded: actual.refunded, currency: currency),
                        available: nil, remaining: nil, overBy: nil, converted: nil))
            }
        }
        rows.sort { order($0) < order($1) }
        return BudgetReport(months: months, warnAt: warnAt, rows: rows, unconverted: unconverted)
    }

    static func order(_ row: BudgetReport.Row) -> (YearMonth, Int, String, String, String) {
        let rank =
            switch row.status {
            case .over: 0
            case .warn: 1
            case .ok: 2
            case nil: 3
            }
        return (row.month, rank, row.category, row.currency, row.scope.rawValue)
    }

    /// The history entry in force in `month`: the latest one starting at or before it.
    static func entry(_ history: [BudgetRecord], at month: YearMonth) -> BudgetRecord? {
        history.last { $0.firstMonth <= month }
    }

    /// The months one amount of the budget in force in `month` lasts: its period holding `month`,
    /// from the period's first month (or the entry's, when that starts later) to its last (or the
    /// month before the history's next entry starts). Nil when no budget is in force in `month`.
    static func period(holding month: YearMonth, history: [BudgetRecord]) -> ClosedRange<YearMonth>? {
        guard let entry = entry(history, at: month), entry.amount != nil else { return nil }
        var last = entry.period.last(of: month)
        if let next = history.first(where: { $0.firstMonth > month }) { last = min(last, next.firstMonth.adding(months: -1)) }
        return max(entry.period.first(of: month), entry.firstMonth)...last
    }

    /// What carries into the period starting in `start`: walks the budget's unbroken run (its
    /// entries since the last removal) period by period, each as long as its entry says.
    /// `actual` is what an entry counts over some months (in every currency or only its own).
    static func carry(
        into start: YearMonth, history: [BudgetRecord], key: Key,
        actual: (ClosedRange<YearMonth>, Key, BudgetRecord) throws -> (spent: Int64, refunded: Int64)
    ) throws -> Int64 {
        guard var first = history.lastIndex(where: { $0.firstMonth <= start }) else { return 0 }
        while first > 0, history[first - 1].amount != nil { first -= 1 }
        var carried: Int64 = 0
        var current = history[first].firstMonth
        while current < start {
            guard let entry = entry(history, at: current), let amount = entry.amount,
                let period = period(holding: current, history: history),
                let next = self.entry(history, at: period.upperBound.adding(months: 1))
            else { return 0 }
            let actual = try actual(period, key, entry)
            let remaining = try Money.difference(
                Money.sum(amount, carried, currency: key.currency),
                NetSpending.net(spent: actual.spent, refunded: actual.refunded, currency: key.currency),
                currency: key.currency)
            // The policy in force in the period that receives the carry decides what carries.
            switch next.rollover {
            case .none: carried = 0
            case .surplus: carried = max(0, remaining)
            case .all: carried = remaining
            }
            current = period.upperBound.adding(months: 1)
        }
        return carried
    }

    /// Spent and refunded of `key` over `months`.
    static func sum(_ spending: Spending, _ months: ClosedRange<YearMonth>, _ key: Key) throws -> (spent: Int64, refunded: Int64) {
        var total: (spent: Int64, refunded: Int64) = (0, 0)
        var month = months.lowerBound
        while month <= months.upperBound {
            let actual = spending[month]?[key] ?? (0, 0)
            total = (
                try Money.sum(total.spent, actual.spent, currency: key.currency),
                try Money.sum(total.refunded, actual.refunded, currency: key.currency)
            )
            month = month.adding(months: 1)
        }
        return total
    }

    /// over: remaining < 0; warn: used >= the warn level, or the running month's pace would
    /// exceed what is available; else ok.
    static func status(net: Int64, remaining: Int64, available: Int64, warnAt: Int64, projected: Int64?) -> BudgetReport.Status {
        if remaining < 0 { return .over }
        if available > 0 {
            // net x 100 >= available x warnAt, in 128 bits so huge amounts compare exactly.
            let used = net.multipliedFullWidth(by: 100)
            let level = available.multipliedFullWidth(by: warnAt)
            if (used.high, used.low) >= (level.high, level.low) { return .warn }
        }
        if let projected, projected > available { return .warn }
        return .ok
    }

    /// numerator / denominator rounded half to even.
    static func roundedDivision(_ numerator: Int64, _ denominator: Int64) -> Int64 {
        guard denominator != 0 else { return 0 }
        let quotient = numerator / denominator
        let remainder = numerator % denominator
        let twice = 2 * abs(remainder)
        let magnitude = abs(denominator)
        if twice > magnitude || (twice == magnitude && quotient % 2 != 0) {
            return (numerator < 0) != (denominator < 0) ? quotient - 1 : quotient + 1
        }
        return quotient
    }
}
