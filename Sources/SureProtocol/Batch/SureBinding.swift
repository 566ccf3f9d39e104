/// The account binding every event repeats; ids lowercased.
public struct SureBinding: Sendable, Hashable {
    public let sourceAccountID: String
    let lineageID: String
    let mappingVersion: Int64
}
