import Ledger

/// `report networth`: assets, liabilities and net worth at the end of each period, per
/// currency, never summed across currencies unless converted into one (`convertedTo`).
public struct NetWorthReport: Sendable {
    /// One currency at one date; only when at least one account has a balance in it then.
    public struct Row: Sendable, Equatable {
        public let date: CivilDate
        public let currency: String
        /// Sum of the balances of asset accounts (0 when only liabilities have one).
        public let assets: Int64
        /// Sum of the balances of liability accounts: negative for debts.
        public let liabilities: Int64
        /// assets + liabilities.
        public let netWorth: Int64
        /// How many accounts had a balance in this currency at this date.
        public let accounts: Int
    }

    /// A currency's net worth over the dates.
    public struct CurrencySummary: Sendable, Equatable {
        public let currency: String
        /// Aligned with `dates`; nil where the currency has no row.
        public let netWorths: [Int64?]
        public let first: Int64?
        public let last: Int64?
        /// last - first, nil without both.
        public let change: Int64?
    }

    public let from: CivilDate
    public let to: CivilDate
    public let interval: ReportCalendar.Interval
    /// The last day of each period, ascending.
    public let dates: [CivilDate]
    /// By date, then currency.
    public let rows: [Row]
    /// By currency code.
    public let currencies: [CurrencySummary]
    /// The currency every balance was converted into (`--convert-to`); nil: each kept its own.
    public internal(set) var convertedTo: String?
    /// The balances left out for want of a rate, per currency.
    public internal(set) var unconverted: [UnconvertedAmounts] = []
}
