import Ledger

/// The columns reports need of a transaction, read lean: no dates as text, no foreign amounts.
public struct ReportTransaction: Sendable {
    public let id: String
    public let accountID: String
    public let accountName: String
    public let accountKind: AccountKind
    /// Unix seconds of the transaction date.
    public let time: Int64
    /// Positive, in 1/10,000 units.
    public let amount: Int64
    /// The whole transaction's amount when this is one part of a split (`with(amount:)`), else
    /// `amount`: a rule matches the transaction, not its part.
    public private(set) var wholeAmount: Int64
    public let currency: String
    public let indicator: CreditDebitIndicator
    public let merchantCategoryCode: Int?
    public let merchantName: String?
    public let description: String
    public let originalDescription: String
    public let type: TransactionType
    public let status: TransactionStatus
    /// The purse category the statement it was imported from gave it (no MCC to go by).
    public let statementCategory: String?
    /// The row's key in the ledger (0 when not read from it).
    public internal(set) var rowID: Int64 = 0
    /// The classification the ledger keeps for it, when read (`readsStoredClassification`).
    public internal(set) var stored: Classification?

    public init(
        id: String, accountID: String, accountName: String, accountKind: AccountKind, time: Int64, amount: Int64,
        currency: String, indicator: CreditDebitIndicator, merchantCategoryCode: Int?, merchantName: String?,
        description: String, originalDescription: String, type: TransactionType, status: TransactionStatus,
        statementCategory: String? = nil
    ) {
        self.id = id
        self.accountID = accountID
        self.accountName = accountName
        self.accountKind = accountKind
        self.time = time
        self.amount = amount
        self.wholeAmount = amount
        self.currency = currency
        self.indicator = indicator
        self.merchantCategoryCode = merchantCategoryCode
        self.merchantName = merchantName
        self.description = description
        self.originalDescription = originalDescription
        self.type = type
        self.status = status
        self.statementCategory = statementCategory
    }

    /// The report's view of a ledger transaction.
    public init(_ transaction: Transaction, accountName: String, accountKind: AccountKind, statementCategory: String?) {
        self.init(
            id: transaction.id, accountID: transaction.accountID, accountName: accountName, accountKind: accountKind,
            time: transaction.transactionDate.epochSeconds, amount: transaction.transactionAmount.units,
            currency: transaction.transactionAmount.currency, indicator: transaction.creditDebitIndicator,
            merchantCategoryCode: transaction.merchantCategoryCode, merchantName: transaction.merchantName,
            description: transaction.transactionDescription, originalDescription: transaction.originalTransactionDescription,
            type: transaction.transactionType, status: transaction.status, statementCategory: statementCategory)
    }

    var signedAmount: Int64 { indicator.signed(amount) }

    /// The same transaction with another amount: one part of a split.
    public func with(amount: Int64) -> ReportTransaction {
        var part = ReportTransaction(
            id: id, accountID: accountID, accountName: accountName, accountKind: accountKind, time: time, amount: amount,
            currency: currency, indicator: indicator, merchantCategoryCode: merchantCategoryCode, merchantName: merchantName,
            description: description, originalDescription: originalDescription, type: type, status: status)
        part.wholeAmount = wholeAmount
        return part
    }
}
