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
    /// The balance of each selected account at the end of each period; with `target`, each
    /// converted into it at the rate of that period end (one without a rate is left out, and
    /// counted in the report's `unconverted`).
    public static func trend(
        _ store: LedgerStore, accounts: ReportAccounts, from: CivilDate, to: CivilDate,
        every interval: ReportCalendar.Interval, convertTo target: String? = nil
    ) throws -> TrendReport {
        let dates = ReportCalendar.periodEnds(from: from, to: to, every: interval)
        var conversion = try self.conversion(store, accounts: accounts, into: target, dates: dates)
        let series = try store.readSnapshot {
            try selected(store, accounts).map { account in
                let trend = BalanceTrend(observations: try store.balanceObservations(accountID: account.id))
                var balances = trend.balances(at: endInstants(dates, zone: accounts.zone(of: account.id)))
                if conversion != nil { balances = try converted(balances, dates: dates, by: &conversion) }
                let first = balances.lazy.compactMap { $0 }.first
                let last = balances.last { $0 != nil } ?? nil
                var change: Money?
                if let first, let last, first.currency == last.currency {
                    change = try last.subtracting(first)
                }
                return TrendReport.Series(
                    accountID: account.id, accountName: account.displayName, accountLabel: accounts.label(of: account.id),
                    kind: account.kind,
                    currency: target ?? account.currency, balances: balances, first: first, last: last,
                    change: change)
            }
        }
        var report = TrendReport(from: from, to: to, interval: interval, dates: dates, series: series)
        report.convertedTo = target
        report.unconverted = conversion?.unconverted ?? []
        return report
    }

    /// Assets, liabilities and net worth of the selected accounts, per currency, at the end of
    /// each period; with `target`, one currency: each balance converted into it at the rate of
    /// that period end (one without a rate is left out, and counted in the report's `unconverted`).
    public static func netWorth(
        _ store: LedgerStore, accounts: ReportAccounts, from: CivilDate, to: CivilDate,
        every interval: ReportCalendar.Interval, convertTo target: String? = nil
    ) throws -> NetWorthReport {
        struct Sums {
            var assets: Money
            var liabilities: Money
            var accounts = 0
        }
        let dates = ReportCalendar.periodEnds(from: from, to: to, every: interval)
        // Per date, per currency.
        var sums = Array(repeating: [String: Sums](), count: dates.count)
        var conversion = try self.conversion(store, accounts: accounts, into: target, dates: dates)
        try store.readSnapshot {
            for account in try selected(store, accounts) {
                let trend = BalanceTrend(observations: try store.balanceObservations(accountID: account.id))
                var balances = trend.balances(at: endInstants(dates, zone: accounts.zone(of: account.id)))
                if conversion != nil { balances = try converted(balances, dates: dates, by: &conversion, summed: true) }
                for (index, balance) in balances.enumerated() {
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
                        date: date, currency: currency, assets: shown(sum.assets.units, currency),
                        liabilities: shown(sum.liabilities.units, currency), netWorth: shown(netWorth, currency),
                        accounts: sum.accounts))
                netWorthsByCurrency[currency, default: Array(repeating: nil, count: dates.count)][index] = shown(netWorth, currency)
            }
        }
        // Converted sums are exact to 1/10,000 until they are shown, to the minor unit; a change
        // is then between the net worths shown.
        func shown(_ units: Int64, _ currency: String) -> Int64 {
            target == nil ? units : Money.roundedToMinorUnit(units, currency: currency)
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
        var report = NetWorthReport(from: from, to: to, interval: interval, dates: dates, rows: rows, currencies: currencies)
        report.convertedTo = target
        report.unconverted = conversion?.unconverted ?? []
        return report
    }

    /// The conversion into `target` with the rates that can answer `dates`; nil without a target.
    static func conversion(
        _ store: LedgerStore, accounts: ReportAccounts, into target: String?, dates: [CivilDate]
    ) throws -> CurrencyConversion? {
        guard let target else { return nil }
        return CurrencyConversion(
            into: target, rates: try RateTable.load(store, accounts: accounts, firstDay: dates.first, lastDay: dates.last))
    }

    /// Balances at `dates` converted at the rate of each date (nil where there is no rate, as
    /// where there is no balance: the conversion counts it), each shown to the target's minor
    /// unit (a change is then between the balances shown), or exact to 1/10,000 to be summed.
    static func converted(
        _ balances: [Money?], dates: [CivilDate], by conversion: inout CurrencyConversion?, summed: Bool = false
    ) throws -> [Money?] {
        guard var converting = conversion else { return balances }
        defer { conversion = converting }
        let target = converting.target
        return try zip(balances, dates).map { balance, date -> Money? in
            guard let balance,
                let units = try converting.convert(balance.units, currency: balance.currency, on: date, kind: .balances)
            else { return nil }
            return Money(units: summed ? units : Money.roundedToMinorUnit(units, currency: target), currency: target)
        }
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
