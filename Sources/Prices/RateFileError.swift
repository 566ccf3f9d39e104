import Ledger

/// Bad input in a rate file: the file, the line and the field (the column's header name), as
/// `FILE:LINE: field: message`, in the words every source uses for bad input (exit 65).
public struct RateFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let field: String?
    public let message: String

    public init(file: String, line: Int?, field: String?, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    /// The same words every source uses for bad input (exit 65).
    public var sourceError: SourceError { .badInput(file: file, line: line, field: field, message: message) }

    public var description: String { sourceError.description }
}
