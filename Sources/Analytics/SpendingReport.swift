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

    public let grouping: Grouping
    /// The months the report covers, ascending.
    public let months: [YearMonth]
    /// Sorted: period ascending, net descending, key ascending.
    public let rows: [Row]
    /// With --compare: the months before, of the same length.
    public let previousMonths: [YearMonth]?

    public var currencies: [String] { Array(Set(rows.map(\.currency))).sorted() }

    /// Sum of a currency's rows.
    public func total(_ currency: String) -> (spent: Int64, refunded: Int64, net: Int64, count: Int, previousNet: Int64?) {
        var spent: Int64 = 0
        var refunded: Int64 = 0
        var count = 0
        var previous: Int64?
        for row in rows where row.currency == currency {
            spent += row.spent
            refunded += row.refunded
            count += row.count
            if let net = row.previousNet { previous = (previous ?? 0) + net }
        }
        return (spent, refunded, spent - refunded, count, previous)
    }
}
