/// A FinanceKit transaction with all fourteen of its properties.
public struct Transaction: Equatable, Sendable {
    public var id: String
    public var accountID: String
    public var transactionDate: Timestamp
    public var postedDate: Timestamp?
    /// Always positive; `creditDebitIndicator` gives the sign.
    public var transactionAmount: Money
    public var foreignCurrencyAmount: Money?
    /// A decimal string as the source gave it (rates may carry more than four digits).
    public var foreignCurrencyExchangeRate: String?
    public var creditDebitIndicator: CreditDebitIndicator
    public var transactionDescription: String
    public var originalTransactionDescription: String
    public var merchantCategoryCode: Int?
    public var merchantName: String?
    public var transactionType: TransactionType
    public var status: TransactionStatus

    public init(
        id: String, accountID: String, transactionDate: Timestamp, postedDate: Timestamp? = nil,
        transactionAmount: Money, foreignCurrencyAmount: Money? = nil,
        foreignCurrencyExchangeRate: String? = nil, creditDebitIndicator: CreditDebitIndicator,
        transactionDescription: String, originalTransactionDescription: String,
        merchantCategoryCode: Int? = nil, merchantName: String? = nil,
        transactionType: TransactionType, status: TransactionStatus
    ) {
        self.id = id
        self.accountID = accountID
        self.transactionDate = transactionDate
        self.postedDate = postedDate
        self.transactionAmount = transactionAmount
        self.foreignCurrencyAmount = foreignCurrencyAmount
        self.foreignCurrencyExchangeRate = foreignCurrencyExchangeRate
        self.creditDebitIndicator = creditDebitIndicator
        self.transactionDescription = transactionDescription
        self.originalTransactionDescription = originalTransactionDescription
        self.merchantCategoryCode = merchantCategoryCode
        self.merchantName = merchantName
        self.transactionType = transactionType
        self.status = status
    }

    /// signed = debit ? -amount : +amount.
    public var signedUnits: Int64 { creditDebitIndicator.signed(transactionAmount.units) }

    /// How the ID of a transaction imported from a statement starts (`purse import`): syncs
    /// leave such rows alone, and reports count one only when no synced row duplicates it.
    public static let statementIDPrefix = "statement-transaction-"

    public var isFromStatement: Bool { id.hasPrefix(Self.statementIDPrefix) }
}
