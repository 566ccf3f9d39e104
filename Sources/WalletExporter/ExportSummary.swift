/// What one export run wrote.
public struct ExportSummary: Equatable, Sendable {
    /// Change-set lines written (snapshots included).
    public var changeSets = 0
    /// Streams that started a new generation: new, or FinanceKit invalidated their token.
    public var newGenerations: [String] = []
    /// Streams of accounts no longer shared, whose files were removed.
    public var removedStreams: [String] = []
    /// The run stopped at a change-set boundary because the process is about to end.
    public var stoppedEarly = false

    public init() {}
}
