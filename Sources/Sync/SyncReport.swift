/// What a sync of one source did: the streams that changed and those it had to leave alone.
public struct SyncReport: Equatable, Sendable {
    public var changedStreams: [StreamSummary] = []
    /// Streams not applied, with the reason (e.g. a file for an account the ledger does not have).
    public var skippedStreams: [String] = []

    public init() {}
}
