/// Where and why a text is not valid JSON.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Byte offset from the start of the text.
    public let offset: Int
    public let message: String

    public var description: String { "\(message) at byte \(offset + 1)" }
}
