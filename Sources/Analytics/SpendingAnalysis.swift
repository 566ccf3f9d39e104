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

    public static func report(
        _ store: LedgerStore, scope: ReportScope, months: [YearMonth], grouping: SpendingReport.Grouping,
        compareWith previousMonths: [YearMonth]? = nil
    ) throws -> SpendingReport {
        var rows = try aggregate(store, scope: scope, grouping: grouping)
        if let previousMonths, let first = previousMonths.first, let last = previousMonths.last {
            var previousScope = scope
            previousScope.firstDay = first.firstDay
            previousScope.endDay = last.lastDay.adding(days: 1)
            let previous = try aggregate(store, scope: previousScope, grouping: grouping)
            var previousNets: [GroupKey: Int64] = [:]
            for row in previous {
                // The previous period's row lines up with the same key one period earlier.
                let offset = months.count
                let key = GroupKey(
                    period: row.period.adding(months: offset), key: row.key, category: row.category,
                    currency: row.currency)
                previousNets[key] = try Money.sum(previousNets[key] ?? 0, row.net, currency: row.currency)
            }
            var matched = Set<GroupKey>()
            for index in rows.indices {
                let key = GroupKey(
                    period: rows[index].period, key: rows[index].key, category: rows[index].category,
                    currency: rows[index].currency)
                rows[index] = try rows[index].comparing(with: previousNets[key] ?? 0)
                matched.insert(key)
            }
            // Keys spent on before but not now still show, with nothing this period.
            for (key, net) in previousNets where !matched.contains(key) && months.contains(key.period) {
                let sample = previous.first { $0.key == key.key && $0.currency == key.currency && $0.category == key.category }
                rows.append(
                    try SpendingReport.Row(
                        period: key.period, key: key.key, merchantCategoryCode: sample?.merchantCategoryCode,
                        codeDescription: sample?.codeDescription, category: key.category,
                        currency: key.currency, spent: 0, refunded: 0, count: 0, previousNet: net))
            }
        }
        // Months, then the largest net first; texts are compared only on ties (a table of every
        // month sorts thousands of rows).
        rows.sort { left, right in
            if left.period != right.period { return left.period < right.period }
            if left.net != right.net { return left.net > right.net }
            return (left.key, left.category ?? "", left.currency) < (right.key, right.category ?? "", right.currency)
        }
        var names: [String: (name: String, label: String)] = [:]
        if grouping == .account {
            for id in Set(rows.map(\.key)) {
                names[id] = (scope.accounts.all.first { $0.id == id }?.displayName ?? id, scope.accounts.label(of: id))
            }
        }
        return SpendingReport(
            grouping: grouping, months: months, rows: rows, previousMonths: previousMonths,
            totals: try totals(rows), accountNames: names)
    }

    /// Each currency's rows added up.
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
            return try SpendingReport.Total(currency: currency, spent: spent, refunded: refunded, count: count, previousNet: previous)
        }
    }

    /// The spending summary's rows for `scope`, when the stored classification answers for it:
    /// it does, whole months only, in the zones the summary was made in.
    static func summaryRows(_ store: LedgerStore, _ scope: ReportScope) throws -> [LedgerStore.SpendingSummaryRow]? {
        guard scope.firstDay.map({ $0.day == 1 }) ?? true, scope.endDay.map({ $0.day == 1 }) ?? true,
            try CountedTransactions.readsStoredClassification(store, scope)
        else { return nil }
        let zones = try store.classificationZones()
        let ids = scope.accounts.selected.map(\.id)
        guard ids.allSatisfy({ zones[$0] == scope.accounts.zone(of: $0).identifier }) else { return nil }
        return try store.spendingSummary(
            accountIDs: ids, first: scope.firstDay.map(YearMonth.init), last: scope.endDay.map { YearMonth($0).adding(months: -1) },
            currencies: scope.currencies)
    }

    /// What a group of transactions adds up to while they are counted.
    struct Group {
        let merchantCategoryCode: Int?
        var spent: Int64 = 0
        var refunded: Int64 = 0
        var count = 0
    }

    static func aggregate(_ store: LedgerStore, scope: ReportScope, grouping: SpendingReport.Grouping) throws -> [SpendingReport.Row] {
        var groups: [GroupKey: Group] = [:]
        func add(_ key: GroupKey, code: Int?, spent: Int64, refunded: Int64, count: Int) throws {
            var group = groups[key] ?? Group(merchantCategoryCode: grouping == .mcc ? code : nil)
            group.spent = try Money.sum(group.spent, spent, currency: key.currency)
            group.refunded = try Money.sum(group.refunded, refunded, currency: key.currency)
            group.count += count
            groups[key] = group
        }
        func key(
            _ period: YearMonth, _ accountID: String, _ code: Int?, _ category: String, _ merchant: @autoclosure () -> String,
            _ currency: String
        )
            -> GroupKey
        {
            switch grouping {
            case .category: GroupKey(period: period, key: category, category: category, currency: currency)
            case .mcc: GroupKey(period: period, key: code.map(Classifier.codeText) ?? "", category: category, currency: currency)
            case .merchant: GroupKey(period: period, key: merchant(), category: category, currency: currency)
            // By ID: two people's "Apple Card" stay two rows.
            case .account: GroupKey(period: period, key: accountID, category: nil, currency: currency)
            case .month: GroupKey(period: period, key: "", category: nil, currency: currency)
            }
        }
        if grouping != .merchant, let summary = try summaryRows(store, scope) {
            for row in summary {
                try add(
                    key(row.month, row.accountID, row.merchantCategoryCode, row.category, "", row.currency),
                    code: row.merchantCategoryCode, spent: row.spent, refunded: row.refunded, count: row.count)
            }
            return try rows(groups)
        }
        var months = LocalMonths(scope.accounts)
        try CountedTransactions.forEach(store, scope, needsText: grouping == .merchant) { transaction, classification in
            guard classification.flow == .expense || classification.flow == .refund else { return }
            let expense = classification.flow == .expense
            try add(
                key(
                    months.month(of: transaction), transaction.accountID, transaction.merchantCategoryCode, classification.category,
                    transaction.merchantName ?? transaction.description, transaction.currency),
                code: transaction.merchantCategoryCode, spent: expense ? transaction.amount : 0,
                refunded: expense ? 0 : transaction.amount, count: 1)
        }
        return try rows(groups)
    }

    /// The rows of the groups.
    private static func rows(_ groups: [GroupKey: Group]) throws -> [SpendingReport.Row] {
        return try groups.map { key, group in
            try SpendingReport.Row(
                period: key.period, key: key.key, merchantCategoryCode: group.merchantCategoryCode,
                codeDescription: group.merchantCategoryCode.flatMap(MerchantCategoryCodeTable.description),
                category: key.category, currency: key.currency, spent: group.spent, refunded: group.refunded,
                count: group.count)
        }
    }
}
