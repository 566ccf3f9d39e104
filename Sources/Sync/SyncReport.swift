import Ledger

/// What a sync of one source did: per stream, what changed, what it warned about and why it
/// stopped, and the streams it had to leave alone.
public struct SyncReport: Equatable, Sendable {
    /// Every stream that changed, warned or failed, in the order they were applied.
    public var streams: [StreamSummary] = []
    /// Streams not applied, with the reason (e.g. a file for an account the ledger does not have).
    public var skippedStreams: [String] = []
    /// `SyncEngine.shouldStop` stopped the sync at a change-set boundary: what is left waits
    /// for the next sync.
    public var stoppedEarly = false

    init() {}

    /// Adds a stream's summary when it has something to say: a change, a warning or a failure.
    mutating func add(_ summary: StreamSummary) {
        if summary.changeSets > 0 || summary.failure != nil || !summary.warnings.isEmpty { streams.append(summary) }
    }

    var changedStreams: [StreamSummary] { streams.filter { $0.changeSets > 0 } }

    /// The bad input that stopped streams; each stream's change sets before it stay applied.
    public var failures: [SourceError] { streams.compactMap(\.failure) }

    var warnings: [SyncWarning] { streams.flatMap(\.warnings) }
}
