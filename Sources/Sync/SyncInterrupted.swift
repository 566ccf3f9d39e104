/// A sync stopped by an error that is not bad input (a full disk, an I/O error, a lock), with
/// what it had committed by then: the streams before it and the part of the stopped stream that
/// committed, so the user still hears what was applied.
public struct SyncInterrupted: Error, CustomStringConvertible {
    /// What stopped the sync.
    public let underlying: any Error
    /// What was committed before it.
    public let report: SyncReport

    init(underlying: any Error, report: SyncReport) {
        self.underlying = underlying
        self.report = report
    }

    public var description: String { "\(underlying)" }
}
