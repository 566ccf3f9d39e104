import Ledger
import LedgerStore

/// Builds income reports: the counted transactions whose flow is income, by month and source.
public enum IncomeAnalysis {
    struct GroupKey: Hashable {
        let period: YearMonth
        let source: String
        let currency: String
    }

    public static func report(_ store: LedgerStore, scope: ReportScope, months: [YearMonth]) throws -> IncomeReport {
        var groups: [GroupKey: (amount: Int64, count: Int)] = [:]
        var totals: [String: (amount: Int64, count: Int)] = [:]
        var monthOf = LocalMonths(scope.accounts)
        try ClassificationReader.forEachCounted(store, scope) { transaction, classification in
            guard classification.flow == .income else { return }
            let key = GroupKey(
                period: monthOf.month(of: transaction), source: transaction.merchantName ?? transaction.description,
                currency: transaction.currency)
            var group = groups[key] ?? (0, 0)
            group.amount = try Money.sum(group.amount, transaction.amount, currency: transaction.currency)
            group.count += 1
            groups[key] = group
            var total = totals[transaction.currency] ?? (0, 0)
            total.amount = try Money.sum(total.amount, transaction.amount, currency: transaction.currency)
            total.count += 1
            totals[transaction.currency] = total
        }
        let rows = groups.map { key, value in
            IncomeReport.Row(period: key.period, source: key.source, currency: key.currency, amount: value.amount, count: value.count)
        }.sorted { ($0.period, -$0.amount, $0.source, $0.currency) < ($1.period, -$1.amount, $1.source, $1.currency) }
        return IncomeReport(
            months: months, rows: rows,
            totals: totals.keys.sorted().map { currency in
                IncomeReport.Total(currency: currency, amount: totals[currency]!.amount, count: totals[currency]!.count)
            })
    }
}
