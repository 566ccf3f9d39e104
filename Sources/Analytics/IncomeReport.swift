import Ledger

/// Income (credits whose flow is income; README, "How purse counts money") by month and source,
/// per currency.
public struct IncomeReport: Sendable {
    /// One source in one month and currency.
    public struct Row: Sendable, Equatable {
        public let period: YearMonth
        /// The merchant name, else the description.
        public let source: String
        public let currency: String
        /// Sum of the income amounts (positive), in 1/10,000 units.
        public let amount: Int64
        public let count: Int
    }

    /// One currency's income over the whole report.
    public struct Total: Sendable, Equatable {
        public let currency: String
        public let amount: Int64
        public let count: Int
    }

    /// The months the report covers, ascending.
    public let months: [YearMonth]
    /// Sorted: period ascending, amount descending, source ascending, currency ascending.
    public let rows: [Row]
    /// One per currency with income, by currency code.
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

    public var currencies: [String] { totals.map(\.currency) }

    public func total(_ currency: String) -> Total {
        totals.first { $0.currency == currency } ?? Total(currency: currency, amount: 0, count: 0)
    }
}
