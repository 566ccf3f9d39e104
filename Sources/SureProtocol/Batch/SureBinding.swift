/// The account binding every event repeats; ids lowercased.
public struct SureBinding: Sendable, Hashable {
    public let sourceAccountID: String
    public let lineageID: String
    public let mappingVersion: Int64
}
