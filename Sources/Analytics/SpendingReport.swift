import Ledger

/// Spending (expenses and refunds) grouped by month and a key, per currency.
public struct SpendingReport {
    /// What rows are keyed by: `--by category|mcc|merchant|account|month|tag|person|group`.
    public enum Grouping: String, CaseIterable, Sendable {
        case category, mcc, merchant, account, month, tag, person, group
    }

    /// By tag, the row of what has no tag.
    public static let noTag = "(no tag)"
    /// By person, the row of what is nobody's.
    public static let noPerson = "(no person)"

    /// One group in one month and currency.
    public struct Row: Sendable, Equatable {
        public let period: YearMonth
        /// The group's name: category, merchant, account ID, tag, person, category group (an
        /// ungrouped category's own name), the MCC as four digits ("" for none), or "" by month.
        public let key: String
        public let merchantCategoryCode: Int?
        public let codeDescription: String?
        /// The category (by category, mcc and merchant).
        public let category: String?
        public let currency: String
        /// What went out (sum of expense amounts).
        public let spent: Int64
        /// What came back (sum of refund amounts).
        public let refunded: Int64
        /// spent - refunded.
        public let net: Int64
        /// Expenses and refunds in the row.
        public let count: Int
        /// The previous period's net for the same key, with --compare.
        public let previousNet: Int64?
        /// net - previousNet, with --compare.
        public let change: Int64?

        /// Every difference checked for overflow here, once, so nothing downstream does arithmetic.
        init(
            period: YearMonth, key: String, merchantCategoryCode: Int?, codeDescription: String?, category: String?,
            currency: String, spent: Int64, refunded: Int64, count: Int, previousNet: Int64? = nil
        ) throws(MoneyError) {
            self.period = period
            self.key = key
            self.merchantCategoryCode = merchantCategoryCode
            self.codeDescription = codeDescription
            self.category = category
            self.currency = currency
            self.spent = spent
            self.refunded = refunded
            self.count = count
            self.previousNet = previousNet
            (net, change) = try NetSpending.of(spent: spent, refunded: refunded, previousNet: previousNet, currency: currency)
        }

        /// The same row with its sums as `target` shows them: rounded half to even to its minor unit.
        func rounded(to target: String) throws(MoneyError) -> Row {
            try Row(
                period: period, key: key, merchantCategoryCode: merchantCategoryCode, codeDescription: codeDescription,
                category: category, currency: currency, spent: Money.roundedToMinorUnit(spent, currency: target),
                refunded: Money.roundedToMinorUnit(refunded, currency: target), count: count, previousNet: previousNet)
        }

        /// The same row with the previous period's net to compare with.
        func comparing(with previousNet: Int64) throws(MoneyError) -> Row {
            try Row(
                period: period, key: key, merchantCategoryCode: merchantCategoryCode, codeDescription: codeDescription,
                category: category, currency: currency, spent: spent, refunded: refunded, count: count, previousNet: previousNet)
        }
    }

    /// A currency's rows added up.
    public struct Total: Sendable, Equatable {
        let currency: String
        public let spent: Int64
        public let refunded: Int64
        /// spent - refunded.
        public let net: Int64
        public let count: Int
        /// With --compare: the previous period's net of the rows that have one.
        public let previousNet: Int64?
        /// net - previousNet, with --compare.
        public let change: Int64?

        init(currency: String, spent: Int64, refunded: Int64, count: Int, previousNet: Int64?) throws(MoneyError) {
            self.currency = currency
            self.spent = spent
            self.refunded = refunded
            self.count = count
            self.previousNet = previousNet
            (net, change) = try NetSpending.of(spent: spent, refunded: refunded, previousNet: previousNet, currency: currency)
        }

        /// A currency without rows.
        init(nothingIn currency: String) {
            self.currency = currency
            spent = 0
            refunded = 0
            net = 0
            count = 0
            previousNet = nil
            change = nil
        }
    }

    public let grouping: Grouping
    /// The months the report covers, ascending.
    public let months: [YearMonth]
    /// Sorted: period ascending, net descending, key ascending.
    public let rows: SpendingRows
    /// With --compare: the months before, of the same length.
    public let previousMonths: [YearMonth]?
    /// One per currency of the rows, by currency code.
    let totals: [Total]
    /// By account: each account's name, and its name as text shows it (told apart from another
    /// account's of the same name), by ID.
    let accountNames: [String: (name: String, label: String)]
    /// With `--convert-to`: the currency every row was converted into.
    public let convertedTo: String?
    /// With `--convert-to`: what was left out for want of a rate, per currency.
    public let unconverted: [UnconvertedAmounts]
    /// By tag: the counted transactions (or parts of a split) with more than one tag, each in
    /// every one of its tags' rows but once in the totals.
    public var multiTagged = 0
    /// `--person`: the only people whose spending counts (empty: everyone's).
    public var people: [String] = []

    /// The name of the account of a row by account.
    public func accountName(_ row: Row) -> String { accountNames[row.key]?.name ?? row.key }

    /// The same as text shows it: `Apple Card (Ana's iPhone)` when another account is also named Apple Card.
    public func accountLabel(_ row: Row) -> String { accountNames[row.key]?.label ?? row.key }

    public var currencies: [String] { totals.map(\.currency) }

    /// The total of a currency (zero when it has no rows).
    public func total(_ currency: String) -> Total {
        totals.first { $0.currency == currency } ?? Total(nothingIn: currency)
    }
}
