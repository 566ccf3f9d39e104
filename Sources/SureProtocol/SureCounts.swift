/// What applying a capture did, under Sure's count keys.
public struct SureCounts: Sendable, Equatable {
    public var upserted = 0
    public var retracted = 0
    public var reviewRequired = 0
    public var sourceOnly = 0
    public var settled = 0
    public var balances = 0
    public var accounts = 0

    public init() {}

    var pairs: [(String, Int)] {
        [
            ("upserted", upserted), ("retracted", retracted), ("review_required", reviewRequired),
            ("source_only", sourceOnly), ("settled", settled), ("balances", balances), ("accounts", accounts),
        ]
    }

    /// Compact JSON, as stored on the batch rows.
    public var json: String {
        "{" + pairs.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// `2 upserted, 1 balances, ...` leaving out zeros (or `nothing changed`).
    public var summary: String {
        let parts = pairs.filter { $0.1 > 0 }.map { "\($0.1) \($0.0.replacingOccurrences(of: "_", with: " "))" }
        return parts.isEmpty ? "nothing changed" : parts.joined(separator: ", ")
    }
}
