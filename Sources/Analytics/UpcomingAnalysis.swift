import Ledger
import LedgerStore

/// The occurrences the recurring series are expected to have in the days after today, and each
/// account's balance run forward through them (README, "Reports": `report upcoming`).
public enum UpcomingAnalysis {
    typealias Row = UpcomingReport.Row

    /// `recurring` is `report recurring`'s run as of today (its `asOf`); the window is the `days`
    /// days after it.
    public static func report(_ store: LedgerStore, recurring: RecurringReport, accounts: ReportAccounts, days: Int) throws
        -> UpcomingReport
    {
        let today = recurring.asOf
        let last = today.adding(days: days)
        let rows = self.rows(recurring.items, after: today, through: last)
        let limits = Dictionary(
            try store.accountSummaries().compactMap { summary in
                summary.account.creditInformation?.creditLimit.map { (summary.account.id, $0) }
            }, uniquingKeysWith: { first, _ in first })
        var outlooks: [UpcomingReport.Outlook] = []
        let accountIDs = Set(rows.map(\.accountID)).sorted {
            (accounts.label(of: $0).lowercased(), $0) < (accounts.label(of: $1).lowercased(), $1)
        }
        for accountID in accountIDs {
            let ledgerAccount = accounts.all.first { $0.id == accountID }
            let kind = ledgerAccount?.kind ?? .asset
            // The end of today in the account's own zone, as a balance at the end of a period is read.
            let end = accounts.zone(of: accountID).startOfDay(today.adding(days: 1)) - 1
            let opening = BalanceTrend(observations: try store.balanceObservations(accountID: accountID)).balances(at: [end])[0]
            let limit = opening.flatMap { opening in limits[accountID].flatMap { $0.currency == opening.currency ? $0.units : nil } }
            let own = rows.filter { $0.accountID == accountID }
            let run = try self.run(own, opening: opening, floor: floor(kind, creditLimit: limit))
            outlooks.append(
                UpcomingReport.Outlook(
                    accountID: accountID, accountName: own[0].accountName, accountLabel: own[0].accountLabel, kind: kind,
                    opening: opening, creditLimit: kind == .liability ? limit : nil, rows: run.rows, shortfall: run.shortfall))
        }
        return UpcomingReport(today: today, last: last, days: days, timeZones: recurring.timeZones, rows: rows, accounts: outlooks)
    }

    /// Every expected date of every series after `today` up to `last`, a missed series too: by
    /// date, then account, merchant.
    static func rows(_ items: [RecurringReport.Item], after today: CivilDate, through last: CivilDate) -> [Row] {
        items.flatMap { item in
            item.expectedDates(after: today, through: last).map { date in
                Row(
                    date: date, accountID: item.accountID, accountName: item.accountName, accountLabel: item.accountLabel,
                    merchant: item.merchant, category: item.category, direction: item.direction, flow: item.flow,
                    amount: item.typicalAmount, currency: item.currency, cadence: item.cadence)
            }
        }
        .sorted {
            ($0.date, $0.accountLabel, $0.accountID, $0.merchant.lowercased(), $0.merchant, $0.amount)
                < ($1.date, $1.accountLabel, $1.accountID, $1.merchant.lowercased(), $1.merchant, $1.amount)
        }
    }

    /// The lowest balance an account may reach: zero for an asset, minus the credit limit for a
    /// liability (nil: a liability without a known limit, which nothing is called out for).
    static func floor(_ kind: AccountKind, creditLimit: Int64?) -> Int64? {
        kind == .liability ? creditLimit.map { -$0 } : 0
    }

    /// One account's rows with the balance after each (credits add, debits subtract; a row in
    /// another currency than the balance's leaves it and has none), and the first day whose
    /// closing balance is below `floor`: a day's rows are taken together, so pay landing on the
    /// day the rent goes out is not a shortfall.
    static func run(_ rows: [Row], opening: Money?, floor: Int64?) throws -> (rows: [Row], shortfall: UpcomingReport.Shortfall?) {
        guard let opening else { return (rows, nil) }
        var balance = opening.units
        var shortfall: UpcomingReport.Shortfall?
        var run: [Row] = []
        for (index, row) in rows.enumerated() {
            var row = row
            if row.currency == opening.currency {
                balance = try Money.sum(balance, row.signedAmount, currency: opening.currency)
                row.balance = balance
            }
            run.append(row)
            let dayEnds = index == rows.count - 1 || rows[index + 1].date != row.date
            if dayEnds, shortfall == nil, let floor, balance < floor {
                shortfall = UpcomingReport.Shortfall(date: row.date, balance: balance)
            }
        }
        return (run, shortfall)
    }
}
