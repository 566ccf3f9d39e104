import Ledger

/// Income against net spending by month, per currency; transfers are left out (they move
/// money between the user's own accounts or pay a card, and are neither earned nor spent).
public struct CashflowReport: Sendable {
    /// One month in one currency.
    public struct Row: Sendable, Equatable {
        public let period: YearMonth
        public let currency: String
        /// Sum of income.
        public let income: Int64
        /// Sum of expenses.
        public let spent: Int64
        /// Sum of refunds.
        public let refunded: Int64
        /// Net spending: spent - refunded.
        public let spending: Int64
        /// income - spending.
        public let net: Int64
        /// Transfers left out in this month and currency.
        public let transfers: Int
    }

    /// One currency over the whole report.
    public struct Total: Sendable, Equatable {
        public let currency: String
        public let income: Int64
        public let spent: Int64
        public let refunded: Int64
        public let spending: Int64
        public let net: Int64
        public let transfers: Int
    }

    /// The months the report covers, ascending.
    public let months: [YearMonth]
    /// Every month of the report for every currency with income or spending in it: period
    /// ascending, then currency.
    public let rows: [Row]
    /// One per currency with income or spending, by currency code.
    public let totals: [Total]
    /// With `--convert-to`: the currency every row was converted into.
    public let convertedTo: String?
    /// With `--convert-to`: what was left out for want of a rate, per currency.
    public let unconverted: [UnconvertedAmounts]

    init(months: [YearMonth], rows: [Row], totals: [Total], convertedTo: String? = nil, unconverted: [UnconvertedAmounts] = []) {
        self.months = months
        self.rows = rows
        self.totals = totals
        self.convertedTo = convertedTo
        self.unconverted = unconverted
    }

    var currencies: [String] { totals.map(\.currency) }
}
