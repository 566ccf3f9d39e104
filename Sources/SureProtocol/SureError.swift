/// A Sure protocol error: the code Sure would answer with, and a sentence saying what was wrong.
public struct SureError: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: SureErrorCode
    public let message: String
    /// The batch file (or other file) it is about, when there is one.
    public var file: String?

    public init(_ code: SureErrorCode, _ message: String, file: String? = nil) {
        self.code = code
        self.message = message
        self.file = file
    }

    public var description: String {
        (file.map { $0 + ": " } ?? "") + code.rawValue + ": " + message
    }
}
