import Ledger
import Storage

/// The user's overrides of single transactions, by transaction ID.
extension LedgerStore {
    /// Every override, by transaction ID (there are as many as the user typed: few).
    public func transactionOverrides() throws -> [String: TransactionOverride] {
        guard hasOverrides else { return [:] }
        var overrides: [String: TransactionOverride] = [:]
        // A ledger read as it is, older than the not-anomaly mark, has none.
        let notAnomaly = openedSchemaVersion >= 23 ? "not_anomaly" : "0"
        let person = hasPeople ? "person" : "NULL"
        let rows = try connection.prepare(
            "SELECT transaction_id, category, flow, note, excluded, \(notAnomaly), \(person) FROM transaction_overrides")
        while try rows.step() {
            let id = rows.text(0)
            overrides[id] = TransactionOverride(
                transactionID: id, category: rows.optionalText(1), flow: rows.optionalText(2).flatMap(Flow.init(rawValue:)),
                note: rows.optionalText(3),
                isExcluded: rows.int64(4) != 0)
            overrides[id]?.isNotAnomaly = rows.int64(5) != 0
            overrides[id]?.person = rows.optionalText(6)
        }
        let tags = try connection.prepare("SELECT transaction_id, tag FROM transaction_tags ORDER BY transaction_id, tag")
        while try tags.step() {
            let id = tags.text(0)
            overrides[id, default: TransactionOverride(transactionID: id)].tags.append(tags.text(1))
        }
        let parts = try connection.prepare(
            "SELECT transaction_id, category, amount FROM transaction_splits ORDER BY transaction_id, position")
        while try parts.step() {
            let id = parts.text(0)
            overrides[id, default: TransactionOverride(transactionID: id)].split.append(
                TransactionOverride.Part(category: parts.text(1), amount: parts.int64(2)))
        }
        return overrides
    }

    /// The override of one transaction (empty when none).
    public func transactionOverride(id: String) throws -> TransactionOverride {
        try transactionOverrides()[id] ?? TransactionOverride(transactionID: id)
    }

    /// Keeps what the user set on a transaction, replacing what was set before; an empty
    /// override leaves no row.
    public func saveTransactionOverride(_ override: TransactionOverride, now: Timestamp) throws {
        insertReadingsMayHaveChanged()
        let id = SQLValue.text(override.transactionID)
        for table in ["transaction_overrides", "transaction_tags", "transaction_splits"] {
            try connection.cached("DELETE FROM \(table) WHERE transaction_id = ?").run([id])
        }
        guard !override.isEmpty else { return }
        try connection.cached(
            "INSERT INTO transaction_overrides (transaction_id, category, flow, note, excluded, not_anomaly, person, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        )
        .run([
            id, .optional(override.category), .optional(override.flow?.rawValue), .optional(override.note),
            .integer(override.isExcluded ? 1 : 0), .integer(override.isNotAnomaly ? 1 : 0), .optional(override.person),
            .text(now.text),
        ])
        let tag = try connection.cached("INSERT OR IGNORE INTO transaction_tags (transaction_id, tag) VALUES (?, ?)")
        for name in override.tags { try tag.run([id, .text(name)]) }
        let part = try connection.cached("INSERT INTO transaction_splits (transaction_id, position, category, amount) VALUES (?, ?, ?, ?)")
        for (index, split) in override.split.enumerated() {
            try part.run([id, .integer(Int64(index + 1)), .text(split.category), .integer(split.amount)])
        }
    }

    /// The IDs that start with `prefix`, sorted, at most `limit` of them: of the transactions
    /// in the ledger and, `withOverrides`, also of deleted ones the user set something on.
    public func transactionIDs(startingWith prefix: String, limit: Int, withOverrides: Bool) throws -> [String] {
        let dormant =
            withOverrides
            ? """
            UNION SELECT transaction_id FROM transaction_overrides WHERE substr(transaction_id, 1, ?1) = ?2
            UNION SELECT transaction_id FROM transaction_tags WHERE substr(transaction_id, 1, ?1) = ?2
            UNION SELECT transaction_id FROM transaction_splits WHERE substr(transaction_id, 1, ?1) = ?2
            """ : ""
        let query = try connection.prepare(
            "SELECT id FROM (SELECT id FROM transactions WHERE substr(id, 1, ?1) = ?2 \(dormant)) ORDER BY id LIMIT ?3")
        try query.bind([.integer(Int64(prefix.count)), .text(prefix), .integer(Int64(limit))])
        var ids: [String] = []
        while try query.step() { ids.append(query.text(0)) }
        return ids
    }

    /// One transaction's amount, currency and direction, if it is in the ledger.
    public func transactionAmount(id: String) throws -> (amount: Int64, currency: String, indicator: CreditDebitIndicator)? {
        let query = try connection.prepare("SELECT amount, currency, credit_debit FROM transactions WHERE id = ?")
        try query.bind([.text(id)])
        guard try query.step() else { return nil }
        return (query.int64(0), query.text(1), query.text(2) == "credit" ? .credit : .debit)
    }

    /// The flow the ledger's stored classification gives a transaction (`expense`, `refund`,
    /// `income`, `transfer`); nil when it has none yet. Every write transaction keeps it
    /// current before it commits, so within one it is what reports count.
    public func storedFlow(id: String) throws -> Flow? {
        let query = try connection.prepare("SELECT class_flow FROM transactions WHERE id = ?")
        try query.bind([.text(id)])
        guard try query.step() else { return nil }
        return query.optionalText(0).flatMap(Flow.init(rawValue:))
    }
}
