import Ledger

/// Spending (expenses and refunds) grouped by month and a key, per currency.
public struct SpendingReport: Sendable {
    public enum Grouping: String, CaseIterable, Sendable {
        case category, mcc, merchant, account, month
    }

    public struct Row: Sendable, Equatable {
        public let period: YearMonth
        /// The group's name: category, merchant, account name, the MCC as four digits ("" for none), or "" by month.
        public let key: String
        public let merchantCategoryCode: Int?
        public let codeDescription: String?
        /// The category (by category, mcc and merchant).
        public let category: String?
        public let currency: String
        /// What went out (sum of expense amounts).
        public var spent: Int64
        /// What came back (sum of refund amounts).
        public var refunded: Int64
        /// Expenses and refunds in the row.
        public var count: Int
        /// The previous period's net for the same key, with --compare.
        public var previousNet: Int64?

        public var net: Int64 { spent - refunded }
    }

    /// A currency's rows added up.
    public struct Total: Sendable, Equatable {
        public let currency: String
        public let spent: Int64
        public let refunded: Int64
        public let count: Int
        /// With --compare: the previous period's net of the rows that have one.
        public let previousNet: Int64?

        public var net: Int64 { spent - refunded }
    }

    public let grouping: Grouping
    /// The months the report covers, ascending.
    public let months: [YearMonth]
    /// Sorted: period ascending, net descending, key ascending.
    public let rows: [Row]
    /// With --compare: the months before, of the same length.
    public let previousMonths: [YearMonth]?
    /// One per currency of the rows, by currency code.
    public let totals: [Total]

    public var currencies: [String] { totals.map(\.currency) }

    /// The total of a currency (zero when it has no rows).
    public func total(_ currency: String) -> Total {
        totals.first { $0.currency == currency }
            ?? Total(currency: currency, spent: 0, refunded: 0, count: 0, previousNet: nil)
    }
}
