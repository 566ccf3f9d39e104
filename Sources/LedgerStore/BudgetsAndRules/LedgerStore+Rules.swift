import Ledger
import Storage

/// The user's rules: overrides of category or flow by what a transaction looks like.
extension LedgerStore {
    /// Whether the ledger has per-transaction overrides and the richer rules (schema 10): an
    /// older ledger, read as it is, has its rules of merchant, description and code only.
    var hasOverrides: Bool { openedSchemaVersion >= 10 }

    /// Whether rules can rename a merchant, tag and name a person (schema 24).
    var hasRuleLabels: Bool { openedSchemaVersion >= 24 }

    /// The rules in the order they apply.
    public func rules() throws -> [UserRule] {
        let query = try connection.prepare(
            hasOverrides
                ? """
                SELECT id, merchant, description, mcc, category, flow, description_regex, account, type, direction,
                    amount_min, amount_max\(hasRuleLabels ? ", rename, tag, person" : "")
                FROM rules ORDER BY position, id
                """
                : "SELECT id, merchant, description, mcc, category, flow FROM rules ORDER BY id")
        var rules: [UserRule] = []
        while try query.step() {
            var rule = UserRule(
                id: query.int64(0), merchant: query.optionalText(1), description: query.optionalText(2),
                merchantCategoryCode: query.optionalInt64(3).map(Int.init), category: query.optionalText(4),
                flow: query.optionalText(5).flatMap(Flow.init(rawValue:)))
            if hasOverrides {
                rule.descriptionRegex = query.optionalText(6)
                rule.accountID = query.optionalText(7)
                rule.type = query.optionalText(8).map(TransactionType.init(rawValue:))
                rule.direction = query.optionalText(9).flatMap(CreditDebitIndicator.init(rawValue:))
                rule.amountMin = query.optionalInt64(10)
                rule.amountMax = query.optionalInt64(11)
                if hasRuleLabels {
                    rule.rename = query.optionalText(12)
                    rule.tag = query.optionalText(13)
                    rule.person = query.optionalText(14)
                }
            }
            rules.append(rule)
        }
        return rules
    }

    /// Adds a rule after the others; its ID.
    public func addRule(_ rule: UserRule, now: Timestamp) throws -> Int64 {
        try connection.cached(
            """
            INSERT INTO rules (position, merchant, description, description_regex, mcc, account, type, direction, amount_min,
                amount_max, category, flow, rename, tag, person, created_at)
            VALUES ((SELECT coalesce(max(position), 0) + 1 FROM rules), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        )
        .run([
            .optional(rule.merchant), .optional(rule.description), .optional(rule.descriptionRegex),
            .optional(rule.merchantCategoryCode.map(Int64.init)), .optional(rule.accountID), .optional(rule.type?.rawValue),
            .optional(rule.direction?.rawValue), .optional(rule.amountMin), .optional(rule.amountMax), .optional(rule.category),
            .optional(rule.flow?.rawValue), .optional(rule.rename), .optional(rule.tag),
            .optional(rule.person), .text(now.text),
        ])
        return connection.lastInsertRowID
    }

    public func removeRule(id: Int64) throws -> Bool {
        try connection.cached("DELETE FROM rules WHERE id = ?").run([.integer(id)])
        return connection.changes > 0
    }

    /// Puts the rules in the order of `ids` (every rule's ID, each once): positions 1, 2, ...
    public func reorderRules(_ ids: [Int64]) throws {
        let update = try connection.cached("UPDATE rules SET position = ? WHERE id = ?")
        for (index, id) in ids.enumerated() {
            try update.run([.integer(Int64(index + 1)), .integer(id)])
        }
    }
}
