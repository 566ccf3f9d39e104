/// Where and why a text is not valid JSON.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Byte offset from the start of the text.
    let offset: Int
    let message: String

    public var description: String { "\(message) at byte \(offset + 1)" }
}
