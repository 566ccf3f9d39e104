/// A parsed JSON value. Numbers keep their literal text so that nothing is rounded on the way
/// in, and objects keep their members in order, duplicates included, so a strict reader can
/// refuse what a lenient one would silently merge.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The name of the value's JSON type, for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
