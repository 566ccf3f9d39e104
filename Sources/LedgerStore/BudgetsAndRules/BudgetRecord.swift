import Ledger

/// One entry of a budget's history: from `firstMonth` on, the amount of each period (nil: no
/// budget from then on), how long a period lasts, and the rollover policy.
public struct BudgetRecord: Equatable, Sendable {
    /// What a period's unspent (or overspent) budget carries into the next, as stored.
    public enum Rollover: String, CaseIterable, Sendable {
        /// Nothing carries into the next period.
        case none
        /// What was left carries, never below zero.
        case surplus
        /// What was left carries, overspending too (a negative carry).
        case all
    }

    /// What a budget is over: a category, or a group of categories (`budget set --group`),
    /// whose members are the group's as it is when a report runs.
    public enum Scope: String, Sendable {
        case category, group
    }

    /// The category, or the group's name when `scope` is `.group`.
    public var category: String
    public var currency: String
    public var firstMonth: YearMonth
    /// In 1/10,000 units; nil when the budget was removed from `firstMonth` on.
    public var amount: Int64?
    public var rollover: Rollover
    /// How long one `amount` lasts: a month, or a quarter or year starting on its first month.
    public var period: BudgetPeriod
    /// Counts the category's spending in every currency, converted into `currency`
    /// (`--all-currencies`), not only its spending in `currency`.
    public var allCurrencies: Bool
    public var scope: Scope

    public init(
        category: String, currency: String, firstMonth: YearMonth, amount: Int64?, rollover: Rollover, period: BudgetPeriod = .month,
        allCurrencies: Bool = false, scope: Scope = .category
    ) {
        self.category = category
        self.currency = currency
        self.firstMonth = firstMonth
        self.amount = amount
        self.rollover = rollover
        self.period = period
        self.allCurrencies = allCurrencies
        self.scope = scope
    }
}
