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

    /// `target`: every amount converted into it (`--convert-to`), each transaction at the rate
    /// of its own day; what has no rate is left out and listed in the report's `unconverted`.
    public static func report(
        _ store: LedgerStore, scope: ReportScope, months: [YearMonth], grouping: SpendingReport.Grouping,
        compareWith previousMonths: [YearMonth]? = nil, convertingTo target: String? = nil
    ) throws -> SpendingReport {
        var conversion = try target.map { target in
            CurrencyConversion(
                into: target,
                rates: try RateTable.load(
                    store, accounts: scope.accounts, firstDay: previousMonths?.first?.firstDay ?? scope.firstDay,
                    lastDay: scope.endDay?.adding(days: -1)))
        }
        var rows: [SpendingReport.Row]
        var multiTagged = 0
        // What the totals add up: the rows, but by tag each transaction once, however many tags.
        var totalRows: [SpendingReport.Row] = []
        if grouping == .tag {
            (rows, multiTagged) = try perTransaction(store, scope: scope, grouping: .tag, converting: &conversion)
            var again = conversion
            totalRows = try aggregate(store, scope: scope, grouping: .month, converting: &again)
        } else {
            rows = try aggregate(store, scope: scope, grouping: grouping, converting: &conversion)
        }
        var previousTotals: [String: Int64]?
        if let previousMonths, let first = previousMonths.first, let last = previousMonths.last {
            var previousScope = scope
            previousScope.firstDay = first.firstDay
            previousScope.endDay = last.lastDay.adding(days: 1)
            var previous = try aggregate(store, scope: previousScope, grouping: grouping, converting: &conversion)
            // Each previous net, and their total, as that period's own report shows it: the total
            // from the exact sums, rounded once.
            if grouping == .tag {
                var again = conversion
                let months = try aggregate(store, scope: previousScope, grouping: .month, converting: &again)
                previousTotals = Dictionary(
                    uniqueKeysWithValues: try totals(months, roundedTo: target).map { ($0.currency, $0.net) })
            } else if let target {
                previousTotals = Dictionary(
                    uniqueKeysWithValues: try totals(previous, roundedTo: target).map { ($0.currency, $0.net) })
            }
            if let target { previous = try previous.map { try $0.rounded(to: target) } }
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
        // A converted total is its exact sum rounded, as each row is: it may differ from the sum of
        // the rows shown by a cent.
        if grouping != .tag { totalRows = rows }
        var totals = try totals(totalRows, roundedTo: target)
        if let previousTotals {
            totals = try totals.map { total in
                try SpendingReport.Total(
                    currency: total.currency, spent: total.spent, refunded: total.refunded, count: total.count,
                    previousNet: previousTotals[total.currency] ?? 0)
            }
        }
        if let target { rows = try rows.map { try $0.rounded(to: target) } }
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
        var report = SpendingReport(
            grouping: grouping, months: months, rows: rows, previousMonths: previousMonths,
            totals: totals, accountNames: names, convertedTo: target, unconverted: conversion?.unconverted ?? [],
            multiTagged: multiTagged)
        report.people = scope.people
        return report
    }

    /// Each currency's rows added up; `target`: spent and refunded rounded to its minor unit.
    static func totals(_ rows: [SpendingReport.Row], roundedTo target: String? = nil) throws -> [SpendingReport.Total] {
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
            if let target {
                spent = Money.roundedToMinorUnit(spent, currency: target)
                refunded = Money.roundedToMinorUnit(refunded, currency: target)
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

    /// The scope's spending as the ledger sums it (`LedgerStore.forEachSpendingSum`): from the summary
    /// for whole months, else from the stored classification of the scope's rows (in the report's
    /// months under `--tz`), else (nothing stored answers) from the pass's classification of them,
    /// put where the same statement sums it. With `target` (`--convert-to`), the rows already in
    /// `target` are summed so (the summary's fast path intact), and every other currency's rows
    /// go to `eachEntry` one by one as read, from the same classification, to convert each on its
    /// own day. The sums go to `eachRow` as read too: ten years of them by merchant are a few MB.
    static func sums(
        _ store: LedgerStore, scope: ReportScope, byMerchant: Bool, convertingTo target: String? = nil,
        eachRow: (LedgerStore.SpendingSummaryRow) throws -> Void, eachEntry: (LedgerStore.SpendingEntry) throws -> Void
    ) throws {
        var reader = try ClassificationReader(store, accounts: scope.accounts)
        let selection = scope.selection(statuses: scope.statuses)
        let states: [ClassificationState] = scope.includePending ? [.counted, .pending] : [.counted]
        var summed = scope
        if let target {
            // `--currency` without the target: nothing is summed as it is, every row converts.
            summed.currencies = scope.currencies.isEmpty || scope.currencies.contains(target) ? [target] : []
        }
        func sums(_ source: LedgerStore.SpendingSource) throws {
            guard target == nil || !summed.currencies.isEmpty else { return }
            try store.forEachSpendingSum(
                summed.selection(statuses: scope.statuses), states: states, byMerchant: byMerchant, source: source, eachRow)
        }
        func entries(_ source: LedgerStore.SpendingSource) throws {
            guard let target else { return }
            try store.forEachSpendingEntry(selection, states: states, byMerchant: byMerchant, source: source, notIn: target, eachEntry)
        }
        // Renamed merchants are summed under their rule's name, which only the reader knows.
        let renamed = byMerchant && reader.renames
        if !renamed, var months = reader.movedMonths {
            return try store.withMovedMonths(selection) {
                months.month(accountID: $0, time: $1)
            } _: {
                try sums(.storedInOverlayMonths)
                try entries(.storedInOverlayMonths)
            }
        }
        guard reader.readsStored, !renamed else {
            return try store.withClassificationOverlay { add in
                try reader.forEach(store, selection, needsText: false) { transaction, classification in
                    try add(transaction.rowID, classification)
                }
            } _: {
                try sums(.overlay)
                try entries(.overlay)
            }
        }
        let wholeMonths = scope.firstDay.map { $0.day == 1 } ?? true && scope.endDay.map { $0.day == 1 } ?? true
        guard wholeMonths, !byMerchant, target == nil || !summed.currencies.isEmpty else {
            try sums(.stored)
            try entries(.stored)
            return
        }
        try store.forEachSpendingSummaryRow(
            accountIDs: scope.accounts.selected.map(\.id), first: scope.firstDay.map(YearMonth.init),
            last: scope.endDay.map { YearMonth($0).adding(months: -1) }, currencies: summed.currencies, eachRow)
        // The summary holds booked rows only: pending ones are summed on their own.
        if scope.includePending {
            try store.forEachSpendingSum(
                summed.selection(statuses: scope.statuses), states: [.pending], byMerchant: false, source: .stored, eachRow)
        }
        try entries(.stored)
    }

    static func aggregate(_ store: LedgerStore, scope: ReportScope, grouping: SpendingReport.Grouping) throws -> [SpendingReport.Row] {
        var none: CurrencyConversion?
        return try aggregate(store, scope: scope, grouping: grouping, converting: &none)
    }

    /// With a conversion, the rows of other currencies are converted one by one into its target
    /// (those without a rate are left out and counted in it); the sums stay exact, to the
    /// 1/10,000, for the caller to round where it shows them (`Row.rounded`). `categories`: only
    /// the spending in these (what is not asked for is neither converted nor said to be left out).
    static func aggregate(
        _ store: LedgerStore, scope: ReportScope, grouping: SpendingReport.Grouping, converting conversion: inout CurrencyConversion?,
        categories: Set<String>? = nil
    ) throws -> [SpendingReport.Row] {
        var groups: [GroupKey: Group] = [:]
        // A group is a function of the category: the category sums fold into their groups.
        let categoryGroups = grouping == .group ? try store.categoryGroups() : CategoryGroups()
        func add(
            month: YearMonth, accountID: String, category: String, code: Int?, merchant: String?, currency: String,
            spent: Int64, refunded: Int64, count: Int
        ) throws {
            guard categories?.contains(category) ?? true else { return }
            let key: GroupKey =
                switch grouping {
                case .category: GroupKey(period: month, key: category, category: category, currency: currency)
                case .mcc: GroupKey(period: month, key: code.map(Classifier.codeText) ?? "", category: category, currency: currency)
                case .merchant: GroupKey(period: month, key: merchant ?? "", category: category, currency: currency)
                // By ID: two people's "Apple Card" stay two rows.
                case .account: GroupKey(period: month, key: accountID, category: nil, currency: currency)
                case .month: GroupKey(period: month, key: "", category: nil, currency: currency)
                case .group: GroupKey(period: month, key: categoryGroups.key(of: category), category: nil, currency: currency)
                case .tag, .person: preconditionFailure("by tag and by person are read by perTransaction")
                }
            var group = groups[key] ?? Group(merchantCategoryCode: grouping == .mcc ? code : nil)
            group.spent = try Money.sum(group.spent, spent, currency: currency)
            group.refunded = try Money.sum(group.refunded, refunded, currency: currency)
            group.count += count
            groups[key] = group
        }
        if grouping == .tag || grouping == .person || !scope.people.isEmpty {
            return try perTransaction(store, scope: scope, grouping: grouping, converting: &conversion, categories: categories).rows
        }
        var days = LocalDays(scope.accounts)
        try sums(store, scope: scope, byMerchant: grouping == .merchant, convertingTo: conversion?.target) { row in
            try add(
                month: row.month, accountID: row.accountID, category: row.category, code: row.merchantCategoryCode,
                merchant: row.merchant, currency: row.currency, spent: try row.spent, refunded: try row.refunded, count: row.count)
        } eachEntry: { entry in
            guard let target = conversion?.target, categories?.contains(entry.category) ?? true else { return }
            let day = days.day(accountID: entry.accountID, time: entry.time)
            guard let units = try conversion?.convert(entry.amount, currency: entry.currency, on: day) else { return }
            try add(
                month: entry.month, accountID: entry.accountID, category: entry.category, code: entry.merchantCategoryCode,
                merchant: entry.merchant, currency: target, spent: entry.isRefund ? 0 : units, refunded: entry.isRefund ? units : 0,
                count: 1)
        }
        return try rows(groups)
    }

    /// Spending read one transaction at a time, where the stored sums cannot answer: by tag,
    /// each counted expense or refund (a split's each part) in the row of every one of its tags
    /// (`Classifier.tags`), or in `(no tag)`; by person, in its person's row
    /// (`ClassificationReader.person`), or in `(no person)`; and any grouping (a category group
    /// too) under `--person`.
    /// `multiTagged`: how many had more than one tag.
    static func perTransaction(
        _ store: LedgerStore, scope: ReportScope, grouping: SpendingReport.Grouping, converting conversion: inout CurrencyConversion?,
        categories: Set<String>? = nil
    ) throws -> (rows: [SpendingReport.Row], multiTagged: Int) {
        let reader = try ClassificationReader(store, accounts: scope.accounts)
        let categoryGroups = grouping == .group ? try store.categoryGroups() : CategoryGroups()
        var days = LocalDays(scope.accounts)
        var groups: [GroupKey: Group] = [:]
        var spellings: [String: String] = [:]
        var multiTagged = 0
        try ClassificationReader.forEachCounted(store, scope, reader: reader) { transaction, classification in
            guard classification.flow == .expense || classification.flow == .refund,
                categories?.contains(classification.category) ?? true
            else { return }
            var (amount, currency) = (transaction.amount, transaction.currency)
            if let target = conversion?.target, currency != target {
                let day = days.day(accountID: transaction.accountID, time: transaction.time)
                guard let units = try conversion?.convert(amount, currency: currency, on: day) else { return }
                (amount, currency) = (units, target)
            }
            let (month, category, code) = (classification.month, classification.category, transaction.merchantCategoryCode)
            let keys: [GroupKey]
            switch grouping {
            case .tag:
                let tags = reader.classifier.tags(of: transaction)
                if tags.count > 1 { multiTagged += 1 }
                keys = (tags.isEmpty ? [SpendingReport.noTag] : tags).map {
                    GroupKey(period: month, key: $0, category: nil, currency: currency)
                }
            case .person:
                // One person under the first spelling met, as `--person` matches any case.
                let name = reader.person(of: transaction)?.name ?? SpendingReport.noPerson
                let spelling = spellings[name.lowercased(), default: name]
                spellings[name.lowercased()] = spelling
                keys = [GroupKey(period: month, key: spelling, category: nil, currency: currency)]
            case .category: keys = [GroupKey(period: month, key: category, category: category, currency: currency)]
            case .group: keys = [GroupKey(period: month, key: categoryGroups.key(of: category), category: nil, currency: currency)]
            case .mcc:
                keys = [GroupKey(period: month, key: code.map(Classifier.codeText) ?? "", category: category, currency: currency)]
            case .merchant:
                // As the sums name it: a rename rule's name, else the merchant, else the description.
                let merchant = classification.merchant ?? transaction.merchantName ?? transaction.description
                keys = [GroupKey(period: month, key: merchant, category: category, currency: currency)]
            case .account: keys = [GroupKey(period: month, key: transaction.accountID, category: nil, currency: currency)]
            case .month: keys = [GroupKey(period: month, key: "", category: nil, currency: currency)]
            }
            for key in keys {
                var group = groups[key] ?? Group(merchantCategoryCode: grouping == .mcc ? code : nil)
                if classification.flow == .refund {
                    group.refunded = try Money.sum(group.refunded, amount, currency: currency)
                } else {
                    group.spent = try Money.sum(group.spent, amount, currency: currency)
                }
                group.count += 1
                groups[key] = group
            }
        }
        return (try rows(groups), multiTagged)
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
