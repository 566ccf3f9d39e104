import Ledger

/// A transaction with the display name of its account, as listings show it.
public struct TransactionRecord: Sendable {
    public let transaction: Transaction
    public let accountName: String
    /// The category its statement gave a row imported from one (there is no MCC to go by).
    public let statementCategory: String?
    /// What the ledger keeps of its classification (nil in a ledger of an older schema).
    public let stored: Classification?
}
