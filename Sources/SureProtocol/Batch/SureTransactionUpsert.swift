import Ledger

/// A `transaction_upsert` event: one transaction as the publisher last saw it.
public struct SureTransactionUpsert: Sendable {
    public let binding: SureBinding
    /// As written (the ledger ID of a new transaction).
    public let sourceIDText: String
    public let amount: SureMoney
    public let transactionDescription: String
    public let originalTransactionDescription: String
    public let transactionType: String
    public let status: String
    public let transactedAt: Timestamp
    public let postedAt: Timestamp?
    public let merchantName: String?
    public let merchantCategoryCode: Int?
    public let foreignAmount: SureMoney?
    public let foreignExchangeRate: String?

    public var sourceID: String { sourceIDText.lowercased() }
}
