import Ledger

/// Where one budget's period is heading (README, "Budgets": Projected): the net so far, the
/// recurring charges still due, and the rest of the period at the pace of the spending that
/// does not recur. Every amount is in the budget's currency.
public struct BudgetProjection: Sendable, Equatable {
    /// A recurring charge expected after today and by the period's last day.
    public struct Due: Sendable, Equatable {
        public let date: CivilDate
        public let merchant: String
        public let accountID: String
        public let accountName: String
        /// The series' typical amount, converted at the rate of `date` for a budget in every
        /// currency; nil when no rate reached that day (left out, and counted as unconverted).
        public let amount: Int64?
        /// The series' own currency and typical amount, before any conversion.
        public let originalCurrency: String
        public let originalAmount: Int64
    }

    public let category: String
    public let currency: String
    /// Whether the budget counts every currency, converted into `currency`.
    public let allCurrencies: Bool
    /// The period's first and last day.
    public let firstDay: CivilDate
    public let lastDay: CivilDate
    public let today: CivilDate
    /// The category's net from `firstDay` through `today`.
    public let soFar: Int64
    /// Date ascending.
    public let due: [Due]
    /// The due amounts that could be converted, added up.
    public let dueTotal: Int64
    /// The three whole months before today's month, which set the pace of what does not recur.
    public let windowFirst: YearMonth
    public let windowLast: YearMonth
    public let windowDays: Int
    /// The category's net in the window, and the recurring charges in it that are taken out.
    public let windowNet: Int64
    public let windowRecurring: Int64
    /// windowNet - windowRecurring.
    public let nonRecurringNet: Int64
    /// From the day after today through `lastDay`.
    public let daysLeft: Int
    /// nonRecurringNet x daysLeft / windowDays, rounded half to even once to the minor unit.
    public let nonRecurring: Int64
    /// soFar + the due amounts + nonRecurring.
    public let projected: Int64
    /// What found no rate, for a budget in every currency.
    public let unconverted: [UnconvertedAmounts]
    /// What of the window and the charges due found no rate (not what the net so far left out,
    /// which `report budget` already counts in its month).
    let unconvertedBesidesSoFar: [UnconvertedAmounts]
}
