import Ledger
import LedgerStore

/// Builds the balance reports (README, "How purse counts money", Balances): trend, net worth
/// and (in `BalanceAnalysis+Drift.swift`) reconciliation drift.
///
/// - A balance observation's value is its booked balance when present, else its available
///   balance, signed by its indicator (a debt is negative): the store keeps it so.
/// - The balance of an account at the end of a period is its latest observation with `asOfDate`
///   at or before the end of the period's last local day; before the first observation there is
///   none (never 0).
/// - Net worth per currency = assets + liabilities, each the sum of the balances of the accounts
///   of that kind that have one in that currency.
///
/// Decided where the rules are silent:
/// - Of observations at the same instant, the one stored last counts (as `purse accounts` shows).
/// - A balance is in the currency of its observed side's amount. A series whose first and last
///   balances are in different currencies has no change, and sums never mix currencies.
/// - The end of a period is the last second of its last local day in the account's zone: each
///   account's month ends at its own midnight.
public enum BalanceAnalysis {
    /// The balance of each selected account at the end of each period.
    public static func trend(
        _ store: LedgerStore, accounts: ReportAccounts, from: CivilDate, to: CivilDate,
        every interval: ReportCalendar.Interval
    ) throws -> TrendReport {
        let dates = ReportCalendar.periodEnds(from: from, to: to, every: interval)
        let series = try store.readSnapshot {
            try selected(store, accounts).map { account in
                let trend = BalanceTrend(observations: try store.balanceObservations(accountID: account.id))
                let balances = trend.balances(at: endInstants(dates, zone: accounts.zone(of: account.id)))
                let first = balances.lazy.compactMap { $0 }.first
                let last = balances.last { $0 != nil } ?? nil
                var change: Money?
                if let first, let last, first.currency == last.currency {
                    change = try last.subtracting(first)
                }
                return TrendReport.Series(
                    accountID: account.id, accountName: account.displayName, accountLabel: accounts.label(of: account.id),
                    kind: account.kind,
                    currency: account.currency, balances: balances, first: first, last: last,
                    change: change)
            }
        }
        return TrendReport(from: from, to: to, interval: interval, dates: dates, series: series)
    }

    /// Assets, liabilities and net worth of the selected accounts, per currency, at the end of each period.
    public static func netWorth(
        _ store: LedgerStore, accounts: ReportAccounts, from: CivilDate, to: CivilDate,
        every interval: ReportCalendar.Interval
    ) throws -> NetWorthReport {
        struct Sums {
            var assets: Money
            var liabilities: Money
            var accounts = 0
        }
        let dates = ReportCalendar.periodEnds(from: from, to: to, every: interval)
        // Per date, per currency.
        var sums = Array(repeating: [String: Sums](), count: dates.count)
        try store.readSnapshot {
            for account in try selected(store, accounts) {
                let trend = BalanceTrend(observations: try store.balanceObservations(accountID: account.id))
                let ends = endInstants(dates, zone: accounts.zone(of: account.id))
                for (index, balance) in trend.balances(at: ends).enumerated() {
                    guard let balance else { continue }
                    var sum =
                        sums[index][balance.currency]
                        ?? Sums(assets: .zero(balance.currency), liabilities: .zero(balance.currency))
                    switch account.kind {
                    // A kind purse does not know counts as an asset: its balance keeps its sign either way.
                    case .asset, .unrecognized: sum.assets = try sum.assets.adding(balance)
                    case .liability: sum.liabilities = try sum.liabilities.adding(balance)
                    }
                    sum.accounts += 1
                    sums[index][balance.currency] = sum
                }
            }
        }
        var rows: [NetWorthReport.Row] = []
        var netWorthsByCurrency: [String: [Int64?]] = [:]
        for (index, date) in dates.enumerated() {
            for (currency, sum) in sums[index].sorted(by: { $0.key < $1.key }) {
                let netWorth = try sum.assets.adding(sum.liabilities).units
                rows.append(
                    NetWorthReport.Row(
                        date: date, currency: currency, assets: sum.assets.units,
                        liabilities: sum.liabilities.units, netWorth: netWorth, accounts: sum.accounts))
                netWorthsByCurrency[currency, default: Array(repeating: nil, count: dates.count)][index] = netWorth
            }
        }
        let currencies = try netWorthsByCurrency.sorted { $0.key < $1.key }.map { currency, netWorths in
            let first = netWorths.lazy.compactMap { $0 }.first
            let last = netWorths.last { $0 != nil } ?? nil
            var change: Int64?
            if let first, let last {
                change = try Money.difference(last, first, currency: currency)
            }
            return NetWorthReport.CurrencySummary(currency: currency, netWorths: netWorths, first: first, last: last, change: change)
        }
        return NetWorthReport(from: from, to: to, interval: interval, dates: dates, rows: rows, currencies: currencies)
    }

    /// The selected accounts, in `purse accounts` order.
    static func selected(_ store: LedgerStore, _ accounts: ReportAccounts) throws -> [BalanceAccount] {
        let ids = Set(accounts.selected.map(\.id))
        return try store.balanceAccounts().filter { ids.contains($0.id) }
    }

    /// The last instant of each local day: an observation at or before it counts for that day.
    static func endInstants(_ dates: [CivilDate], zone: ReportTimeZone) -> [Int64] {
        dates.map { zone.startOfDay($0.adding(days: 1)) - 1 }
    }
}
