import Ledger
import LedgerStore

/// Builds `report summary` from the other analyses, and works out which months reported before
/// have changed since (restatements).
///
/// Decided where the rules are silent:
/// - The average of the three months before counts a month without spending as zero.
/// - Pending exposure is every pending or authorized transaction dated up to the month's end
///   that has not booked yet (its status now), whatever its flow: debits out, credits in.
/// - A restatement is a month at or before the summary's whose digest (every counted
///   transaction with its amount, flow and category) differs from what was last reported. Once
///   shown, the new numbers are what was reported, so each change is reported once.
public enum SummaryAnalysis {
    /// The report, and the records to remember when this run counts as reporting (see
    /// `SummaryRecord`): the month itself, and every restated month with its new numbers.
    public struct Result: Sendable {
        public let report: SummaryReport
        public let records: [SummaryRecord]
    }

    static let listed = 5

    /// With `target` (`--convert-to`), the spending, income and pending of every currency are
    /// one section in it, each transaction converted at the rate of its local day, and net worth
    /// is one line, each balance converted at the rate of its month end; account balances keep
    /// their own currency, and what is remembered (`records`) is the same as without: the
    /// ledger's own amounts, never a converted total, so a rate imported later restates nothing.
    public static func report(
        _ store: LedgerStore, month: YearMonth, accounts: ReportAccounts, now: Timestamp, today givenToday: CivilDate? = nil,
        warnAt: Int64 = 80, convertTo target: String? = nil
    ) throws -> Result {
        // Pending transactions of any age are listed: the rates reach back to the oldest of them.
        let oldestPending =
            target == nil ? nil : try pendingItems(store, month: month, accounts: accounts).values.joined().map(\.date).min()
        let first = min(month.adding(months: -3).firstDay, oldestPending ?? month.firstDay)
        var counted = CountedSums(
            month: month, accounts: accounts,
            conversion: try target.map {
                CurrencyConversion(into: $0, rates: try RateTable.load(store, accounts: accounts, firstDay: first, lastDay: month.lastDay))
            })
        // The three months before only add to the averages: their category sums are what the
        // ledger sums, unless each row converts on its own day.
        let before = month.adding(months: -3)...month.adding(months: -1)
        // `--now`'s day is today even where its noon UTC is already tomorrow.
        let today = givenToday ?? accounts.base.date(of: now.epochSeconds)
        // The read of the year the series and anomalies are found in hands on the month's rows,
        // unless each converts on its own day.
        let classifier = try ClassificationReader(store, accounts: accounts).classifier
        // The running month's budgets are projected to their period's end (README, "Budgets":
        // Projected), from series of their own scope: read with the summary's where they can be.
        let budgetReport = try BudgetAnalysis.report(store, months: [month], accounts: accounts, today: today, warnAt: warnAt)
        let (anomalies, series, shared, projectionSeries) = try AnomalyAnalysis.report(
            store, month: month, accounts: accounts, today: today, seriesAsOf: month.lastDay,
            sharing: target == nil ? { try counted.add($0, classifier: classifier) } : nil,
            alongside: budgetReport.isProjected(today: today)
                ? BudgetProjector.seriesScope(accounts: accounts, today: today, includePending: false) : nil)
        if !shared || target != nil {
            try ClassificationReader.forEachCounted(
                store, ReportScope(months: (target == nil ? month : before.lowerBound)...month, accounts: accounts)
            ) {
                try counted.add($0, $1)
            }
        }
        if target == nil {
            // Nothing converts, so no row comes one by one.
            let scope = ReportScope(months: before, accounts: accounts)
            var reader = try ClassificationReader(store, accounts: scope.accounts)
            try SpendingAnalysis.sums(store, scope: scope, byMerchant: false, reader: &reader) {
                try counted.add($0)
            } eachEntry: { _ in
            }
        }
        let newest = try newestTransaction(store, accounts: accounts)
        var sections: [SummaryReport.CurrencySection] = []
        // A month after the data ends has nothing to compare: no "-100 %" against the month before.
        if newest.map({ $0 >= month.firstDay }) ?? true {
            let pending = try pendingItems(store, month: month, accounts: accounts) { try counted.converted($0) }
            for currency in counted.currencies.union(pending.keys).sorted() {
                sections.append(try counted.section(currency, pending: pending[currency] ?? []))
            }
        }

        let projected = try budgetReport.projecting(
            store, accounts: accounts, today: today, includePending: false, series: projectionSeries)
        let budgets = projected.rows.filter { !$0.isUnbudgeted }
        let balances = try accountLines(store, month: month, accounts: accounts)
        let worth = try BalanceAnalysis.netWorth(
            store, accounts: accounts, from: month.adding(months: -11).firstDay, to: month.lastDay, every: .month, convertTo: target)
        let netWorth = try netWorthLines(worth, month: month)
        let complete = accounts.hasEnded(month, now: now)
        let reportedBefore = try store.summaryRecords().contains { $0.month <= month }
        let (restatements, records) = try self.restatements(
            store, month: month, complete: complete, facts: counted.facts, accounts: accounts,
            now: now)
        let freshness = try self.freshness(store, now: now)

        // The currency most used leads (the headline's first), then by code.
        sections.sort { ($1.count, $0.currency) < ($0.count, $1.currency) }
        var report = SummaryReport(
            month: month, previousMonth: month.adding(months: -1),
            averageMonths: (1...3).reversed().map { month.adding(months: -$0) },
            generatedAt: now, timeZones: accounts.zoneNames, isMonthComplete: complete,
            currencies: sections, budgets: budgets, warnAt: warnAt, balances: balances, netWorth: netWorth,
            restatements: restatements, hasReportedBefore: reportedBefore, freshness: freshness, newestTransaction: newest)
        report.groups = try groupLines(sections, groups: store.categoryGroups())
        report.recurring = recurringNews(series, month: month)
        report.anomalies = anomalies.anomalies
        let goals = try GoalAnalysis.report(store, accounts: accounts, today: YearMonth(today) == month ? today : month.lastDay)
        report.goals = goals.goals.isEmpty ? nil : goals
        report.convertedTo = target
        // A budget in every currency converts even when the summary does not; when the summary
        // converts, what it left out of the month covers the budgets' categories too.
        report.unconverted = target == nil ? projected.unconverted : (counted.conversion?.unconverted ?? []) + worth.unconverted
        report.cardExchange = try FXAnalysis.cardCosts(store, month: month, accounts: accounts).filter { $0.sums.count > 0 }
        return Result(report: report, records: records)
    }

    /// Each group's net this month and last, per currency, from its categories' lines; a group
    /// with nothing in either month is left out.
    static func groupLines(_ sections: [SummaryReport.CurrencySection], groups: CategoryGroups) throws -> [SummaryReport.GroupLine] {
        guard !groups.isEmpty else { return [] }
        var lines: [SummaryReport.GroupLine] = []
        for section in sections {
            var sums: [String: (net: Int64, previous: Int64)] = [:]
            for line in section.categories {
                guard let group = groups.group(of: line.category) else { continue }
                let sum = sums[group] ?? (0, 0)
                sums[group] = (
                    try Money.sum(sum.net, line.net, currency: section.currency),
                    try Money.sum(sum.previous, line.previousNet, currency: section.currency)
                )
            }
            let shown = try sums.filter { $0.value != (0, 0) }.map { group, sum in
                SummaryReport.GroupLine(
                    group: group, currency: section.currency, net: sum.net, previousNet: sum.previous,
                    change: try Money.difference(sum.net, sum.previous, currency: section.currency))
            }
            lines += shown.sorted { ($1.net, $0.group) < ($0.net, $1.group) }
        }
        return lines
    }

    /// The recurring series (charges and income) of the twelve months up to the month's end that
    /// are new or changed price, with an occurrence in the month.
    static func recurringNews(_ recurring: RecurringReport, month: YearMonth) -> [RecurringReport.Item] {
        recurring.items.filter { item in
            YearMonth(item.lastDate) == month && (item.flags.contains(.new) || item.priceChange != nil)
        }
    }

    /// The local day of the newest transaction of the selected accounts, each in its zone.
    static func newestTransaction(_ store: LedgerStore, accounts: ReportAccounts) throws -> CivilDate? {
        try store.newestTransactionTimes(accountIDs: accounts.selected.map(\.id))
            .map { accounts.zone(of: $0.key).date(of: $0.value) }.max()
    }

    /// Every pending or authorized transaction dated up to the month's end that has not booked
    /// yet, by currency; `converted` gives each as the summary counts it (nil: left out).
    static func pendingItems(
        _ store: LedgerStore, month: YearMonth, accounts: ReportAccounts,
        converted: (ReportTransaction) throws -> ReportTransaction? = { $0 }
    ) throws -> [String: [SummaryReport.Item]] {
        var pending: [String: [SummaryReport.Item]] = [:]
        var selection = LedgerStore.ReportSelection(from: nil, until: nil, statuses: [])
        selection.onlyNotBooked = true
        selection.accountRanges = accounts.ranges(first: nil, end: month.lastDay.adding(days: 1))
        // Under the name a rename rule gives, as the month's largest expenses show theirs.
        let reader = try ClassificationReader(store, accounts: accounts)
        try store.forEachReportTransaction(selection) { transaction in
            guard let transaction = try converted(transaction) else { return }
            let renamed = reader.renames ? reader.classifier.renamingRule(for: transaction)?.rename : nil
            pending[transaction.currency, default: []].append(item(transaction, category: nil, merchant: renamed, accounts: accounts))
        }
        return pending
    }

    /// A third of `total`, rounded half to even to the currency's minor unit (cents for USD).
    static func average(_ total: Int64, _ currency: String) -> Int64 {
        let step = Money.minorUnitStep(currency)
        return BudgetAnalysis.roundedDivision(total, 3 * step) * step
    }

    /// `merchant`: the name a rule shows it under.
    static func item(
        _ transaction: ReportTransaction, category: String?, merchant: String? = nil, accounts: ReportAccounts
    ) -> SummaryReport.Item {
        SummaryReport.Item(
            id: transaction.id, date: accounts.zone(of: transaction.accountID).date(of: transaction.time),
            merchant: merchant ?? transaction.merchantName ?? transaction.description, category: category,
            account: transaction.accountName, amount: transaction.amount, indicator: transaction.indicator,
            status: transaction.status)
    }
}
