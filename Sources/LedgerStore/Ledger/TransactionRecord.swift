import Ledger

/// A transaction with the display name of its account, as listings show it.
public struct TransactionRecord: Sendable {
    public let transaction: Transaction
    public let accountName: String
}
