import Ledger
import Storage

/// Snapshots: a change set that holds a stream's whole state deletes every row it lacks.
extension LedgerStore {
    /// Starts collecting the IDs a snapshot contains; `sweep...` then deletes every other row.
    public func beginSnapshot() throws {
        try connection.execute(
            "CREATE TEMP TABLE IF NOT EXISTS snapshot_ids (id TEXT PRIMARY KEY) WITHOUT ROWID; DELETE FROM snapshot_ids;")
    }

    public func addSnapshotID(_ id: String) throws {
        try connection.cached("INSERT OR IGNORE INTO temp.snapshot_ids (id) VALUES (?)").run([.text(id)])
    }

    /// Deletes the source's accounts the snapshot lacks (with all their data); returns their IDs.
    public func sweepAccounts(sourceRowID: Int64) throws -> [String] {
        let query = try connection.prepare(
            "SELECT id FROM accounts WHERE source_id = ? AND id NOT IN (SELECT id FROM temp.snapshot_ids) ORDER BY id")
        try query.bind([.integer(sourceRowID)])
        var missing: [String] = []
        while try query.step() { missing.append(query.text(0)) }
        for id in missing { _ = try deleteAccount(id: id, sourceRowID: sourceRowID) }
        return missing
    }

    /// Balances imported from statements are not the source's: its snapshot leaves them.
    public func sweepBalances(accountID: String) throws -> Int {
        try connection.cached(
            """
            DELETE FROM balances WHERE account_id = ?1 AND id NOT IN (SELECT id FROM temp.snapshot_ids)
                AND substr(id, 1, length(?2)) != ?2
            """
        ).run([.text(accountID), .text(AccountBalance.statementIDPrefix)])
        return connection.changes
    }

    /// Rows imported from statements are not the source's: its snapshot leaves them.
    public func sweepTransactions(accountID: String) throws -> Int {
        try connection.cached(
            """
            DELETE FROM transactions WHERE account_id = ?1 AND id NOT IN (SELECT id FROM temp.snapshot_ids)
                AND substr(id, 1, length(?2)) != ?2
            """
        ).run([.text(accountID), .text(Transaction.statementIDPrefix)])
        return connection.changes
    }
}
