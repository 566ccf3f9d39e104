/// Who a transaction is of (README, "People"), and which of the three places said so.
public struct TransactionPerson: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        /// `purse set ID --person NAME`.
        case override
        /// The first rule that matches and names a person.
        case rule(id: Int64)
        /// The statement's own `Purchased By` (Apple Card Family).
        case statement
    }

    public let name: String
    public let source: Source

    public init(name: String, source: Source) {
        self.name = name
        self.source = source
    }

    /// Whether `--person` lets a transaction of `person` through: `names` is empty, or one of
    /// them is its person's name in any case.
    public static func admits(_ person: TransactionPerson?, among names: [String]) -> Bool {
        guard !names.isEmpty else { return true }
        guard let name = person?.name.lowercased() else { return false }
        return names.contains { $0.lowercased() == name }
    }

    /// Where the person came from, as `explain` says it: `set`, `rule #N` or `statement`.
    public var sourceText: String {
        switch source {
        case .override: "set"
        case .rule(let id): "rule #\(id)"
        case .statement: "statement"
        }
    }
}
