import Ledger
import LedgerStore

extension BudgetReport {
    /// Whether `projecting` projects anything: a budget of the running month.
    func isProjected(today: CivilDate) -> Bool {
        rows.contains { $0.month == YearMonth(today) && !$0.isUnbudgeted }
    }

    /// The report with each budget of the running month projected to the end of its period (the
    /// one holding today)
    /// (README, "Budgets": Projected) instead of at its pace, and its status warning when the
    /// projection exceeds what is available. What the projections could not convert is added to
    /// what the report left out. A report without the running month is as it was. `series`: the
    /// projection's recurring series (`BudgetProjector.seriesScope`), when already read.
    public func projecting(
        _ store: LedgerStore, accounts: ReportAccounts, today: CivilDate, includePending: Bool, series: RecurringReport? = nil
    ) throws -> BudgetReport {
        let running = YearMonth(today)
        guard isProjected(today: today) else { return self }
        let groups = try store.categoryGroups()
        // A group's projection is the sum of its categories' projections.
        func categories(of row: Row) -> [String] { row.scope == .group ? groups.members(of: row.category) : [row.category] }
        let projectedRows = rows.filter { $0.month == running && $0.available != nil && $0.remaining != nil }
        let projector = try BudgetProjector(
            store, accounts: accounts, today: today, includePending: includePending, series: series,
            categories: Set(projectedRows.flatMap(categories)))
        var report = self
        var left = unconverted
        for index in report.rows.indices {
            let row = report.rows[index]
            guard row.month == running, let available = row.available, let remaining = row.remaining else { continue }
            // The period holding today: a yearly budget projects to 31 December.
            var projected: Int64 = 0
            for category in categories(of: row) {
                let projection = try projector.projection(
                    category: category, currency: row.currency, allCurrencies: row.converted != nil,
                    firstDay: row.periodMonths.lowerBound.firstDay, lastDay: row.periodMonths.upperBound.lastDay)
                projected = try Money.sum(projected, projection.projected, currency: row.currency)
                left += projection.unconvertedBesidesSoFar
            }
            report.rows[index].projected = projected
            report.rows[index].projectedThrough = row.periodMonths.upperBound.lastDay
            report.rows[index].status = BudgetAnalysis.status(
                net: row.net, remaining: remaining, available: available, warnAt: warnAt, projected: projected)
        }
        report.rows.sort { BudgetAnalysis.order($0) < BudgetAnalysis.order($1) }
        report.unconverted = try UnconvertedAmounts.merged(left)
        return report
    }
}
