import Ledger

/// The transactions behind a spending number and why each counted, and the transactions of the
/// same scope that did not count, with why not. The totals equal `report spending`'s net for
/// the same scope.
public struct ExplainReport: Sendable {
    /// Narrows the transactions explained (every filter given must match).
    public struct Filters: Sendable, Equatable {
        /// The category, ignoring case.
        public var category: String?
        public var merchantCategoryCode: Int?
        /// Contained in the merchant name (else the description), ignoring case.
        public var merchant: String?
        /// `--person`: only these people's transactions (any case); empty: everyone's.
        public var people: [String] = []
        /// A category group (`--group`), as stored; `groupCategories` are its categories.
        public var group: String?
        public var groupCategories: [String] = []

        public init(category: String? = nil, merchantCategoryCode: Int? = nil, merchant: String? = nil) {
            self.category = category
            self.merchantCategoryCode = merchantCategoryCode
            self.merchant = merchant
        }

        var isEmpty: Bool { category == nil && merchantCategoryCode == nil && merchant == nil && group == nil }
    }

    /// Why a transaction of the scope did not count toward spending.
    public enum Exclusion: Sendable, Equatable {
        /// Counted by the report, but its flow is income or transfer: never spending.
        case notSpending
        /// Not counted at all because of its status: pending and authorized need
        /// --include-pending; memo, rejected and statuses purse does not know never count.
        case status(TransactionStatus)
        /// The user excluded it (`purse set --exclude`): it never counts.
        case excludedByUser
        /// Imported from a statement, and the same transaction as this synced one, which stands for it.
        case duplicateOf(String)
    }

    /// One transaction of the scope, with how it was classified and, when it did not count, why not.
    public struct Entry: Sendable {
        public let transactionID: String
        public let accountID: String
        public let accountName: String
        /// The name as text shows it, told apart from another account's of the same name.
        public let accountLabel: String
        /// The transaction date's local day in the report time zone.
        public let date: CivilDate
        let time: Int64
        public let merchantName: String?
        public let description: String
        public let merchantCategoryCode: Int?
        public let type: TransactionType
        public let status: TransactionStatus
        public let indicator: CreditDebitIndicator
        public let currency: String
        /// Positive, as the ledger has it.
        public let amount: Int64
        /// The flow and category (for a transaction excluded by status: what they would be).
        public let classification: Classification
        /// nil when the transaction counts toward spending.
        public let exclusion: Exclusion?
        /// With `--convert-to`, a counted transaction's amount in the target and the rate used.
        public internal(set) var conversion: Conversion?
        /// Who it is of, and where that came from.
        public internal(set) var person: TransactionPerson?

        init(
            transactionID: String, accountID: String, accountName: String, accountLabel: String, date: CivilDate, time: Int64,
            merchantName: String?, description: String, merchantCategoryCode: Int?, type: TransactionType,
            status: TransactionStatus, indicator: CreditDebitIndicator, currency: String, amount: Int64,
            classification: Classification, exclusion: Exclusion?
        ) {
            self.transactionID = transactionID
            self.accountID = accountID
            self.accountName = accountName
            self.accountLabel = accountLabel
            self.date = date
            self.time = time
            self.merchantName = merchantName
            self.description = description
            self.merchantCategoryCode = merchantCategoryCode
            self.type = type
            self.status = status
            self.indicator = indicator
            self.currency = currency
            self.amount = amount
            self.classification = classification
            self.exclusion = exclusion
        }

        public var counted: Bool { exclusion == nil }
        /// The merchant name, else the description (the key of `report spending --by merchant`).
        public var merchantOrDescription: String { merchantName ?? description }
        /// The ledger's sign: debit negative, credit positive.
        public var signedAmount: Int64 { indicator.signed(amount) }

        /// What the transaction adds to spending: an expense its amount, a refund minus its
        /// amount; nil when it does not count.
        public var spendingAmount: Int64? {
            guard counted else { return nil }
            switch classification.flow {
            case .expense: return amount
            case .refund: return -amount
            case .income, .transfer: return nil
            }
        }

        /// `spendingAmount` converted: an expense's converted amount, a refund's negated; nil
        /// when it does not count or has no rate.
        public var convertedSpendingAmount: Int64? {
            guard let units = conversion?.amount, counted else { return nil }
            return classification.flow == .refund ? -units : units
        }

        /// The partner of a matched internal transfer.
        public var transferPartnerID: String? { classification.transferPartner }
    }

    /// A counted transaction's amount converted at the rate of its local day.
    public struct Conversion: Sendable, Equatable {
        /// The target currency.
        public let currency: String
        /// Positive like `Entry.amount`, exact to 1/10,000; nil when no rate reaches the day.
        public let amount: Int64?
        /// The rate, its day, source and route; nil when there is none.
        public let choice: RateChoice?
    }

    /// One currency's spending over the explained transactions.
    public struct Total: Sendable, Equatable {
        public let currency: String
        public let spent: Int64
        public let refunded: Int64
        /// spent - refunded.
        public let net: Int64
        public let count: Int
    }

    /// The months the scope covers, ascending.
    public let months: [YearMonth]
    public let filters: Filters
    public let includePending: Bool
    /// The names of the zones the counted accounts' days are in, sorted.
    public let timeZones: [String]
    /// Expenses and refunds, in time order.
    public internal(set) var counted: [Entry]
    /// Income, transfers, and transactions not counted because of their status, in time order.
    public let notCounted: [Entry]
    /// One per currency with counted transactions, by currency code.
    public let totals: [Total]
    /// The Wallet order linked to a transaction of the report, by transaction ID (README, "Wallet orders").
    public let orders: [String: WalletOrder]
    /// With `--convert-to`: the counted transactions that have a rate, converted and added up
    /// (each sum shown to the target's minor unit).
    public internal(set) var convertedTotal: Total?
    /// The counted transactions left out of `convertedTotal` for want of a rate, per currency.
    public internal(set) var unconverted: [UnconvertedAmounts] = []

    init(
        months: [YearMonth], filters: Filters, includePending: Bool, timeZones: [String], counted: [Entry],
        notCounted: [Entry], totals: [Total], orders: [String: WalletOrder] = [:]
    ) {
        self.months = months
        self.filters = filters
        self.includePending = includePending
        self.timeZones = timeZones
        self.counted = counted
        self.notCounted = notCounted
        self.totals = totals
        self.orders = orders
    }

    var currencies: [String] { totals.map(\.currency) }

    func total(_ currency: String) -> Total {
        totals.first { $0.currency == currency } ?? Total(currency: currency, spent: 0, refunded: 0, net: 0, count: 0)
    }
}
