import Ledger

/// What `purse report summary` last reported for a month: a digest of the counted transactions
/// and the totals per currency, so a later summary can tell which months were restated.
public struct SummaryRecord: Sendable, Equatable {
    /// One currency's totals of the summarised month.
    public struct Totals: Sendable, Equatable {
        public let currency: String
        public let spent: Int64
        public let refunded: Int64
        public let income: Int64
        public let count: Int

        public init(currency: String, spent: Int64, refunded: Int64, income: Int64, count: Int) {
            self.currency = currency
            self.spent = spent
            self.refunded = refunded
            self.income = income
            self.count = count
        }
    }

    public let month: YearMonth
    /// A digest of every counted transaction of the month with its flow and category.
    public let digest: String
    /// When the month was first reported.
    public let firstReportedAt: String
    /// When its numbers were last reported (its own summary, or a later one that showed its restatement).
    public let reportedAt: String
    /// By currency code.
    public let totals: [Totals]

    public init(month: YearMonth, digest: String, firstReportedAt: String, reportedAt: String, totals: [Totals]) {
        self.month = month
        self.digest = digest
        self.firstReportedAt = firstReportedAt
        self.reportedAt = reportedAt
        self.totals = totals
    }
}
