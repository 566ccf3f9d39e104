/// A JSON object's members in the order they were written.
public struct JSONObject: Sendable, Equatable {
    /// One member as written: its key and value.
    public struct Member: Sendable, Equatable {
        public let key: String
        public let value: JSONValue
    }

    public let members: [Member]

    init(members: [Member]) {
        self.members = members
    }

    /// The first member with that key.
    public subscript(key: String) -> JSONValue? {
        for member in members where member.key == key {
            return member.value
        }
        return nil
    }

    var keys: [String] { members.map(\.key) }
}
