import Ledger
import LedgerStore

/// Budget against actual spending, per month, category and currency; a quarter or year budget's
/// row counts its period so far.
public struct BudgetReport: Sendable {
    /// Where a budget stands: over is spent past what is available; warn is at or past the
    /// warning level, or on pace to go over in the running month.
    public enum Status: String, Sendable {
        case ok, warn, over
    }

    /// One category and currency in one month (or the Unbudgeted spending of a currency).
    public struct Row: Sendable, Equatable {
        public let month: YearMonth
        /// How long the budget's amount lasts; the figures count from the period's first month
        /// through `month` (a month for the Unbudgeted row).
        public let period: BudgetPeriod
        /// The months the amount covers: the period holding `month`, cut short where the budget's
        /// history changes (only `month` on the Unbudgeted row).
        public let periodMonths: ClosedRange<YearMonth>
        public let category: String
        public let currency: String
        /// Nil on the Unbudgeted row, which has no budget.
        public let budgeted: Int64?
        public let carried: Int64?
        public let spent: Int64
        public let refunded: Int64
        public internal(set) var status: Status?
        /// The period-end net at the current pace, for the running month only; with
        /// `--projected`, the projection to the end of the running period (`projectedThrough`).
        public internal(set) var projected: Int64?
        /// spent - refunded.
        public let net: Int64
        /// budgeted + carried (nil on the Unbudgeted row).
        public let available: Int64?
        /// available - net (nil on the Unbudgeted row).
        public let remaining: Int64?
        /// net - available, when the budget is over.
        public let overBy: Int64?
        /// A budget in every currency (`--all-currencies`): how much of its net was converted
        /// from other currencies; nil for a budget of its own currency only.
        public let converted: Int64?
        /// The last day of the period `projected` projects to, when it is a projection
        /// (`--projected`, README "Budgets": Projected) rather than the pace.
        public internal(set) var projectedThrough: CivilDate? = nil
        /// A budget over a category, or over a group's categories (`category` is then the group's name).
        public internal(set) var scope = BudgetRecord.Scope.category

        var isUnbudgeted: Bool { budgeted == nil }
    }

    static let unbudgeted = "Unbudgeted"

    public let months: [YearMonth]
    /// Warn level in percent.
    public let warnAt: Int64
    /// Month ascending; within a month over first, then warn, then ok, then by category; Unbudgeted last.
    public internal(set) var rows: [Row]
    /// What budgets in every currency left out for want of a rate, per currency.
    public internal(set) var unconverted: [UnconvertedAmounts]

    init(months: [YearMonth], warnAt: Int64, rows: [Row], unconverted: [UnconvertedAmounts] = []) {
        self.months = months
        self.warnAt = warnAt
        self.rows = rows
        self.unconverted = unconverted
    }

    /// Whether a budget of the report counts every currency.
    public var convertsCurrencies: Bool { rows.contains { $0.converted != nil } }

    /// Whether a budget of the report is over a group.
    public var hasGroupBudgets: Bool { rows.contains { $0.scope == .group } }
}
