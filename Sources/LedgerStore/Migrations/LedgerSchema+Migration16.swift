import Storage

extension LedgerSchema {
    /// Statement twins were paired closest first, which could strand a row the matching as a
    /// whole pairs: a ledger with statement imports is classified again on its next write,
    /// and reports classify as they go until then.
    static let migration16 = Migration(
        id: 16, name: "statement twins matched as a whole",
        sql: """
            UPDATE classification_state SET rebuild_needed = 1 WHERE EXISTS (SELECT 1 FROM statement_imports);
            """)
}
