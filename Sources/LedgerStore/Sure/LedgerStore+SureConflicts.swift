import Storage

/// Sure conflicts, the decisions that settle them, and the purge of a lineage.
extension LedgerStore {
    private static let conflictColumns =
        "id, connection_id, lineage_id, kind, identity, status, details, resolution, created_at, resolved_at"

    private func readConflict(_ row: Statement) throws -> SureConflictRecord {
        SureConflictRecord(
            id: row.text(0), connectionID: row.text(1), lineageID: row.text(2), kind: row.text(3),
            identity: row.text(4), status: try Self.stored(row.text(5), column: "sure_conflicts.status"),
            details: row.text(6),
            resolution: row.optionalText(7), createdAt: row.text(8), resolvedAt: row.optionalText(9))
    }

    /// Opens a conflict unless one is already open for the same question; true when opened.
    @discardableResult
    public func openSureConflict(_ record: SureConflictRecord) throws -> Bool {
        try connection.cached(
            """
            INSERT INTO sure_conflicts (id, connection_id, lineage_id, kind, identity, status, details, created_at)
            VALUES (?, ?, ?, ?, ?, 'open', ?, ?)
            ON CONFLICT (lineage_id, kind, identity) WHERE status = 'open' DO NOTHING
            """
        ).run([
            .text(record.id), .text(record.connectionID), .text(record.lineageID), .text(record.kind),
            .text(record.identity), .text(record.details), .text(record.createdAt),
        ])
        return connection.changes > 0
    }

    public func hasOpenSureConflict(lineageID: String, identity: String) throws -> Bool {
        (try connection.scalarInt(
            "SELECT count(*) FROM sure_conflicts WHERE lineage_id = ? AND identity = ? AND status = 'open'",
            [.text(lineageID), .text(identity)]) ?? 0) > 0
    }

    public func sureConflict(id: String) throws -> SureConflictRecord? {
        let query = try connection.prepare("SELECT \(Self.conflictColumns) FROM sure_conflicts WHERE id = ?")
        try query.bind([.text(id.lowercased())])
        return try query.step() ? try readConflict(query) : nil
    }

    /// Open conflicts, of one connection or of all.
    public func openSureConflicts(connectionID: String?) throws -> [SureConflictRecord] {
        let query = try connection.prepare(
            """
            SELECT \(Self.conflictColumns) FROM sure_conflicts
            WHERE status = 'open' AND (?1 IS NULL OR connection_id = ?1) ORDER BY created_at, id
            """)
        try query.bind([.optional(connectionID)])
        var result: [SureConflictRecord] = []
        while try query.step() { result.append(try readConflict(query)) }
        return result
    }

    public func openSureConflictCount(connectionID: String) throws -> Int {
        Int(
            try connection.scalarInt(
                "SELECT count(*) FROM sure_conflicts WHERE connection_id = ? AND status = 'open'",
                [.text(connectionID)]) ?? 0)
    }

    public func resolveSureConflict(id: String, resolution: String, at time: String) throws {
        try connection.cached("UPDATE sure_conflicts SET status = 'resolved', resolution = ?, resolved_at = ? WHERE id = ?")
            .run([.text(resolution), .text(time), .text(id)])
    }

    public func settleSure(lineageID: String, scope: String, identity: String, at time: String) throws {
        try connection.cached("INSERT OR IGNORE INTO sure_settlements (lineage_id, scope, identity, settled_at) VALUES (?, ?, ?, ?)")
            .run([.text(lineageID), .text(scope), .text(identity), .text(time)])
    }

    public func isSureSettled(lineageID: String, scope: String, identity: String) throws -> Bool {
        (try connection.scalarInt(
            "SELECT count(*) FROM sure_settlements WHERE lineage_id = ? AND scope = ? AND identity = ?",
            [.text(lineageID), .text(scope), .text(identity)]) ?? 0) > 0
    }

    // MARK: - Purge

    /// Deletes everything a lineage brought in: its ledger account (with its balances and
    /// transactions), identities, observations, conflicts and settled decisions.
    public func purgeSureLineage(_ lineageID: String, accountID: String, sourceRowID: Int64) throws {
        _ = try deleteAccount(id: accountID, sourceRowID: sourceRowID)
        for table in ["sure_transactions", "sure_balance_observations", "sure_conflicts", "sure_settlements"] {
            try connection.prepare("DELETE FROM \(table) WHERE lineage_id = ?").run([.text(lineageID)])
        }
    }
}
