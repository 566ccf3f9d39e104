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
                previousNets[GroupKey(period: row.period.adding(months: offset), key: row.key, category: row.category,
                                      currency: row.currency), default: 0] += row.net
            }
            var matched = Set<GroupKey>()
            for index in rows.indices {
                let key = GroupKey(period: rows[index].period, key: rows[index].key, category: rows[index].category,
                                   currency: rows[index].currency)
                rows[index].previousNet = previousNets[key] ?? 0
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
        return SpendingReport(grouping: grouping, months: months, rows: rows, previousMonths: previousMonths)
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
                row.spent += transaction.amount
            } else {
                row.refunded += transaction.amount
            }
            row.count += 1
            groups[groupKey] = row
        }
        return Array(groups.values)
    }
}
