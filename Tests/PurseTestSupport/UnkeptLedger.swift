import Ledger
import LedgerStore

/// A keeper that keeps nothing, for a store whose writes must go past the real keeper: a test of
/// what the store itself writes (the queue, the summary's triggers), a drift written as a bug or a
/// hand edit would, or a ledger only created.
public struct UnkeptLedger: ClassificationKeeping {
    public init() {}

    public func keep(_ store: LedgerStore) throws {}

    public func classification(inserting transaction: Transaction, in store: LedgerStore) -> Classification? { nil }

    public func forgetWhatInsertsRead() {}
}
