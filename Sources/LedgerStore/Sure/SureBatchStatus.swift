/// Where a stored Sure batch stands, as its receipt tells it and as stored.
public enum SureBatchStatus: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Received and waiting for the rest of its capture or its turn.
    case accepted
    /// Being applied (seen only inside the transaction that applies it, or after a crash there).
    case processing
    case applied
    case failed
    /// Given up without being applied: a repair, a disconnect or a fence took it back.
    case revoked

    public var description: String { rawValue }
}
