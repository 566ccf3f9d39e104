import Ledger
import LedgerStore

/// One transaction as `transactions` and `export transactions` list it: the transaction, its
/// lines (the parts of a split), what the user set on it, who it is of and the Wallet order it is
/// linked to.
public struct ListedTransaction {
    public let record: TransactionRecord
    /// One per part of a split, else one.
    public let lines: [ClassificationReader.Line]
    public let override: TransactionOverride?
    /// The ID of the linked Wallet order, if any.
    public let orderID: String?
    public let person: TransactionPerson?

    public init(
        record: TransactionRecord, lines: [ClassificationReader.Line], override: TransactionOverride?, orderID: String?,
        person: TransactionPerson? = nil
    ) {
        self.record = record
        self.lines = lines
        self.override = override
        self.orderID = orderID
        self.person = person
    }
}
