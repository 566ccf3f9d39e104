/// How `BEGIN` acquires its locks (https://sqlite.org/lang_transaction.html).
public enum TransactionMode: String, Sendable {
    /// Locks are taken when first needed; a later write may fail with `SQLITE_BUSY`.
    case deferred = "DEFERRED"
    /// The write lock is taken at once (waiting up to the busy timeout): the usual choice for writers.
    case immediate = "IMMEDIATE"
    /// Like immediate; in WAL mode the same as immediate.
    case exclusive = "EXCLUSIVE"
}
