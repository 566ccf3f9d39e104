import Ledger
import LedgerStore

/// Builds `report summary --year`: the year month by month from the same counted transactions
/// and local months as `report spending --month` and the monthly summary, the year's categories
/// against the year before, its top merchants, and the recurring charges that cost most.
///
/// Decided where the rules are silent:
/// - A year still running counts up to this month (the accounts' today); its recurring series
///   are found as of today.
/// - A currency with any spending or income in the year has a row for every month counted, zero
///   when nothing happened in it.
public enum YearSummaryAnalysis {
    public static func report(_ store: LedgerStore, year: Int, accounts: ReportAccounts, now: Timestamp, today: CivilDate)
        throws -> YearSummaryReport
    {
        let january = YearMonth(year: year, month: 1)
        let lastMonth = min(YearMonth(year: year, month: 12), max(YearMonth(today), january))
        var monthOf = LocalMonths(accounts)
        var months: [String: [YearMonth: (spent: Int64, refunded: Int64, income: Int64)]] = [:]
        var categories: [String: [String: (net: Int64, count: Int, previousNet: Int64)]] = [:]
        var merchants: [SummaryAnalysis.MerchantKey: (net: Int64, count: Int)] = [:]
        var counts: [String: Int] = [:]
        try ClassificationReader.forEachCounted(store, ReportScope(months: january.adding(months: -12)...lastMonth, accounts: accounts)) {
            transaction, classification in
            let period = monthOf.month(of: transaction)
            let c = transaction.currency
            let units = transaction.amount
            let thisYear = period.year == year
            switch classification.flow {
            case .expense, .refund:
                let signed = classification.flow == .expense ? units : -units
                var line = categories[c]?[classification.category] ?? (0, 0, 0)
                if thisYear {
                    line.net = try Money.sum(line.net, signed, currency: c)
                    line.count += 1
                    counts[c, default: 0] += 1
                    var sums = months[c]?[period] ?? (0, 0, 0)
                    if classification.flow == .expense {
                        sums.spent = try Money.sum(sums.spent, units, currency: c)
                    } else {
                        sums.refunded = try Money.sum(sums.refunded, units, currency: c)
                    }
                    months[c, default: [:]][period] = sums
                    let key = SummaryAnalysis.MerchantKey(
                        currency: c, merchant: ClassificationReader.merchant(transaction, classification), category: classification.category
                    )
                    var merchant = merchants[key] ?? (0, 0)
                    merchant.net = try Money.sum(merchant.net, signed, currency: c)
                    merchant.count += 1
                    merchants[key] = merchant
                } else {
                    line.previousNet = try Money.sum(line.previousNet, signed, currency: c)
                }
                categories[c, default: [:]][classification.category] = line
            case .income:
                guard thisYear else { return }
                var sums = months[c]?[period] ?? (0, 0, 0)
                sums.income = try Money.sum(sums.income, units, currency: c)
                months[c, default: [:]][period] = sums
            case .transfer: break
            }
        }

        let recurring = try RecurringAnalysis.report(
            store, scope: ReportScope(months: january...lastMonth, accounts: accounts), first: january.firstDay,
            asOf: lastMonth == YearMonth(today) ? today : lastMonth.lastDay)
        var sections: [YearSummaryReport.CurrencySection] = []
        for (c, byMonth) in months {
            var rows: [YearSummaryReport.Totals] = []
            for index in 0..<lastMonth.month {
                let month = january.adding(months: index)
                let sums = byMonth[month] ?? (0, 0, 0)
                rows.append(
                    try YearSummaryReport.Totals(month: month, spent: sums.spent, refunded: sums.refunded, income: sums.income, currency: c)
                )
            }
            let total = try YearSummaryReport.Totals(
                month: nil, spent: try Money.sum(rows.map(\.spent), currency: c),
                refunded: try Money.sum(rows.map(\.refunded), currency: c),
                income: try Money.sum(rows.map(\.income), currency: c), currency: c)
            let lines = try (categories[c] ?? [:]).map { name, line in
                YearSummaryReport.CategoryLine(
                    category: name, net: line.net, count: line.count, previousNet: line.previousNet,
                    change: try Money.difference(line.net, line.previousNet, currency: c))
            }
            .sorted { (-$0.net, -$0.previousNet, $0.category) < (-$1.net, -$1.previousNet, $1.category) }
            let topMerchants = merchants.filter { $0.key.currency == c && $0.value.net > 0 }
                .map {
                    SummaryReport.MerchantLine(
                        merchant: $0.key.merchant, category: $0.key.category, net: $0.value.net, count: $0.value.count)
                }
                .sorted { (-$0.net, $0.merchant, $0.category) < (-$1.net, $1.merchant, $1.category) }
            let costs = try recurring.items.filter { $0.flow == .expense && $0.currency == c }
                .map { item in
                    let charges = item.charges.filter { $0.date.year == year }
                    return YearSummaryReport.RecurringCost(
                        item: item, total: try Money.sum(charges.map(\.amount), currency: c), count: charges.count)
                }
                .filter { $0.count > 0 }
                .sorted { (-$0.total, $0.item.merchant, $0.item.accountID) < (-$1.total, $1.item.merchant, $1.item.accountID) }
            sections.append(
                try YearSummaryReport.CurrencySection(
                    currency: c, months: rows, total: total,
                    previousNet: try Money.sum(lines.map(\.previousNet), currency: c), categories: lines,
                    merchants: Array(topMerchants.prefix(SummaryAnalysis.listed)),
                    recurring: Array(costs.prefix(SummaryAnalysis.listed))))
        }
        // The currency most used leads, then by code, as in the monthly summary.
        sections.sort { (counts[$1.currency] ?? 0, $0.currency) < (counts[$0.currency] ?? 0, $1.currency) }
        return YearSummaryReport(
            year: year, lastMonth: lastMonth, generatedAt: now, timeZones: accounts.zoneNames,
            isYearComplete: accounts.hasEnded(YearMonth(year: year, month: 12), now: now), currencies: sections)
    }
}
