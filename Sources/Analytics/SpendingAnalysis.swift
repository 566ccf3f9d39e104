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
        var reader = try ClassificationReader(store, accounts: scope.accounts)
        let rows = SpendingRows()
        var totals = CurrencySums()
        // Each previous net, and their total, as that period's own report shows it: the total
        // from the exact sums, rounded once (by tag, of each transaction once).
        var previousTotals = CurrencySums()
        var multiTagged = 0
        var accountIDs = Set<String>()
        for part in parts(of: scope, months: months, previousMonths: previousMonths, grouping: grouping) {
            var partRows: [SpendingReport.Row]
            if grouping == .tag {
                let tagged = try perTransaction(store, scope: part.scope, grouping: .tag, converting: &conversion, reader: reader)
                partRows = tagged.rows
                multiTagged += tagged.multiTagged
                // What the totals add up: by tag each transaction once, however many tags.
                var again = conversion
                totals.add(try aggregate(store, scope: part.scope, grouping: .month, converting: &again, reader: &reader))
            } else {
                partRows = try aggregate(store, scope: part.scope, grouping: grouping, converting: &conversion, reader: &reader)
            }
            if let previousScope = part.previous {
                let previous = try aggregate(store, scope: previousScope, grouping: grouping, converting: &conversion, reader: &reader)
                if grouping == .tag {
                    var again = conversion
                    previousTotals.add(
                        try aggregate(store, scope: previousScope, grouping: .month, converting: &again, reader: &reader))
                } else if target != nil {
                    previousTotals.add(previous)
                }
                let shown = try target.map { target in try previous.map { try $0.rounded(to: target) } } ?? previous
                partRows = try compared(partRows, with: shown, months: months)
            }
            // A converted total is its exact sum rounded, as each row is: it may differ from the sum of
            // the rows shown by a cent.
            if grouping != .tag { totals.add(partRows) }
            if let target { partRows = try partRows.map { try $0.rounded(to: target) } }
            // Months, then the largest net first; texts are compared only on ties (a table of every
            // month sorts thousands of rows). Their places are sorted, not the rows, which are large.
            let order = partRows.indices.sorted { left, right in
                if partRows[left].period != partRows[right].period { return partRows[left].period < partRows[right].period }
                if partRows[left].net != partRows[right].net { return partRows[left].net > partRows[right].net }
                let (one, other) = (partRows[left], partRows[right])
                return (one.key, one.category ?? "", one.currency) < (other.key, other.category ?? "", other.currency)
            }
            for index in order { try rows.append(partRows[index]) }
            if grouping == .account { accountIDs.formUnion(partRows.map(\.key)) }
        }
        var currencyTotals = try totals.totals(roundedTo: target)
        if previousMonths?.isEmpty == false, grouping == .tag || target != nil {
            let previousNets = Dictionary(
                uniqueKeysWithValues: try previousTotals.totals(roundedTo: target).map { ($0.currency, $0.net) })
            currencyTotals = try currencyTotals.map { total in
                try SpendingReport.Total(
                    currency: total.currency, spent: total.spent, refunded: total.refunded, count: total.count,
                    previousNet: previousNets[total.currency] ?? 0)
            }
        }
        var names: [String: (name: String, label: String)] = [:]
        for id in accountIDs {
            names[id] = (scope.accounts.all.first { $0.id == id }?.displayName ?? id, scope.accounts.label(of: id))
        }
        var report = SpendingReport(
            grouping: grouping, months: months, rows: rows, previousMonths: previousMonths,
            totals: currencyTotals, accountNames: names, convertedTo: target, unconverted: conversion?.unconverted ?? [],
            multiTagged: multiTagged)
        report.people = scope.people
        return report
    }

    /// The scopes the report reads one after the other, each with the months before it to
    /// compare with: by merchant a month at a time (ten years of every merchant's months are too
    /// many groups to hold at once), else whole. A part is the spending classified in its month
    /// (the first part's also before it, the last's also after it), read from the day before the
    /// month to the day after it: where a clock goes back across midnight (St. John's until 2011),
    /// a day's first instants are the day before's, and their rows that day's month's.
    static func parts(
        of scope: ReportScope, months: [YearMonth], previousMonths: [YearMonth]?, grouping: SpendingReport.Grouping
    ) -> [(scope: ReportScope, previous: ReportScope?)] {
        func whole(_ months: [YearMonth]) -> ReportScope? {
            guard let first = months.first, let last = months.last else { return nil }
            var whole = scope
            whole.firstDay = first.firstDay
            whole.endDay = last.lastDay.adding(days: 1)
            return whole
        }
        guard grouping == .merchant, months.count > 1, scope.firstDay != nil, scope.endDay != nil,
            previousMonths.map({ $0.count == months.count }) ?? true
        else { return [(scope, previousMonths.flatMap(whole))] }
        func part(_ index: Int, of months: [YearMonth], within whole: ReportScope) -> ReportScope {
            var part = whole
            if index > 0 {
                part.classifiedFrom = months[index]
                let dayBefore = months[index].firstDay.adding(days: -1)
                part.firstDay = whole.firstDay.map { max($0, dayBefore) } ?? dayBefore
            }
            if index < months.count - 1 {
                part.classifiedBefore = months[index + 1]
                let dayAfter = months[index + 1].firstDay.adding(days: 1)
                part.endDay = whole.endDay.map { min($0, dayAfter) } ?? dayAfter
            }
            return part
        }
        return months.indices.map { index in
            (
                part(index, of: months, within: scope),
                previousMonths.flatMap { previous in whole(previous).map { part(index, of: previous, within: $0) } }
            )
        }
    }

    /// `rows` with the previous period's net of the same key (`previous`'s row one period
    /// earlier), and a row of nothing for each key spent on before but not now.
    private static func compared(
        _ rows: [SpendingReport.Row], with previous: [SpendingReport.Row], months: [YearMonth]
    ) throws -> [SpendingReport.Row] {
        var previousNets: [GroupKey: Int64] = [:]
        for row in previous {
            // The previous period's row lines up with the same key one period earlier.
            let key = GroupKey(
                period: row.period.adding(months: months.count), key: row.key, category: row.category, currency: row.currency)
            previousNets[key] = try Money.sum(previousNets[key] ?? 0, row.net, currency: row.currency)
        }
        var compared = rows
        var matched = Set<GroupKey>()
        for index in compared.indices {
            let key = GroupKey(
                period: compared[index].period, key: compared[index].key, category: compared[index].category,
                currency: compared[index].currency)
            compared[index] = try compared[index].comparing(with: previousNets[key] ?? 0)
            matched.insert(key)
        }
        // Keys spent on before but not now still show, with nothing this period.
        for (key, net) in previousNets where !matched.contains(key) && months.contains(key.period) {
            let sample = previous.first { $0.key == key.key && $0.currency == key.currency && $0.category == key.category }
            compared.append(
                try SpendingReport.Row(
                    period: key.period, key: key.key, merchantCategoryCode: sample?.merchantCategoryCode,
                    codeDescription: sample?.codeDescription, category: key.category,
                    currency: key.currency, spent: 0, refunded: 0, count: 0, previousNet: net))
        }
        return compared
    }

    /// Each currency's rows added up, a part of the report at a time: exactly past 64 bits, so a
    /// total too large to hold is found at the end, in the order of the currencies' codes, as
    /// when every row was added at once.
    struct CurrencySums {
        private var sums: [String: (spent: SpendingSum, refunded: SpendingSum, count: Int, previous: SpendingSum?)] = [:]

        mutating func add(_ rows: [SpendingReport.Row]) {
            for row in rows {
                var sum = sums[row.currency] ?? (SpendingSum(), SpendingSum(), 0, nil)
                sum.spent.add(row.spent)
                sum.refunded.add(row.refunded)
                sum.count += row.count
                if let net = row.previousNet {
                    sum.previous = sum.previous ?? SpendingSum()
                    sum.previous?.add(net)
                }
                sums[row.currency] = sum
            }
        }

        /// One per currency, by code; `target`: spent and refunded rounded to its minor unit.
        func totals(roundedTo target: String?) throws -> [SpendingReport.Total] {
            try sums.sorted { $0.key < $1.key }.map { currency, sum in
                var (spent, refunded) = (try sum.spent.units(currency: currency), try sum.refunded.units(currency: currency))
                if let target {
                    spent = Money.roundedToMinorUnit(spent, currency: target)
                    refunded = Money.roundedToMinorUnit(refunded, currency: target)
                }
                return try SpendingReport.Total(
                    currency: currency, spent: spent, refunded: refunded, count: sum.count,
                    previousNet: try sum.previous?.units(currency: currency))
            }
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
        reader: inout ClassificationReader,
        eachRow: (LedgerStore.SpendingSummaryRow) throws -> Void, eachEntry: (LedgerStore.SpendingEntry) throws -> Void
    ) throws {
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

    static func aggregate(
        _ store: LedgerStore, scope: ReportScope, grouping: SpendingReport.Grouping, converting conversion: inout CurrencyConversion?,
        categories: Set<String>? = nil
    ) throws -> [SpendingReport.Row] {
        var reader = try ClassificationReader(store, accounts: scope.accounts)
        return try aggregate(store, scope: scope, grouping: grouping, converting: &conversion, categories: categories, reader: &reader)
    }

    /// With a conversion, the rows of other currencies are converted one by one into its target
    /// (those without a rate are left out and counted in it); the sums stay exact, to the
    /// 1/10,000, for the caller to round where it shows them (`Row.rounded`). `categories`: only
    /// the spending in these (what is not asked for is neither converted nor said to be left out).
    /// `reader`: of the scope's accounts, made once for a report read in parts.
    static func aggregate(
        _ store: LedgerStore, scope: ReportScope, grouping: SpendingReport.Grouping, converting conversion: inout CurrencyConversion?,
        categories: Set<String>? = nil, reader: inout ClassificationReader
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
            return try perTransaction(
                store, scope: scope, grouping: grouping, converting: &conversion, categories: categories, reader: reader
            ).rows
        }
        var days = LocalDays(scope.accounts)
        try sums(store, scope: scope, byMerchant: grouping == .merchant, convertingTo: conversion?.target, reader: &reader) { row in
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
        categories: Set<String>? = nil, reader: ClassificationReader
    ) throws -> (rows: [SpendingReport.Row], multiTagged: Int) {
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
