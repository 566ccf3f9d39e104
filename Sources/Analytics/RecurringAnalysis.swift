import Ledger
import LedgerStore

/// Finds recurring series among the counted expenses and income of a scope, deterministically:
/// per account, merchant (else description), currency, direction, flow and amount band, at least
/// three occurrences, every gap between two within one cadence's band, every amount within 20 %
/// of the typical one.
public enum RecurringAnalysis {
    typealias Charge = RecurringReport.Charge

    /// Days between charges that make each cadence, its step to the next date, and the grace
    /// before an expected charge counts as missed.
    static func band(_ cadence: RecurringReport.Cadence) -> (gaps: ClosedRange<Int>, grace: Int) {
        switch cadence {
        case .weekly: (6...8, 2)
        case .monthly: (26...35, 5)
        case .quarterly: (84...98, 10)
        case .yearly: (350...380, 20)
        }
    }

    static let minimumCount = 3
    /// No two days of a series are closer than this.
    static let shortestGap = RecurringReport.Cadence.allCases.map { band($0).gaps.lowerBound }.min() ?? 0
    /// Amounts within this share of the typical amount, in percent, are the same charge.
    static let tolerancePercent: Int64 = 20

    /// Whether `amount` is within `tolerancePercent` of `typical` (both positive); exact, and
    /// without overflow however large the amounts.
    static func isNear(_ amount: Int64, _ typical: Int64) -> Bool {
        let tolerance = typical / 100 * tolerancePercent + typical % 100 * tolerancePercent / 100
        return amount >= typical - tolerance && amount - typical <= tolerance
    }

    /// The least and the greatest amount `isNear` `typical` (positive), worked out once: a busy
    /// key's series are each compared with each of its charges, and two divisions each took
    /// most of that.
    static func nearAmounts(_ typical: Int64) -> (least: Int64, greatest: Int64) {
        let tolerance = typical / 100 * tolerancePercent + typical % 100 * tolerancePercent / 100
        let (greatest, overflow) = typical.addingReportingOverflow(tolerance)
        return (typical - tolerance, overflow ? .max : greatest)
    }

    /// The lower middle of the amounts (the middle one of an odd count).
    static func median(_ amounts: [Int64]) -> Int64 {
        let sorted = amounts.sorted()
        return sorted[(sorted.count - 1) / 2]
    }

    /// Transactions a scope may hold for its charges to be read in time order and all held, about
    /// 3 MB packed: a longer scope is read a merchant at a time, more slowly (SQLite sorts them),
    /// so that memory stays flat.
    static let heldChargesLimit = 200_000

    /// Two spellings of a name came apart in SQLite's order: the charges are read again in time order.
    private struct SpellingsDiffer: Error {}

    /// Another scope whose series are wanted beside a report's, from the same read (the summary's
    /// of the running month, and its budgets' projection).
    struct AlongsideScope {
        let scope: ReportScope
        let first: CivilDate
        let asOf: CivilDate
    }

    public static func report(_ store: LedgerStore, scope: ReportScope, first: CivilDate, asOf: CivilDate) throws -> RecurringReport {
        try report(store, scope: scope, first: first, asOf: asOf, holding: heldChargesLimit)
    }

    /// `holding`: how many transactions a scope read in time order may hold; `reading` hears, before each
    /// read of the stored charges, whether it is a merchant at a time (tests watch both). `sharing`
    /// takes every row of a read in time order, of every flow, for other analyses of those rows,
    /// each with its ID from the instant `sharedIDsFrom` on (before it, a split's only: the
    /// series look no other up).
    static func report(
        _ store: LedgerStore, scope: ReportScope, first: CivilDate, asOf: CivilDate, holding limit: Int,
        reading: (_ byMerchant: Bool) -> Void = { _ in }, sharing: ((CountedCharge) throws -> Void)? = nil,
        sharedIDsFrom: Int64 = .min
    ) throws -> RecurringReport {
        try reports(
            store, scope: scope, first: first, asOf: asOf, holding: limit, reading: reading, sharing: sharing,
            sharedIDsFrom: sharedIDsFrom
        ).report
    }

    /// The report, and `alongside`'s series where both scopes' transactions are read in time
    /// order at once, as one read of the two scopes' days together, each taking the rows of its
    /// own (nil otherwise: its caller reads them). `sharing` takes the rows of the report's scope
    /// only, and none before `sharedFrom`, which a read in time order takes from the charge packs
    /// where they cover it (`LedgerStore.forEachCountedCharge`'s `packedBefore`); without
    /// `sharing`, such a read takes every row it can from them.
    static func reports(
        _ store: LedgerStore, scope: ReportScope, first: CivilDate, asOf: CivilDate, holding limit: Int,
        reading: (_ byMerchant: Bool) -> Void = { _ in }, sharing: ((CountedCharge) throws -> Void)? = nil,
        sharedIDsFrom: Int64 = .min, sharedFrom: Int64? = nil, alongside: AlongsideScope? = nil
    ) throws -> (report: RecurringReport, alongside: RecurringReport?) {
        var finder = SeriesFinder(scope: scope, first: first, asOf: asOf)
        // Refunds answer a charge and transfers move the user's own money: neither is a series.
        let flows: [Flow] = [.expense, .income]
        let reader = try ClassificationReader(store, accounts: scope.accounts)
        guard reader.answersFromStoredCharges(scope) else {
            try ClassificationReader.forEachCounted(store, scope, reader: reader) { transaction, classification in
                guard flows.contains(classification.flow) else { return }
                let key = SeriesFinder.Key(
                    accountID: transaction.accountID, merchant: ClassificationReader.merchant(transaction, classification),
                    currency: transaction.currency, indicator: transaction.indicator, flow: classification.flow)
                try finder.add(
                    finder.number(of: key), id: transaction.id,
                    Charge(date: scope.date(of: transaction), amount: transaction.amount, category: classification.category))
            }
            return (try finder.report(), nil)
        }
        // What is stored answers as the reader would: only the columns a series needs are read,
        // in time order, which SQLite walks without sorting; a scope with more transactions than
        // the limit (counted from an index first, no further than one past it) is read a merchant
        // at a time, each let go once read. Only two spellings of a name coming apart then holds
        // them all, as before.
        let states: [ClassificationState] = scope.includePending ? [.counted, .pending] : [.counted]
        if let alongside,
            let both = try bothInTimeOrder(
                store, finder, alongside, states: states, holding: limit, reading: reading, sharing: sharing,
                sharedIDsFrom: sharedIDsFrom, sharedFrom: sharedFrom, classifier: reader.classifier)
        {
            return both
        }
        // Read a merchant at a time, the keys finished, by their hashes alone: ten years of
        // names are not held, and two keys of one hash only read the charges again in time order.
        var finished = Set<Int>()
        var lastSpelled: SeriesFinder.Key?
        let selection = scope.selection(statuses: scope.statuses)
        func read(byMerchant: Bool) throws {
            reading(byMerchant)
            let shares = sharing != nil && !byMerchant
            try store.forEachCountedCharge(
                selection, states: states, flows: shares ? Flow.allCases : flows, byMerchant: byMerchant,
                identifiedFrom: shares ? sharedIDsFrom : .max, packedBefore: shares ? sharedFrom : .max
            ) { row in
                if shares, let sharing {
                    try sharing(row)
                    guard flows.contains(row.flow) else { return }
                }
                if byMerchant {
                    let spelled = SeriesFinder.Key(row)
                    if let last = lastSpelled {
                        // SQLite orders names by their bytes, while Swift takes canonically
                        // equal spellings (a composed and a decomposed é) as one: where that
                        // shows, charges are read in time order and all held, as the pass does.
                        guard last == spelled ? last.isSpelledAs(spelled) : !finished.contains(spelled.hashValue) else {
                            throw SpellingsDiffer()
                        }
                        if last != spelled {
                            finished.insert(last.hashValue)
                            try finder.finish(finder.number(of: last))
                            finder.forgetKeys()
                        }
                    }
                    lastSpelled = spelled
                }
                try finder.add(row, classifier: reader.classifier, byMerchant: byMerchant)
            }
        }
        if try store.holds(atMost: limit, selection) {
            try read(byMerchant: false)
        } else {
            do {
                try read(byMerchant: true)
            } catch is SpellingsDiffer {
                // The numbers of spellings are the first read's: the second numbers its own.
                finder = SeriesFinder(scope: scope, first: first, asOf: asOf)
                try read(byMerchant: false)
            }
        }
        return (try finder.report(), nil)
    }

    /// Both scopes' series from one read in time order of their days together, each charge held
    /// once and each scope's series found from the charges of its days; nil when the two differ
    /// in what else they count, a scope is open-ended, or together they hold more transactions
    /// than the limit.
    private static func bothInTimeOrder(
        _ store: LedgerStore, _ finder: SeriesFinder, _ alongside: AlongsideScope, states: [ClassificationState], holding limit: Int,
        reading: (_ byMerchant: Bool) -> Void, sharing: ((CountedCharge) throws -> Void)?, sharedIDsFrom: Int64,
        sharedFrom: Int64?, classifier: Classifier
    ) throws -> (report: RecurringReport, alongside: RecurringReport?)? {
        let (scope, other) = (finder.scope, alongside.scope)
        guard other.includePending == scope.includePending, other.currencies == scope.currencies, other.people.isEmpty,
            other.classifiedFrom == nil, other.classifiedBefore == nil, scope.classifiedFrom == nil, scope.classifiedBefore == nil,
            other.accounts.selected.map(\.id) == scope.accounts.selected.map(\.id), let own = finder.windows.first,
            let ownFirst = scope.firstDay, let ownEnd = scope.endDay, let otherFirst = other.firstDay, let otherEnd = other.endDay
        else { return nil }
        var together = ReportScope(first: min(ownFirst, otherFirst), last: max(ownEnd, otherEnd).adding(days: -1), accounts: scope.accounts)
        together.includePending = scope.includePending
        together.currencies = scope.currencies
        let selection = together.selection(statuses: together.statuses)
        guard try store.holds(atMost: limit, selection) else { return nil }
        reading(false)
        var both = SeriesFinder(
            scope: scope,
            windows: [
                SeriesFinder.Window(days: (ownFirst, ownEnd), first: own.first, asOf: own.asOf),
                SeriesFinder.Window(days: (otherFirst, otherEnd), first: alongside.first, asOf: alongside.asOf),
            ])
        // Each account's instants of the report's own days, as its selection reads them.
        var ownInstants = AccountBounds(scope.accounts.ranges(first: ownFirst, end: ownEnd))
        let flows: [Flow] = [.expense, .income]
        try store.forEachCountedCharge(
            selection, states: states, flows: sharing == nil ? flows : Flow.allCases, byMerchant: false,
            identifiedFrom: sharing == nil ? .max : sharedIDsFrom, packedBefore: sharing == nil ? .max : sharedFrom
        ) { row in
            if let sharing, ownInstants.admits(row.accountID, spelling: row.accountSpelling, time: row.time) { try sharing(row) }
            guard flows.contains(row.flow) else { return }
            try both.add(row, classifier: classifier, byMerchant: false)
        }
        let reports = try both.reports()
        return (reports[0], reports[1])
    }

    /// One account's charges of one merchant, currency, direction and flow, split into series of one
    /// amount band each (README, "Recurring charges"): in date order (then amount), a charge
    /// joins the series whose typical amount so far (the median of its charges) is nearest and
    /// within 20 % of it, the earlier started on a tie, else it starts a series of its own. Two
    /// subscriptions of one merchant ($2.99 and $10.99) are two series; a price change within
    /// 20 % stays in its series, where `detect` flags it.
    static func series(_ charges: [Charge]) -> [[Charge]] {
        let sorted = charges.sorted(by: isBefore)
        return seriesIndices(ofSortedAmounts: sorted.lazy.map(\.amount)).map { $0.map { sorted[$0] } }
    }

    /// Date order, then amount: the order a series is built and checked in.
    static func isBefore(_ left: Charge, _ right: Charge) -> Bool { (left.date, left.amount) < (right.date, right.amount) }

    /// `series` of charges already in `isBefore` order, given by their amounts, each series as
    /// the indices of its charges. `breaks` says whether the charge at `next` joining a series
    /// whose last is at `last` means it can never be one: such a series lets go of its indices (a
    /// key's ten years can hold a hundred thousand) and is not returned, but it still draws the
    /// charges nearest its typical amount, which still follows them, so that every other series
    /// is split as it would be without `breaks`.
    static func seriesIndices(
        ofSortedAmounts amounts: some Sequence<Int64>, breaks: (_ last: Int, _ next: Int) -> Bool = { _, _ in false }
    ) -> [[Int]] {
        // A broken series is nil: its indices let go, its amounts still kept below.
        var series: [[Int]?] = []
        var typical: [Int64] = []
        var near: [(least: Int64, greatest: Int64)] = []
        // Each series' amounts kept in order, so its median is read, not sorted, per charge.
        var ordered: [[Int64]] = []
        for (position, amount) in amounts.enumerated() {
            // The nearest within 20 %, the earlier on a tie; found without an array per charge.
            var nearest: Int?
            for index in series.indices where near[index].least <= amount && amount <= near[index].greatest {
                if let best = nearest, abs(amount - typical[best]) <= abs(amount - typical[index]) { continue }
                nearest = index
            }
            guard let index = nearest else {
                series.append([position])
                typical.append(amount)
                near.append(nearAmounts(amount))
                ordered.append([amount])
                continue
            }
            if let last = series[index]?.last {
                if breaks(last, position) { series[index] = nil } else { series[index]?.append(position) }
            }
            // After every amount not above it: found by halves, as a busy key's series holds thousands.
            var (low, high) = (0, ordered[index].count)
            while low < high {
                let middle = (low + high) / 2
                if ordered[index][middle] > amount { high = middle } else { low = middle + 1 }
            }
            ordered[index].insert(amount, at: low)
            let median = ordered[index][(ordered[index].count - 1) / 2]
            if median != typical[index] { (typical[index], near[index]) = (median, nearAmounts(median)) }
        }
        return series.compactMap { $0 }
    }

    /// The recurring charge these charges make, or nil when they make none.
    static func detect(merchant: String, currency: String, charges unsorted: [Charge], asOf: CivilDate) throws -> RecurringReport.Item? {
        // Two charges of a series on one day (a double charge) are one occurrence.
        var charges: [Charge] = []
        for charge in unsorted.sorted(by: isBefore) {
            if let last = charges.last, last.date == charge.date {
                charges[charges.count - 1] = try last.adding(charge, category: last.category, currency: currency)
            } else {
                charges.append(charge)
            }
        }
        guard charges.count >= minimumCount else { return nil }
        let gaps = zip(charges, charges.dropFirst()).map { $1.date.daysSinceEpoch - $0.date.daysSinceEpoch }
        guard let cadence = RecurringReport.Cadence.allCases.first(where: { cadence in gaps.allSatisfy(band(cadence).gaps.contains) })
        else { return nil }
        let typical = median(charges.dropLast().map(\.amount))
        guard charges.allSatisfy({ isNear($0.amount, typical) }) else { return nil }
        let last = charges[charges.count - 1]
        var item = RecurringReport.Item(
            merchant: merchant, category: last.category, currency: currency, cadence: cadence, typicalAmount: typical,
            lastAmount: last.amount, firstDate: charges[0].date, lastDate: last.date, nextDate: nextDate(after: last.date, cadence),
            count: charges.count)
        item.charges = charges
        item.flags = flags(of: item, asOf: asOf)
        return item
    }

    /// A series' flags as of `asOf`. Which series a scope holds does not depend on the day they
    /// are judged on, only these do.
    static func flags(of item: RecurringReport.Item, asOf: CivilDate) -> [RecurringReport.Flag] {
        var flags: [RecurringReport.Flag] = []
        if item.firstDate > previousDate(before: asOf, item.cadence, periods: 3) { flags.append(.new) }
        if item.lastAmount != item.typicalAmount { flags.append(.priceChange(change: item.lastAmount - item.typicalAmount)) }
        if asOf.daysSinceEpoch > item.nextDate.daysSinceEpoch + band(item.cadence).grace { flags.append(.missed) }
        return flags
    }

    /// The report's series judged as of `asOf` instead: what a read of the same scope as of that
    /// day gives, without reading its charges again.
    static func judged(_ report: RecurringReport, asOf: CivilDate) -> RecurringReport {
        let items = report.items.map { item in
            var judged = item
            judged.flags = flags(of: item, asOf: asOf)
            return judged
        }
        return RecurringReport(first: report.first, asOf: asOf, timeZones: report.timeZones, items: items)
    }

    /// A week later, or the same day of the month one, three or twelve months on (the last
    /// day of a shorter month).
    static func nextDate(after date: CivilDate, _ cadence: RecurringReport.Cadence, periods: Int = 1) -> CivilDate {
        switch cadence {
        case .weekly: date.adding(days: 7 * periods)
        case .monthly: adding(months: periods, to: date)
        case .quarterly: adding(months: 3 * periods, to: date)
        case .yearly: adding(months: 12 * periods, to: date)
        }
    }

    static func previousDate(before date: CivilDate, _ cadence: RecurringReport.Cadence, periods: Int) -> CivilDate {
        switch cadence {
        case .weekly: date.adding(days: -7 * periods)
        case .monthly: adding(months: -periods, to: date)
        case .quarterly: adding(months: -3 * periods, to: date)
        case .yearly: adding(months: -12 * periods, to: date)
        }
    }

    static func adding(months: Int, to date: CivilDate) -> CivilDate {
        let month = YearMonth(date).adding(months: months)
        return CivilDate(year: month.year, month: month.month, day: min(date.day, CivilDate.daysIn(year: month.year, month: month.month)))
    }
}
