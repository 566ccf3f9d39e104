/// Why the sync engine stopped a sync of its own accord (a source's own errors are
/// `SourceError`). Everything applied before the error stays applied with its token.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another sync moved the same stream while this one was applying it.
    case concurrentSync(stream: String)

    public var description: String {
        switch self {
        case .concurrentSync(let stream):
            "another purse sync changed \(stream) while this one ran; run it again"
        }
    }
}
