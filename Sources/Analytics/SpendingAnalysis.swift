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
        // Without user rules a transaction's flow and category depend only on columns SQL can
        // group by; only the few internal-transfer candidates need to be looked at one by one.
        if try store.rules().isEmpty {
            return try aggregateGrouped(store, scope: scope, grouping: grouping)
        }
        return try aggregateRowByRow(store, scope: scope, grouping: grouping)
    }

    static func aggregateRowByRow(_ store: LedgerStore, scope: ReportScope, grouping: SpendingReport.Grouping) throws -> [SpendingReport.Row] {
        var groups: [GroupKey: SpendingReport.Row] = [:]
        var months = MonthOfInstant(zone: scope.zone)
        try CountedTransactions.forEach(store, scope) { transaction, classification in
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

    static func aggregateGrouped(_ store: LedgerStore, scope: ReportScope, grouping: SpendingReport.Grouping) throws -> [SpendingReport.Row] {
        var groups: [GroupKey: SpendingReport.Row] = [:]
        func add(period: YearMonth, key: String, code: Int?, category: String?, currency: String, flow: Flow, amount: Int64, count: Int) {
            let groupKey = GroupKey(period: period, key: key, category: category, currency: currency)
            var row = groups[groupKey] ?? SpendingReport.Row(
                period: period, key: key, merchantCategoryCode: grouping == .mcc ? code : nil,
                codeDescription: grouping == .mcc ? code.flatMap(MerchantCategoryCodeTable.description) : nil,
                category: category, currency: currency, spent: 0, refunded: 0, count: 0)
            if flow == .expense { row.spent += amount } else { row.refunded += amount }
            row.count += count
            groups[groupKey] = row
        }
        func label(_ classification: Classification, code: Int?, merchant: String?, account: String?) -> (String, String?)? {
            switch grouping {
            case .category: return (classification.category, classification.category)
            case .mcc: return (code.map(Classifier.codeText) ?? "", classification.category)
            case .merchant: return (merchant ?? "", classification.category)
            case .account: return (account ?? "", nil)
            case .month: return ("", nil)
            }
        }
        // The months of the scope, in the report zone.
        var firstInstant = scope.from
        var endInstant = scope.until
        if firstInstant == nil || endInstant == nil {
            guard let range = try store.transactionTimeRange() else { return [] }
            firstInstant = firstInstant ?? range.first
            endInstant = endInstant ?? range.last + 1
        }
        guard let first = firstInstant, let end = endInstant, first < end else { return [] }
        var months: [YearMonth] = []
        var month = YearMonth(scope.zone.date(of: first))
        var starts: [Int64] = []
        while true {
            let start = scope.zone.startOfDay(month.firstDay)
            guard start < end else { break }
            months.append(month)
            starts.append(start)
            month = month.adding(months: 1)
        }
        starts.append(scope.zone.startOfDay(month.firstDay))
        var selection = LedgerStore.ReportSelection(from: scope.from, until: scope.until, statuses: scope.statuses)
        selection.accountIDs = scope.accountIDs
        selection.currencies = scope.currencies
        let classifier = Classifier(rules: [])
        let key: LedgerStore.SpendingGroupKey = grouping == .merchant ? .merchant : grouping == .account ? .account : .none
        for group in try store.spendingGroups(monthStarts: starts, selection: selection,
                                              excludingTypes: InternalTransferMatcher.candidateTypes, key: key) {
            let probe = ReportTransaction(
                id: "", accountID: group.accountID ?? "", accountName: group.key ?? "", accountKind: group.accountKind, time: 0,
                amount: group.amount, currency: group.currency, indicator: group.indicator,
                merchantCategoryCode: group.merchantCategoryCode, merchantName: nil, description: "", originalDescription: "",
                type: group.type, status: .booked)
            let classification = classifier.classify(probe, transferPartner: nil)
            guard classification.flow == .expense || classification.flow == .refund,
                  let (name, category) = label(classification, code: group.merchantCategoryCode, merchant: group.key, account: group.key)
            else { continue }
            add(period: months[group.monthIndex], key: name, code: group.merchantCategoryCode, category: category,
                currency: group.currency, flow: classification.flow, amount: group.amount, count: group.count)
        }
        // The candidates for internal transfers, one by one, with their matches.
        var monthOf = MonthOfInstant(zone: scope.zone)
        try CountedTransactions.forEach(store, scope, onlyTransferCandidates: true) { transaction, classification in
            guard classification.flow == .expense || classification.flow == .refund,
                  let (name, category) = label(classification, code: transaction.merchantCategoryCode,
                                               merchant: transaction.merchantName ?? transaction.description,
                                               account: transaction.accountName)
            else { return }
            add(period: monthOf.month(of: transaction.time), key: name, code: transaction.merchantCategoryCode, category: category,
                currency: transaction.currency, flow: classification.flow, amount: transaction.amount, count: 1)
        }
        return Array(groups.values)
    }
}
