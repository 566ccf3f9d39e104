/// Why Sure stopped to ask, as stored on a conflict.
public enum SureConflictKind: String, Sendable, CaseIterable {
    /// Another amount for a balance observation already recorded.
    case balanceObservationConflict = "balance_observation_conflict"
    /// A transaction tombstoned (or imported and since deleted) came back.
    case sourceReappeared = "source_reappeared"
    /// A source-only status for an entry this lineage does not own.
    case protectedSourceUpdate = "protected_source_update"
    /// An update of an entry this lineage does not own.
    case protectedEntry = "protected_entry"
    /// A tombstone for an entry this lineage does not own.
    case protectedTombstone = "protected_tombstone"

    /// What a `keep_sure` decision on the conflict settles: a balance observation or a transaction.
    public var settlementScope: String { self == .balanceObservationConflict ? "balance" : "transaction" }
}
