/// A JSON document being built for a test: objects keep their members in order, duplicates
/// included, and any value may be raw JSON text, so a test can write exactly the bytes it means
/// (`2.0` rather than `2`, a key twice, an invalid escape).
indirect enum DraftJSON: Sendable {
    case raw(String)
    case object([Member])
    case array([DraftJSON])

    struct Member: Sendable {
        var key: String
        var value: DraftJSON
    }

    /// A JSON string literal for `text`, control characters escaped.
    static func string(_ text: String) -> DraftJSON { .raw(quoted(text)) }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    var text: String {
        switch self {
        case .raw(let text): text
        case .object(let members): "{" + members.map { Self.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        case .array(let items): "[" + items.map(\.text).joined(separator: ",") + "]"
        }
    }

    /// The value at a dotted path (`events.2.transaction.amount`: keys, and indexes into
    /// arrays), replaced (nil removes a member); the last member of a key is the one changed.
    mutating func set(_ path: [Substring], to value: DraftJSON?) {
        guard let head = path.first else {
            if let value { self = value }
            return
        }
        let rest = Array(path.dropFirst())
        switch self {
        case .object(var members):
            if let index = members.lastIndex(where: { $0.key == head }) {
                if rest.isEmpty, value == nil {
                    members.remove(at: index)
                } else {
                    members[index].value.set(rest, to: value)
                }
            } else if rest.isEmpty, let value {
                members.append(Member(key: String(head), value: value))
            }
            self = .object(members)
        case .array(var items):
            guard let index = Int(head), items.indices.contains(index) else { return }
            items[index].set(rest, to: value)
            self = .array(items)
        case .raw:
            return
        }
    }

    /// The value at a dotted path, if there is one.
    func value(at path: [Substring]) -> DraftJSON? {
        guard let head = path.first else { return self }
        let rest = Array(path.dropFirst())
        switch self {
        case .object(let members): return members.last { $0.key == head }?.value.value(at: rest)
        case .array(let items): return Int(head).flatMap { items.indices.contains($0) ? items[$0].value(at: rest) : nil }
        case .raw: return nil
        }
    }

    /// Adds a member in front, so that a later member of the same key wins.
    mutating func prepend(_ key: String, _ value: DraftJSON) {
        if case .object(let members) = self { self = .object([Member(key: key, value: value)] + members) }
    }

    /// Appends to the array at `path`.
    mutating func append(at path: [Substring], _ value: DraftJSON) {
        guard case .array(let items)? = self.value(at: path) else { return }
        set(path, to: .array(items + [value]))
    }
}
