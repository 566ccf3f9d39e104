/// What names an account on the command line: its ID, its display name, and the source it
/// comes from (to tell two people's "Apple Card" apart).
public struct AccountName: Sendable, Equatable {
    public let id: String
    public let displayName: String
    public let sourceName: String
}
