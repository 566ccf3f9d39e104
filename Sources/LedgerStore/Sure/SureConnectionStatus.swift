/// Whether a Sure connection takes batches, as stored.
public enum SureConnectionStatus: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Created elsewhere and waiting for its accounts (purse itself never writes it).
    case pendingMapping = "pending_mapping"
    case active
    /// Fenced: it takes nothing until `purse sure repair` issues a new generation.
    case repairRequired = "repair_required"
    /// Disconnected for good.
    case revoked

    public var description: String { rawValue }
}
