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

    init(months: [YearMonth], rows: [Row], totals: [Total]) {
        self.months = months
        self.rows = rows
        self.totals = totals
    }

    public var currencies: [String] { totals.map(\.currency) }

    public func total(_ currency: String) -> Total {
        totals.first { $0.currency == currency } ?? Total(currency: currency, amount: 0, count: 0)
    }
}
