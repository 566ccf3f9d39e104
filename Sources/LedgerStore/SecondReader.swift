import Ledger
import Storage

/// A second connection to a ledger opened read-only, for a read on another thread that must see
/// what the first connection's read transaction sees: SQLite, as the system ships it, cannot
/// hand one connection's snapshot to another, so the second tells whether any write committed
/// between a moment before the first's snapshot began and the moment its own began. Only when
/// none did are the two snapshots the same (`LedgerStore.readSnapshot(preparingSecondReader:)`).
public final class SecondReader: @unchecked Sendable {
    private let store: LedgerStore
    /// SQLite's `data_version` of the second connection, read before the first's snapshot
    /// began: another connection's commit changes it by the next read.
    private let versionBefore: Int64

    init(path: String, now: Timestamp) throws {
        store = try LedgerStore(path: path, mode: .readOnly, now: now)
        // Its read walks pages once, in order: a quarter of the first's cache keeps the
        // process's memory down and read no slower.
        try store.connection.execute("PRAGMA cache_size = -256")
        versionBefore = try store.dataVersion()
    }

    /// Runs `body` with the second store in a read transaction of the same state as the first
    /// connection's, or returns nil without running it when a write committed in between (the
    /// caller then reads on the first). Used by one thread at a time.
    public func readingSameSnapshot<T>(_ body: (LedgerStore) throws -> T) throws -> T? {
        try store.readSnapshot {
            // The read that begins this connection's snapshot: the version is of that state.
            guard try store.dataVersion() == versionBefore else { return nil }
            return try body(store)
        }
    }
}
