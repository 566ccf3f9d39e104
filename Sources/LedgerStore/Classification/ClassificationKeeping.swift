import Ledger

/// What keeps a ledger's stored classification equal to the money rules' answer (Analytics'
/// `ClassificationKeeper`): every store opened to write is given one, and nothing commits
/// without it.
public protocol ClassificationKeeping {
    /// Brings the stored classification up to date, inside the write transaction about to commit.
    func keep(_ store: LedgerStore) throws

    /// The classification of a transaction about to be inserted, when nothing else in the ledger
    /// can change it nor it another's (nil: `keep` classifies it with what it reaches). Never a
    /// split's: a sync sums what it inserts by the row's own amount (`transactionSummingInserts`).
    func classification(inserting transaction: Transaction, in store: LedgerStore) -> Classification?

    /// Forgets what `classification(inserting:in:)` read of the ledger: a write transaction begins,
    /// or something it read (an account, a zone, an override) was written.
    func forgetWhatInsertsRead()
}
