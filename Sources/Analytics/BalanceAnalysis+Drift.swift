import Ledger
import LedgerStore

extension BalanceAnalysis {
    /// Reconciliation drift of each account (all when `accountIDs` is empty).
    ///
    /// Between each two consecutive observations of an account (by observed time), the derived
    /// balance is the earlier observation plus the signed booked transactions in its currency
    /// with earlier time < transaction time <= later time; drift = later observation - derived.
    /// Every pair with drift is reported. A divergence first appears on the local day of the
    /// later observation of a pair with drift after a pair without (or after a pair with another
    /// drift); consecutive pairs with the same drift are one divergence continuing, so they keep
    /// its first day. Two observations in different currencies cannot be compared: the pair is
    /// skipped and ends any divergence.
    public static func drift(_ store: LedgerStore, accounts selection: ReportAccounts) throws -> DriftReport {
        var divergences: [DriftReport.Divergence] = []
        var distinct = 0
        var pairsChecked = 0
        var pairsSkipped = 0
        let accounts = try store.readSnapshot {
            let accounts = try selected(store, selection)
            // An imported row that repeats a synced one moved no money of its own.
            let duplicates = StatementDuplicateMatcher.duplicateRows(
                try store.transactionsOfSharedAccounts(from: nil, until: nil, statuses: [.booked]))
            for account in accounts {
                let zone = selection.zone(of: account.id)
                let observations = BalanceTrend(observations: try store.balanceObservations(accountID: account.id)).observations
                // The divergence the previous pair was part of, if any.
                var running: DriftReport.Divergence?
                for (earlier, later) in zip(observations, observations.dropFirst()) {
                    let currency = earlier.balance.currency
                    guard later.balance.currency == currency else {
                        pairsSkipped += 1
                        running = nil
                        continue
                    }
                    pairsChecked += 1
                    var moved = try store.bookedSignedSum(
                        accountID: account.id, currency: currency,
                        after: earlier.time, through: later.time)
                    for twin in duplicates[account.id] ?? [] where twin.time > earlier.time && twin.time <= later.time {
                        moved = try Money.difference(moved, twin.indicator.signed(twin.amount), currency: currency)
                    }
                    let derived = try earlier.balance.adding(Money(units: moved, currency: currency))
                    let drift = try later.balance.subtracting(derived)
                    guard drift.units != 0 else {
                        running = nil
                        continue
                    }
                    let day = zone.date(of: later.time)
                    let firstDay: CivilDate
                    if let running, running.drift == drift.units {
                        firstDay = running.firstDay
                    } else {
                        firstDay = day
                        distinct += 1
                    }
                    let divergence = DriftReport.Divergence(
                        accountID: account.id, accountName: account.displayName, accountLabel: selection.label(of: account.id),
                        currency: currency,
                        from: zone.date(of: earlier.time), to: day, observed: later.balance.units, derived: derived.units,
                        drift: drift.units, firstDay: firstDay)
                    divergences.append(divergence)
                    running = divergence
                }
            }
            return accounts
        }
        return DriftReport(
            accountsChecked: accounts.count, pairsChecked: pairsChecked, pairsSkipped: pairsSkipped,
            divergences: divergences, distinctDivergences: distinct)
    }
}
