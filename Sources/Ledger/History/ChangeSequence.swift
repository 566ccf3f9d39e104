/// Change sets read one at a time, so memory holds one change set and never a whole stream.
public protocol ChangeSequence: AnyObject {
    func next() throws -> StreamChange?
    /// A better resume hint for the current point of history, when reading found one
    /// (e.g. the offset after the last line that was already applied). Nil when none.
    var resumeHint: StreamToken? { get }
}
