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

    public static func report(_ store: LedgerStore, month: YearMonth, zone: ReportTimeZone, now: Timestamp,
                              warnAt: Int64 = 80) throws -> Result {
        try build(store, month: month, zone: zone, now: now, warnAt: warnAt)
    }

    // MARK: - Spending, income, merchants, expenses

    struct CategoryKey: Hashable {
        let currency: String
        let category: String
    }

    struct MerchantKey: Hashable {
        let currency: String
        let merchant: String
        let category: String
    }

    struct MonthFacts {
        /// Every counted transaction's line (see `add`): what a restatement compares.
        var digest = StableHash()
        var totals: [String: SummaryRecord.Totals] = [:]

        mutating func add(_ transaction: ReportTransaction, _ classification: Classification) throws {
            digest.add("\(transaction.id)|\(transaction.amount)|\(transaction.currency)|\(transaction.indicator.rawValue)|"
                       + "\(classification.flow.rawValue)|\(classification.category)\n")
            let old = totals[transaction.currency]
                ?? SummaryRecord.Totals(currency: transaction.currency, spent: 0, refunded: 0, income: 0, count: 0)
            var spent = old.spent, refunded = old.refunded, income = old.income, count = old.count
            let currency = transaction.currency
            switch classification.flow {
            case .expense:
                spent = try Money.sum(spent, transaction.amount, currency: currency)
                count += 1
            case .refund:
                refunded = try Money.sum(refunded, transaction.amount, currency: currency)
                count += 1
            case .income: income = try Money.sum(income, transaction.amount, currency: currency)
            case .transfer: break
            }
            totals[transaction.currency] = SummaryRecord.Totals(currency: transaction.currency, spent: spent, refunded: refunded,
                                                                income: income, count: count)
        }
    }

    static func build(_ store: LedgerStore, month: YearMonth, zone: ReportTimeZone, now: Timestamp,
                      warnAt: Int64) throws -> Result {
        let first = month.adding(months: -3)
        let previousMonth = month.adding(months: -1)
        var monthOf = MonthOfInstant(zone: zone)
        var spending: [YearMonth: [CategoryKey: (spent: Int64, refunded: Int64, count: Int)]] = [:]
        var merchants: [MerchantKey: (net: Int64, count: Int)] = [:]
        var expenses: [String: [SummaryReport.Item]] = [:]
        var income: [String: Int64] = [:]
        var facts: [YearMonth: MonthFacts] = [:]
        var currencies = Set<String>()
        try CountedTransactions.forEach(store, ReportScope(months: first...month, zone: zone)) { transaction, classification in
            let period = monthOf.month(of: transaction.time)
            try facts[period, default: MonthFacts()].add(transaction, classification)
            let currency = transaction.currency
            let key = CategoryKey(currency: currency, category: classification.category)
            switch classification.flow {
            case .expense, .refund:
                var sums = spending[period]?[key] ?? (0, 0, 0)
                if classification.flow == .expense {
                    sums.spent = try Money.sum(sums.spent, transaction.amount, currency: currency)
                } else {
                    sums.refunded = try Money.sum(sums.refunded, transaction.amount, currency: currency)
                }
                sums.count += 1
                spending[period, default: [:]][key] = sums
                currencies.insert(currency)
                guard period == month else { return }
                let merchantKey = MerchantKey(currency: currency, merchant: transaction.merchantName ?? transaction.description,
                                              category: classification.category)
                var merchant = merchants[merchantKey] ?? (0, 0)
                merchant.net = classification.flow == .expense
                    ? try Money.sum(merchant.net, transaction.amount, currency: currency)
                    : try Money.difference(merchant.net, transaction.amount, currency: currency)
                merchant.count += 1
                merchants[merchantKey] = merchant
                if classification.flow == .expense {
                    expenses[currency, default: []].append(item(transaction, category: classification.category, zone: zone))
                }
            case .income:
                guard period == month else { return }
                income[currency] = try Money.sum(income[currency] ?? 0, transaction.amount, currency: currency)
                currencies.insert(currency)
            case .transfer: break
            }
        }

        // Still pending up to the month's end.
        var pending: [String: [SummaryReport.Item]] = [:]
        let monthEnd = zone.startOfDay(month.lastDay.adding(days: 1))
        try store.forEachReportTransaction(LedgerStore.ReportSelection(from: nil, until: monthEnd,
                                                                       statuses: [.pending, .authorized])) { transaction in
            pending[transaction.currency, default: []].append(item(transaction, category: nil, zone: zone))
            currencies.insert(transaction.currency)
        }

        var sections: [SummaryReport.CurrencySection] = []
        for currency in currencies.sorted() {
            func sums(_ period: YearMonth) -> [String: (spent: Int64, refunded: Int64, count: Int)] {
                var result: [String: (spent: Int64, refunded: Int64, count: Int)] = [:]
                for (key, value) in spending[period] ?? [:] where key.currency == currency { result[key.category] = value }
                return result
            }
            let current = sums(month)
            let previous = sums(previousMonth)
            let before = (1...3).map { sums(month.adding(months: -$0)) }
            var names = Set(current.keys)
            for sums in before { names.formUnion(sums.keys) }
            var lines: [SummaryReport.CategoryLine] = []
            for name in names {
                let now = current[name] ?? (0, 0, 0)
                func net(_ sums: (spent: Int64, refunded: Int64, count: Int)?) throws -> Int64 {
                    try sums.map { try Money.difference($0.spent, $0.refunded, currency: currency) } ?? 0
                }
                let previousNet = try net(previous[name])
                let beforeTotal = try Money.sum(before.map { try net($0[name]) }, currency: currency)
                lines.append(try SummaryReport.CategoryLine(category: name, spent: now.spent, refunded: now.refunded, count: now.count,
                                                            previousNet: previousNet, averageNet: average(beforeTotal, currency),
                                                            currency: currency))
            }
            lines.sort { (-$0.net, -$0.previousNet, $0.category) < (-$1.net, -$1.previousNet, $1.category) }
            func total(_ sums: [String: (spent: Int64, refunded: Int64, count: Int)]) throws -> Int64 {
                try Money.sum(sums.values.map { try Money.difference($0.spent, $0.refunded, currency: currency) }, currency: currency)
            }
            let previousTotal = try total(previous)
            let beforeTotal = try Money.sum(before.map(total), currency: currency)
            let topMerchants = merchants.filter { $0.key.currency == currency && $0.value.net > 0 }
                .map { SummaryReport.MerchantLine(merchant: $0.key.merchant, category: $0.key.category, net: $0.value.net,
                                                  count: $0.value.count) }
                .sorted { (-$0.net, $0.merchant, $0.category) < (-$1.net, $1.merchant, $1.category) }
            let largest = (expenses[currency] ?? []).sorted { (-$0.amount, $0.date, $0.id) < (-$1.amount, $1.date, $1.id) }
            let pendingItems = pending[currency] ?? []
            sections.append(try SummaryReport.CurrencySection(
                currency: currency,
                spent: try Money.sum(lines.map(\.spent), currency: currency),
                refunded: try Money.sum(lines.map(\.refunded), currency: currency),
                count: lines.reduce(0) { $0 + $1.count }, previousNet: previousTotal,
                averageNet: average(beforeTotal, currency),
                categories: lines, merchants: Array(topMerchants.prefix(listed)), largestExpenses: Array(largest.prefix(listed)),
                income: income[currency] ?? 0,
                pendingOut: try Money.sum(pendingItems.filter { $0.indicator == .debit }.map(\.amount), currency: currency),
                pendingIn: try Money.sum(pendingItems.filter { $0.indicator == .credit }.map(\.amount), currency: currency),
                pendingCount: pendingItems.count,
                pendingItems: Array(pendingItems.sorted { (-$0.amount, $0.date, $0.id) < (-$1.amount, $1.date, $1.id) }.prefix(listed))))
        }

        let today = zone.date(of: now.epochSeconds)
        let budgets = try BudgetAnalysis.report(store, months: [month], zone: zone, today: today, warnAt: warnAt)
            .rows.filter { !$0.isUnbudgeted }

        // Balances at the two month ends; net worth over twelve.
        let trend = try BalanceAnalysis.trend(store, from: previousMonth.firstDay, to: month.lastDay, every: .month, zone: zone)
        let balances = try trend.series.compactMap { series -> SummaryReport.AccountLine? in
            let balance = series.balances.last ?? nil
            let previous = series.balances.count > 1 ? series.balances[series.balances.count - 2] : nil
            guard balance != nil || previous != nil else { return nil }
            return try SummaryReport.AccountLine(accountID: series.accountID, name: series.accountName, kind: series.kind,
                                             currency: balance?.currency ?? previous?.currency ?? series.currency,
                                             balance: balance?.units, previous: previous?.units)
        }
        let worth = try BalanceAnalysis.netWorth(store, from: month.adding(months: -11).firstDay, to: month.lastDay, every: .month,
                                                 zone: zone)
        let netWorth = try worth.currencies.map { summary -> SummaryReport.NetWorthLine in
            let row = worth.rows.last { $0.currency == summary.currency && $0.date == month.lastDay }
            let values = summary.netWorths
            return try SummaryReport.NetWorthLine(
                currency: summary.currency, assets: row?.assets, liabilities: row?.liabilities, netWorth: values.last ?? nil,
                previous: values.count > 1 ? values[values.count - 2] : nil,
                history: zip(worth.dates, values).map { SummaryReport.HistoryPoint(date: $0, value: $1) })
        }

        // Restatements.
        let complete = month < YearMonth(today)
        var records: [SummaryRecord] = []
        var restatements: [SummaryReport.Restatement] = []
        for record in try store.summaryRecords() where record.month <= month {
            let current = try facts[record.month] ?? monthFacts(store, record.month, zone: zone)
            let digest = current.digest.hex
            guard digest != record.digest else { continue }
            var changes: [SummaryReport.Restatement.Change] = []
            for currency in Set(record.totals.map(\.currency)).union(current.totals.keys).sorted() {
                let old = record.totals.first { $0.currency == currency }
                let new = current.totals[currency]
                func net(_ totals: SummaryRecord.Totals?) throws -> Int64? {
                    try totals.map { try Money.difference($0.spent, $0.refunded, currency: currency) }
                }
                let (oldNet, newNet) = (try net(old), try net(new))
                guard oldNet != newNet || old?.income != new?.income else { continue }
                changes.append(SummaryReport.Restatement.Change(currency: currency, reportedNet: oldNet, reportedIncome: old?.income,
                                                                net: newNet ?? 0, income: new?.income ?? 0))
            }
            restatements.append(SummaryReport.Restatement(month: record.month, reportedAt: record.reportedAt, changes: changes))
            records.append(SummaryRecord(month: record.month, digest: digest, firstReportedAt: record.firstReportedAt,
                                         reportedAt: now.text, totals: current.totals.values.sorted { $0.currency < $1.currency }))
        }
        if complete, !(try store.summaryRecords().contains { $0.month == month }) {
            let current = facts[month] ?? MonthFacts()
            records.append(SummaryRecord(month: month, digest: current.digest.hex, firstReportedAt: now.text, reportedAt: now.text,
                                         totals: current.totals.values.sorted { $0.currency < $1.currency }))
        }
        if !complete { records.removeAll { $0.month == month } }

        let freshness = try store.sourceStatuses().map { source -> SummaryReport.SourceFreshness in
            let synced = source.lastSyncedAt.flatMap(Timestamp.init(rfc3339:))
            let days = synced.map { Int((now.epochSeconds - $0.epochSeconds).floorDivided(by: 86_400)) }
            let limit = Int64(SummaryReport.staleAfterDays) * 86_400
            let stale = synced.map { now.epochSeconds - $0.epochSeconds > limit } ?? true
            let streams = source.streams.compactMap { stream -> SummaryReport.StreamFreshness? in
                guard let changed = Timestamp(rfc3339: stream.changedAt), now.epochSeconds - changed.epochSeconds > limit else {
                    return nil
                }
                return SummaryReport.StreamFreshness(name: stream.name, changedAt: stream.changedAt,
                                                     days: Int((now.epochSeconds - changed.epochSeconds).floorDivided(by: 86_400)))
            }
            return SummaryReport.SourceFreshness(name: source.name, kind: source.kind, lastSyncedAt: source.lastSyncedAt,
                                                 daysSinceSync: days, isStale: stale, staleStreams: streams)
        }

        // The currency most used leads (the headline's first), then by code.
        sections.sort { ($1.count, $0.currency) < ($0.count, $1.currency) }
        let report = SummaryReport(month: month, previousMonth: previousMonth, averageMonths: (1...3).reversed().map { month.adding(months: -$0) },
                                   generatedAt: now, zoneIdentifier: zone.identifier, isMonthComplete: complete,
                                   currencies: sections, budgets: budgets, warnAt: warnAt, balances: balances, netWorth: netWorth,
                                   restatements: restatements, freshness: freshness)
        return Result(report: report, records: records)
    }

    /// A third of `total`, rounded half to even to the currency's minor unit (cents for USD).
    static func average(_ total: Int64, _ currency: String) -> Int64 {
        let digits = min(4, max(0, CurrencyTable.minorDigits(for: currency) ?? 2))
        var step: Int64 = 1
        for _ in digits..<4 { step *= 10 }
        return BudgetAnalysis.roundedDivision(total, 3 * step) * step
    }

    static func monthFacts(_ store: LedgerStore, _ month: YearMonth, zone: ReportTimeZone) throws -> MonthFacts {
        var facts = MonthFacts()
        try CountedTransactions.forEach(store, ReportScope(months: month...month, zone: zone)) { try facts.add($0, $1) }
        return facts
    }

    static func item(_ transaction: ReportTransaction, category: String?, zone: ReportTimeZone) -> SummaryReport.Item {
        SummaryReport.Item(id: transaction.id, date: zone.date(of: transaction.time),
                           merchant: transaction.merchantName ?? transaction.description, category: category,
                           account: transaction.accountName, amount: transaction.amount, indicator: transaction.indicator,
                           status: transaction.status)
    }
}
