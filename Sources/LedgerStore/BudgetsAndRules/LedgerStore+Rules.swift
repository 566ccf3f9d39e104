import Ledger
import Storage

/// The user's rules: overrides of category or flow by merchant, description or MCC.
extension LedgerStore {
    public func rules() throws -> [UserRule] {
        let query = try connection.prepare("SELECT id, merchant, description, mcc, category, flow FROM rules ORDER BY id")
        var rules: [UserRule] = []
        while try query.step() {
            rules.append(
                UserRule(
                    id: query.int64(0), merchant: query.optionalText(1), description: query.optionalText(2),
                    merchantCategoryCode: query.optionalInt64(3).map(Int.init), category: query.optionalText(4),
                    flow: query.optionalText(5)))
        }
        return rules
    }

    public func addRule(_ rule: UserRule, now: Timestamp) throws -> Int64 {
        try connection.cached("INSERT INTO rules (merchant, description, mcc, category, flow, created_at) VALUES (?, ?, ?, ?, ?, ?)")
            .run([
                .optional(rule.merchant), .optional(rule.description), .optional(rule.merchantCategoryCode.map(Int64.init)),
                .optional(rule.category), .optional(rule.flow), .text(now.text),
            ])
        return connection.lastInsertRowID
    }

    public func removeRule(id: Int64) throws -> Bool {
        try connection.cached("DELETE FROM rules WHERE id = ?").run([.integer(id)])
        return connection.changes > 0
    }
}
