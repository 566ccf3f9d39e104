import Ledger
import LedgerStore

extension SummaryAnalysis {
    /// Each account's balance at the end of the month and of the month before.
    static func accountLines(_ store: LedgerStore, month: YearMonth, zone: ReportTimeZone) throws -> [SummaryReport.AccountLine] {
        let trend = try BalanceAnalysis.trend(
            store, from: month.adding(months: -1).firstDay, to: month.lastDay, every: .month,
            zone: zone)
        return try trend.series.compactMap { series -> SummaryReport.AccountLine? in
            let balance = series.balances.last ?? nil
            let previous = series.balances.count > 1 ? series.balances[series.balances.count - 2] : nil
            guard balance != nil || previous != nil else { return nil }
            return try SummaryReport.AccountLine(
                accountID: series.accountID, name: series.accountName, kind: series.kind,
                currency: balance?.currency ?? previous?.currency ?? series.currency,
                balance: balance?.units, previous: previous?.units)
        }
    }

    /// Net worth per currency at the month's end, with the twelve month ends up to it.
    static func netWorthLines(_ store: LedgerStore, month: YearMonth, zone: ReportTimeZone) throws -> [SummaryReport.NetWorthLine] {
        let worth = try BalanceAnalysis.netWorth(
            store, from: month.adding(months: -11).firstDay, to: month.lastDay, every: .month,
            zone: zone)
        return try worth.currencies.map { summary -> SummaryReport.NetWorthLine in
            let row = worth.rows.last { $0.currency == summary.currency && $0.date == month.lastDay }
            let values = summary.netWorths
            return try SummaryReport.NetWorthLine(
                currency: summary.currency, assets: row?.assets, liabilities: row?.liabilities, netWorth: values.last ?? nil,
                previous: values.count > 1 ? values[values.count - 2] : nil,
                history: zip(worth.dates, values).map { SummaryReport.HistoryPoint(date: $0, value: $1) })
        }
    }

    /// When each source last synced, and which of them (or of their streams) are stale.
    static func freshness(_ store: LedgerStore, now: Timestamp) throws -> [SummaryReport.SourceFreshness] {
        try store.sourceStatuses().map { source -> SummaryReport.SourceFreshness in
            let synced = source.lastSyncedAt.flatMap(Timestamp.init(rfc3339:))
            let days = synced.map { Int((now.epochSeconds - $0.epochSeconds).floorDivided(by: 86_400)) }
            let limit = Int64(SummaryReport.staleAfterDays) * 86_400
            let stale = synced.map { now.epochSeconds - $0.epochSeconds > limit } ?? true
            let streams = source.streams.compactMap { stream -> SummaryReport.StreamFreshness? in
                guard let changed = Timestamp(rfc3339: stream.changedAt), now.epochSeconds - changed.epochSeconds > limit else {
                    return nil
                }
                return SummaryReport.StreamFreshness(
                    name: stream.name, changedAt: stream.changedAt,
                    days: Int((now.epochSeconds - changed.epochSeconds).floorDivided(by: 86_400)))
            }
            return SummaryReport.SourceFreshness(
                name: source.name, kind: source.kind, lastSyncedAt: source.lastSyncedAt,
                daysSinceSync: days, isStale: stale, staleStreams: streams)
        }
    }
}
