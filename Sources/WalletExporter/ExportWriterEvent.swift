/// The steps of writing a stream, in order, at which a test may stop the writer the way a
/// kill would (by throwing from `WalletExportConfiguration.events`).
package enum ExportWriterEvent: Equatable, Sendable {
    /// Half of a change set's line is in the file, without its LF.
    case lineHalfWritten(stream: String)
    /// The line is in the file, with its LF, and synced; its token is not saved yet.
    case lineWritten(stream: String)
    /// A snapshot is in its temporary file, synced, not yet renamed over the stream file.
    case snapshotWritten(stream: String)
    /// The snapshot replaced the stream file; its token is not saved yet.
    case snapshotRenamed(stream: String)
    /// The stream's token is saved: the change set is complete.
    case tokenSaved(stream: String)
}
