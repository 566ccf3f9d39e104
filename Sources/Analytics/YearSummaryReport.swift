import Ledger

/// `report summary --year`: how a year went, month by month, per currency (never summed across
/// currencies). Values only; Rendering turns it into text, CSV, JSON, HTML and email.
public struct YearSummaryReport: Sendable {
    /// Spending and income of one month (or of the year, `month` nil) in one currency.
    public struct Totals: Sendable, Equatable {
        /// Nil for the year's total.
        public let month: YearMonth?
        public let spent: Int64
        public let refunded: Int64
        public let income: Int64
        /// spent - refunded.
        public let net: Int64
        /// income - net; the savings rate is saved / income.
        public let saved: Int64

        init(month: YearMonth?, spent: Int64, refunded: Int64, income: Int64, currency: String) throws(MoneyError) {
            self.month = month
            self.spent = spent
            self.refunded = refunded
            self.income = income
            net = try NetSpending.net(spent: spent, refunded: refunded, currency: currency)
            saved = try Money.difference(income, net, currency: currency)
        }
    }

    /// A category's net spending over the year against the year before.
    public struct CategoryLine: Sendable, Equatable {
        public let category: String
        public let net: Int64
        /// Expenses and refunds in the year.
        public let count: Int
        public let previousNet: Int64
        /// net - previousNet.
        public let change: Int64
    }

    /// A recurring charge and what its charges in the year added up to.
    public struct RecurringCost: Sendable, Equatable {
        public let item: RecurringReport.Item
        public let total: Int64
        /// Its charges in the year.
        public let count: Int
    }

    /// Everything of one currency.
    public struct CurrencySection: Sendable, Equatable {
        public let currency: String
        /// Every month of the year up to its last counted one, in order.
        public let months: [Totals]
        public let total: Totals
        /// Net spending of the year before.
        public let previousNet: Int64
        /// total.net - previousNet, checked.
        public let change: Int64
        /// Net spending by category: net descending, then name; a category spent on the year
        /// before but not this year shows with zero.
        public let categories: [CategoryLine]
        /// The largest net spending by merchant (as many as the monthly summary lists), net descending.
        public let merchants: [SummaryReport.MerchantLine]
        /// The expense series that cost most over the year (as many as the monthly summary lists).
        public let recurring: [RecurringCost]

        init(
            currency: String, months: [Totals], total: Totals, previousNet: Int64, categories: [CategoryLine],
            merchants: [SummaryReport.MerchantLine], recurring: [RecurringCost]
        ) throws(MoneyError) {
            self.currency = currency
            self.months = months
            self.total = total
            self.previousNet = previousNet
            change = try Money.difference(total.net, previousNet, currency: currency)
            self.categories = categories
            self.merchants = merchants
            self.recurring = recurring
        }
    }

    public let year: Int
    /// The last month counted: December, or this month in a year still running.
    public let lastMonth: YearMonth
    public let generatedAt: Timestamp
    /// The zones the accounts' days are in, sorted.
    public let timeZones: [String]
    /// False for the running year: its numbers are still moving.
    public let isYearComplete: Bool
    /// The currency with the most expenses and refunds first, then by code.
    public let currencies: [CurrencySection]
}
