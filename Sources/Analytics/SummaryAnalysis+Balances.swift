import Ledger
import LedgerStore

extension SummaryAnalysis {
    /// Each account's balance at the end of the month and of the month before.
    static func accountLines(_ store: LedgerStore, month: YearMonth, accounts: ReportAccounts) throws -> [SummaryReport.AccountLine] {
        let trend = try BalanceAnalysis.trend(
            store, accounts: accounts, from: month.adding(months: -1).firstDay, to: month.lastDay, every: .month)
        return try trend.series.compactMap { series -> SummaryReport.AccountLine? in
            let balance = series.balances.last ?? nil
            let previous = series.balances.count > 1 ? series.balances[series.balances.count - 2] : nil
            guard balance != nil || previous != nil else { return nil }
            return try SummaryReport.AccountLine(
                accountID: series.accountID, name: series.accountName, label: series.accountLabel, kind: series.kind,
                currency: balance?.currency ?? previous?.currency ?? series.currency,
                balance: balance?.units, previous: previous?.units)
        }
    }

    /// Net worth per currency (or converted into one) at the month's end, with the twelve month
    /// ends up to it, from `worth` over those twelve months.
    static func netWorthLines(_ worth: NetWorthReport, month: YearMonth) throws -> [SummaryReport.NetWorthLine] {
        try worth.currencies.map { summary -> SummaryReport.NetWorthLine in
            let row = worth.rows.last { $0.currency == summary.currency && $0.date == month.lastDay }
            let values = summary.netWorths
            return try SummaryReport.NetWorthLine(
                currency: summary.currency, assets: row?.assets, liabilities: row?.liabilities, netWorth: values.last ?? nil,
                previous: values.count > 1 ? values[values.count - 2] : nil,
                history: zip(worth.dates, values).map { SummaryReport.HistoryPoint(date: $0, value: $1) })
        }
    }

    /// How old each source's data is, and which sources (or streams) are stale. A source's data
    /// is as new as `SourceStatus.dataAsOf` says (the export's or capture's own time, else its
    /// newest record): when it arrived, or when purse last ran, says nothing of the data. A
    /// stream is called out when its data has not changed for more than the limit while another
    /// stream of its source did.
    static func freshness(_ store: LedgerStore, now: Timestamp) throws -> [SummaryReport.SourceFreshness] {
        try store.sourceStatuses(countingRecords: false).map { source -> SummaryReport.SourceFreshness in
            let newest = source.dataAsOf.flatMap(Timestamp.init(rfc3339:))
            func days(since time: Timestamp) -> Int { Int((now.epochSeconds - time.epochSeconds).floorDivided(by: 86_400)) }
            let limit = Int64(SummaryReport.staleAfterDays) * 86_400
            let stale = newest.map { now.epochSeconds - $0.epochSeconds > limit } ?? true
            // A stream lags when it has not changed for more than the limit while another of its
            // source's streams did: one account that stopped, not a quiet week.
            let newestChange = source.streams.compactMap { Timestamp(rfc3339: $0.changedAt)?.epochSeconds }.max() ?? 0
            let streams = source.streams.compactMap { stream -> SummaryReport.StreamFreshness? in
                guard let changed = Timestamp(rfc3339: stream.changedAt), newestChange - changed.epochSeconds > limit else {
                    return nil
                }
                return SummaryReport.StreamFreshness(
                    name: stream.name, changedAt: stream.changedAt,
                    days: Int((now.epochSeconds - changed.epochSeconds).floorDivided(by: 86_400)))
            }
            return SummaryReport.SourceFreshness(
                name: source.name, kind: source.kind, lastSyncedAt: source.lastSyncedAt,
                daysSinceSync: source.lastSyncedAt.flatMap(Timestamp.init(rfc3339:)).map(days(since:)), dataAsOf: newest?.text,
                daysOld: newest.map(days(since:)), isStale: stale, staleStreams: streams)
        }
    }
}
