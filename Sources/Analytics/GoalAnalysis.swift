import Ledger
import LedgerStore

/// Builds `goal list` (README, "Goals") from each goal's account balances (README, "How purse
/// counts money": Balances), as of one day.
///
/// - saved: the account's balance at the end of the day in its zone; for a liability the amount
///   owed, positive.
/// - remaining: max(0, target - saved), for a liability max(0, owed - target).
/// - months left: the month ends from this month's to the goal's month's, inclusive.
/// - per month: remaining / months left, rounded up to the currency's minor unit, exactly.
/// - on track: remaining is 0, or the balance grew (a liability: the amount owed fell) by at
///   least three times per month from the end of the month four months back to the end of last
///   month: the last three whole months.
///
/// Decided where the rules are silent:
/// - A balance in another currency than the goal's counts as none: figures never mix currencies.
/// - A goal whose account is gone has no balance; it is still listed, under the account's ID.
public enum GoalAnalysis {
    public static func report(_ store: LedgerStore, accounts: ReportAccounts, today: CivilDate) throws -> GoalReport {
        let month = YearMonth(today)
        let progressFrom = month.adding(months: -4).lastDay
        let progressTo = month.adding(months: -1).lastDay
        let goals = try store.goalRecords().map { record -> GoalReport.Goal in
            let account = accounts.all.first { $0.id == record.accountID }
            let zone = accounts.zone(of: record.accountID)
            let trend = BalanceTrend(observations: account == nil ? [] : try store.balanceObservations(accountID: record.accountID))
            let balances = trend.balances(
                at: [progressFrom, progressTo, today].map { zone.startOfDay($0.adding(days: 1)) - 1 }
            ).map { $0?.currency == record.currency ? $0?.units : nil }
            return try goal(
                record, accountName: account?.displayName ?? record.accountID,
                accountLabel: accounts.label(of: record.accountID),
                isPayingDown: account?.kind == .liability, month: month,
                balances: (from: balances[0], to: balances[1], today: balances[2]), ends: (progressFrom, progressTo))
        }
        return GoalReport(today: today, progressFrom: progressFrom, progressTo: progressTo, goals: goals)
    }

    /// One goal's figures from the account's balances at the two ends of the three months and today.
    static func goal(
        _ record: GoalRecord, accountName: String, accountLabel: String, isPayingDown: Bool, month: YearMonth,
        balances: (from: Int64?, to: Int64?, today: Int64?), ends: (CivilDate, CivilDate)
    ) throws(MoneyError) -> GoalReport.Goal {
        let currency = record.currency
        let monthsLeft = max(0, (record.byMonth.year - month.year) * 12 + record.byMonth.month - month.month + 1)
        var saved: Int64?
        var remaining: Int64?
        var perMonth: Int64?
        if let balance = balances.today {
            let value = isPayingDown ? try Money.difference(0, balance, currency: currency) : balance
            let left =
                isPayingDown
                ? try Money.difference(value, record.target, currency: currency)
                : try Money.difference(record.target, value, currency: currency)
            saved = value
            remaining = max(0, left)
            perMonth = try self.perMonth(max(0, left), months: monthsLeft, currency: currency)
        }
        // The balance's growth is the fall of what a liability owes: a debt is a negative balance.
        var progress: Int64?
        if let from = balances.from, let to = balances.to { progress = try Money.difference(to, from, currency: currency) }
        var onTrack: Bool?
        if remaining == 0 {
            onTrack = true
        } else if remaining != nil && monthsLeft == 0 {
            // Its month has passed with money still to go: missed, whatever the pace was.
            onTrack = false
        } else if let progress, let perMonth {
            // progress >= 3 x perMonth, without a product that could overflow.
            onTrack = progress.floorDivided(by: 3) >= perMonth
        }
        let missing = saved == nil || onTrack != nil ? nil : balances.from == nil ? ends.0 : ends.1
        return GoalReport.Goal(
            name: record.name, accountID: record.accountID, accountName: accountName, accountLabel: accountLabel,
            isPayingDown: isPayingDown, target: record.target, currency: currency, by: record.byMonth, saved: saved,
            remaining: remaining, monthsLeft: monthsLeft, perMonth: perMonth, progress: progress, onTrack: onTrack,
            missingBalanceOn: missing)
    }

    /// `remaining / months` rounded up to the currency's minor unit; `remaining` when no month is left.
    static func perMonth(_ remaining: Int64, months: Int, currency: String) throws(MoneyError) -> Int64 {
        guard months > 0 else { return remaining }
        let step = Money.minorUnitStep(currency)
        let (quotient, rest) = remaining.quotientAndRemainder(dividingBy: Int64(months) * step)
        let (units, overflow) = (quotient + (rest > 0 ? 1 : 0)).multipliedReportingOverflow(by: step)
        guard !overflow else { throw .overflow(currency) }
        return units
    }
}
