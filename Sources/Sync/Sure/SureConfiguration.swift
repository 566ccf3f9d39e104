import LedgerStore

/// The publisher configuration purse issues for a connection: what a publisher needs to
/// upload, printed by `purse sure connect`, `repair` and `rotate-credential` and written to
/// `connection.json`. The credential is present only when just issued.
public struct SureConfiguration: Sendable {
    public var connection: SureConnectionRecord
    public var mappings: [SureMappingRecord]
    public var credential: String?
}
