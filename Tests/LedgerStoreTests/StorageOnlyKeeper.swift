import Ledger
import LedgerStore

/// A keeper that keeps nothing: these tests look at what the store itself writes (the queue, the
/// summary's triggers), which the real keeper (Analytics, tested there) would rewrite at commit.
struct StorageOnlyKeeper: ClassificationKeeping {
    func keep(_ store: LedgerStore) throws {}

    func classification(inserting transaction: Transaction, in store: LedgerStore) -> Classification? { nil }
}
