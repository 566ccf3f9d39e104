/// Why `purse sample` could not write its export: a parameter out of range (how it was called)
/// or a file it could not write (the disk or the folder).
public enum SampleDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A parameter is out of range (a usage error).
    case invalidParameter(String)
    /// A file or folder could not be created or written (an I/O error).
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidParameter(let message):
            return message
        case .cannotWrite(let path, let reason):
            return "Cannot write the sample export at \(path): \(reason)."
        }
    }
}
