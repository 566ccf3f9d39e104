import Ledger
import LedgerStore

/// Builds spending reports: net spending = spent - refunded, of expenses and refunds only.
public enum SpendingAnalysis {
    struct GroupKey: Hashable {
        let period: YearMonth
        let key: String
        let category: String?
        let currency: String
    }

    public static func report(_ store: LedgerStore, scope: ReportScope, months: [YearMonth], grouping: SpendingReport.Grouping,
                              compareWith previousMonths: [YearMonth]? = nil) throws -> SpendingReport {
        var rows = try aggregate(store, scope: scope, grouping: grouping)
        if let previousMonths, let first = previousMonths.first, let last = previousMonths.last {
            var previousScope = scope
            previousScope.from = scope.zone.startOfDay(first.firstDay)
            previousScope.until = scope.zone.startOfDay(last.lastDay.adding(days: 1))
            let previous = try aggregate(store, scope: previousScope, grouping: grouping)
            var previousNets: [GroupKey: Int64] = [:]
            for row in previous {
                // The previous period's row lines up with the same key one period earlier.
                let offset = months.count
                let key = GroupKey(period: row.period.adding(months: offset), key: row.key, category: row.category,
                                   currency: row.currency)
                previousNets[key] = try Money.sum(previousNets[key] ?? 0, row.net, currency: row.currency)
            }
            var matched = Set<GroupKey>()
            for index in rows.indices {
                let key = GroupKey(period: rows[index].period, key: rows[index].key, category: rows[index].category,
                                   currency: rows[index].currency)
                let previousNet = previousNets[key] ?? 0
                // The change the report shows (net - previous) must hold too.
                _ = try Money.difference(rows[index].net, previousNet, currency: key.currency)
                rows[index].previousNet = previousNet
                matched.insert(key)
            }
            // Keys spent on before but not now still show, with nothing this period.
            for (key, net) in previousNets where !matched.contains(key) && months.contains(key.period) {
                let sample = previous.first { $0.key == key.key && $0.currency == key.currency && $0.category == key.category }
                rows.append(SpendingReport.Row(period: key.period, key: key.key, merchantCategoryCode: sample?.merchantCategoryCode,
                                               codeDescription: sample?.codeDescription, category: key.category,
                                               currency: key.currency, spent: 0, refunded: 0, count: 0, previousNet: net))
            }
        }
        rows.sort { ($0.period, -$0.net, $0.key, $0.category ?? "", $0.currency) < ($1.period, -$1.net, $1.key, $1.category ?? "", $1.currency) }
        return SpendingReport(grouping: grouping, months: months, rows: rows, previousMonths: previousMonths,
                              totals: try totals(rows))
    }

    /// Each currency's rows added up, with the change of the totals checked as the rows' are.
    static func totals(_ rows: [SpendingReport.Row]) throws -> [SpendingReport.Total] {
        try Set(rows.map(\.currency)).sorted().map { currency in
            var spent: Int64 = 0
            var refunded: Int64 = 0
            var count = 0
            var previous: Int64?
            for row in rows where row.currency == currency {
                spent = try Money.sum(spent, row.spent, currency: currency)
                refunded = try Money.sum(refunded, row.refunded, currency: currency)
                count += row.count
                if let net = row.previousNet { previous = try Money.sum(previous ?? 0, net, currency: currency) }
            }
            if let previous { _ = try Money.difference(spent - refunded, previous, currency: currency) }
            return SpendingReport.Total(currency: currency, spent: spent, refunded: refunded, count: count, previousNet: previous)
        }
    }

    static func aggregate(_ store: LedgerStore, scope: ReportScope, grouping: SpendingReport.Grouping) throws -> [SpendingReport.Row] {
        var groups: [GroupKey: SpendingReport.Row] = [:]
        var months = MonthOfInstant(zone: scope.zone)
        try CountedTransactions.forEach(store, scope, needsText: grouping == .merchant) { transaction, classification in
            guard classification.flow == .expense || classification.flow == .refund else { return }
            let period = months.month(of: transaction.time)
            let key: String
            var category: String? = classification.category
            switch grouping {
            case .category: key = classification.category
            case .mcc: key = transaction.merchantCategoryCode.map(Classifier.codeText) ?? ""
            case .merchant: key = transaction.merchantName ?? transaction.description
            case .account:
                key = transaction.accountName
                category = nil
            case .month:
                key = ""
                category = nil
            }
            let groupKey = GroupKey(period: period, key: key, category: category, currency: transaction.currency)
            var row = groups[groupKey] ?? SpendingReport.Row(
                period: period, key: key,
                merchantCategoryCode: grouping == .mcc ? transaction.merchantCategoryCode : nil,
                codeDescription: grouping == .mcc ? transaction.merchantCategoryCode.flatMap(MerchantCategoryCodeTable.description) : nil,
                category: category, currency: transaction.currency, spent: 0, refunded: 0, count: 0)
            if classification.flow == .expense {
                row.spent = try Money.sum(row.spent, transaction.amount, currency: transaction.currency)
            } else {
                row.refunded = try Money.sum(row.refunded, transaction.amount, currency: transaction.currency)
            }
            row.count += 1
            groups[groupKey] = row
        }
        return Array(groups.values)
    }
}
