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

    /// What a group of transactions adds up to while they are counted.
    struct Group {
        let merchantCategoryCode: Int?
        var spent: Int64 = 0
        var refunded: Int64 = 0
        var count = 0
    }

    /// The scope's spending as the ledger sums it (`LedgerStore.spendingSums`): from the summary
    /// for whole months, else from the stored classification of the scope's rows (in the report's
    /// months under `--tz`), else (nothing stored answers) from the pass's classification of them,
    /// put where the same statement sums it.
    static func sums(_ store: LedgerStore, scope: ReportScope, byMerchant: Bool) throws -> [LedgerStore.SpendingSummaryRow] {
        var reader = try ClassificationReader(store, accounts: scope.accounts)
        let selection = scope.selection(statuses: scope.statuses)
        let states: [ClassificationState] = scope.includePending ? [.counted, .pending] : [.counted]
        if var months = reader.movedMonths {
            return try store.withMovedMonths(selection) {
                months.month(accountID: $0, time: $1)
            } _: {
                try store.spendingSums(selection, states: states, byMerchant: byMerchant, source: .storedInOverlayMonths)
            }
        }
        guard reader.readsStored else {
            return try store.withClassificationOverlay { add in
                try reader.forEach(store, selection, needsText: false) { transaction, classification in
                    try add(transaction.rowID, classification)
                }
            } _: {
                try store.spendingSums(selection, states: states, byMerchant: byMerchant, source: .overlay)
            }
        }
        let wholeMonths = scope.firstDay.map { $0.day == 1 } ?? true && scope.endDay.map { $0.day == 1 } ?? true
        guard wholeMonths, !byMerchant else {
            return try store.spendingSums(selection, states: states, byMerchant: byMerchant, source: .stored)
        }
        // The summary holds booked rows only: pending ones are summed on their own.
        let pending =
            scope.includePending ? try store.spendingSums(selection, states: [.pending], byMerchant: false, source: .stored) : []
        return try store.spendingSummary(
            accountIDs: scope.accounts.selected.map(\.id), first: scope.firstDay.map(YearMonth.init),
            last: scope.endDay.map { YearMonth($0).adding(months: -1) }, currencies: scope.currencies) + pending
    }

    static func aggregate(_ store: LedgerStore, scope: ReportScope, grouping: SpendingReport.Grouping) throws -> [SpendingReport.Row] {
        var groups: [GroupKey: Group] = [:]
        for row in try sums(store, scope: scope, byMerchant: grouping == .merchant) {
            let key: GroupKey =
                switch grouping {
                case .category: GroupKey(period: row.month, key: row.category, category: row.category, currency: row.currency)
                case .mcc:
                    GroupKey(
                        period: row.month, key: row.merchantCategoryCode.map(Classifier.codeText) ?? "", category: row.category,
                        currency: row.currency)
                case .merchant: GroupKey(period: row.month, key: row.merchant ?? "", category: row.category, currency: row.currency)
                // By ID: two people's "Apple Card" stay two rows.
                case .account: GroupKey(period: row.month, key: row.accountID, category: nil, currency: row.currency)
                case .month: GroupKey(period: row.month, key: "", category: nil, currency: row.currency)
                }
            var group = groups[key] ?? Group(merchantCategoryCode: grouping == .mcc ? row.merchantCategoryCode : nil)
            group.spent = try Money.sum(group.spent, try row.spent, currency: row.currency)
            group.refunded = try Money.sum(group.refunded, try row.refunded, currency: row.currency)
            group.count += row.count
            groups[key] = group
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
