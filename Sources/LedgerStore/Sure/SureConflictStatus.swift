/// Whether a Sure conflict still waits for a decision, as stored.
public enum SureConflictStatus: String, Sendable, CaseIterable, CustomStringConvertible {
    case open
    case resolved

    public var description: String { rawValue }
}
