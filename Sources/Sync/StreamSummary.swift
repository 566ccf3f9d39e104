import Ledger

/// What one sync did to one stream.
public struct StreamSummary: Equatable, Sendable {
    var source: String
    var stream: String
    public var changeSets = 0
    var inserted = 0
    var updated = 0
    var deleted = 0
    var resynced = false
    /// Values of applied change sets that purse does not know and the ledger had not met before.
    public var warnings: [SyncWarning] = []
    /// The bad input that stopped the stream; the change sets counted above were applied.
    public var failure: SourceError?

    init(source: String, stream: String) {
        self.source = source
        self.stream = stream
    }

    /// One line for stderr, e.g. `Ana's iPhone transactions/…: 12 inserted, 1 updated, 0 deleted`.
    public var line: String {
        "\(source) \(stream): \(inserted) inserted, \(updated) updated, \(deleted) deleted" + (resynced ? " (resynced)" : "")
    }
}
