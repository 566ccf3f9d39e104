/// Whether reports count a transaction, and if not, why not. The raw value is what the ledger
/// stores.
public enum ClassificationState: String, CaseIterable, Sendable {
    /// Booked, neither excluded nor a statement row repeating a synced one.
    case counted
    /// Pending or authorized, and not excluded: counted only with --include-pending.
    case pending
    /// The user excluded it.
    case excluded
    /// A statement row that repeats a synced one.
    case duplicate
    /// A status that never counts: memo, rejected, or one purse does not know.
    case uncounted

    /// Whether a report counts a transaction in this state.
    public func counts(includingPending: Bool) -> Bool {
        self == .counted || (includingPending && self == .pending)
    }

    /// Whether a transaction in this state can be half of an internal transfer: booked and
    /// pending ones pair alike, whether or not a report counts the pending ones.
    public var pairs: Bool { self == .counted || self == .pending }
}
