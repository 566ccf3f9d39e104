import Ledger

/// What the card's exchange cost (`purse report fx`): every transaction charged in another
/// currency, the rate the card charged against the imported reference rate of its day, and the
/// difference in the account's currency, with totals per account and foreign currency.
///
/// Signs: a purchase is positive and a refund negative, in both currencies, so a markup is what
/// the exchange cost (positive) or saved (negative) whichever way the money went.
public struct FXReport: Sendable {
    /// The reference side of one transaction.
    public struct Reference: Sendable, Equatable {
        /// 1 foreign unit in the account's currency, from imported quotes only.
        public let rate: ExchangeRate
        /// The day of the quotes used: the transaction's day or up to 7 days before it.
        public let date: CivilDate
        /// foreign amount x rate, rounded half to even to 1/10,000 once: what the purchase would
        /// have cost at the reference rate.
        public let amount: Int64
        /// amount charged - `amount`: negative when the card's rate beat the reference.
        public let markup: Int64

        /// The reference side of `foreignAmount` charged as `amount`, at `rate` of `date`.
        public init(foreignAmount: Int64, amount: Int64, rate: ExchangeRate, date: CivilDate, currency: String) throws {
            self.rate = rate
            self.date = date
            self.amount = try rate.convert(foreignAmount)
            markup = try Money.difference(amount, self.amount, currency: currency)
        }

        /// One worked out before, as `FXRows` keeps it.
        init(rate: ExchangeRate, date: CivilDate, amount: Int64, markup: Int64) {
            self.rate = rate
            self.date = date
            self.amount = amount
            self.markup = markup
        }
    }

    public struct Row: Sendable, Equatable {
        /// The transaction's local day, in its account's zone.
        public let date: CivilDate
        /// Its instant, in Unix seconds: a day's rows are in time order.
        let time: Int64
        public let transactionID: String
        public let accountID: String
        public let accountName: String
        /// The account's name told apart from another account's of the same name.
        public let accountLabel: String
        /// The merchant name, else the description.
        public let merchant: String
        /// In 1/10,000 of `foreignCurrency`; a refund negative.
        public let foreignAmount: Int64
        public let foreignCurrency: String
        /// What the account was charged, in 1/10,000 of `currency`; a refund negative.
        public let amount: Int64
        /// The account's currency.
        public let currency: String
        /// The card's rate as its source wrote it: `currency` per 1 `foreignCurrency`.
        public let cardRate: String
        /// nil when no imported rate reaches the day (within 7 days before it).
        public let reference: Reference?
    }

    /// Sums over the rows of one account currency and foreign currency. The amounts, the
    /// reference amount and the markup are over the rows with a reference rate only, so the
    /// markup is always measured against the purchases it is about; the rest are counted apart.
    public struct Sums: Sendable, Equatable {
        /// Rows with a reference rate.
        public internal(set) var count = 0
        public internal(set) var foreignAmount: Int64 = 0
        public internal(set) var amount: Int64 = 0
        public internal(set) var referenceAmount: Int64 = 0
        public internal(set) var markup: Int64 = 0
        /// Rows without a reference rate, and their foreign amount.
        public internal(set) var unreferenced = 0
        public internal(set) var unreferencedForeignAmount: Int64 = 0

        public init() {}

        mutating func add(_ row: Row) throws {
            guard let reference = row.reference else {
                unreferenced += 1
                unreferencedForeignAmount = try Money.sum(unreferencedForeignAmount, row.foreignAmount, currency: row.foreignCurrency)
                return
            }
            count += 1
            foreignAmount = try Money.sum(foreignAmount, row.foreignAmount, currency: row.foreignCurrency)
            amount = try Money.sum(amount, row.amount, currency: row.currency)
            referenceAmount = try Money.sum(referenceAmount, reference.amount, currency: row.currency)
            markup = try Money.sum(markup, reference.markup, currency: row.currency)
        }
    }

    /// One account's rows in one foreign currency.
    public struct Total: Sendable, Equatable {
        public let accountID: String
        public let accountName: String
        public let accountLabel: String
        public let currency: String
        public let foreignCurrency: String
        public let sums: Sums
    }

    /// One account currency and foreign currency over every account in scope: the summary's line.
    public struct CardCost: Sendable, Equatable {
        public let currency: String
        public let foreignCurrency: String
        public let sums: Sums
    }

    /// The rows of one foreign currency and account currency that found no reference rate.
    public struct Missing: Sendable, Equatable {
        public let foreignCurrency: String
        public let currency: String
        public let count: Int
        /// Their foreign amounts summed.
        public let foreignAmount: Int64
        /// The earliest of their days.
        public let firstDay: CivilDate
    }

    /// The first and last local day of the report; nil: open.
    public let first: CivilDate?
    public let last: CivilDate?
    public let timeZones: [String]
    /// By date, then time, then transaction ID.
    public let rows: FXRows
    /// By account label, account ID, then foreign currency.
    public let totals: [Total]
    /// Each account currency and foreign currency over every account, by currency, then
    /// foreign currency.
    public let cardCosts: [CardCost]
    /// By foreign currency, then account currency.
    public let missing: [Missing]
}
