import Ledger
import Storage

/// What `purse import` keeps besides the records: the files imported, the categories
/// statements give, and the saved bank CSV layouts.
extension LedgerStore {
    /// Whether the ledger has the tables of statement imports (schema 11).
    var hasStatementImports: Bool { openedSchemaVersion >= 11 }

    /// The category a statement gave a transaction, for queries of transactions `t`: the
    /// expression and the join it needs (none in a ledger older than schema 11).
    var statementCategorySQL: (column: String, join: String) {
        hasStatementImports
            ? ("sc.category", "LEFT JOIN statement_categories sc ON sc.transaction_id = t.id") : ("NULL", "")
    }

    /// The source every account created by an import belongs to.
    public func statementSourceRowID(now: Timestamp) throws -> Int64 {
        try sourceRowID(kind: "statement", externalID: "statements", name: "Statement imports", location: nil, now: now)
    }

    /// The zone whose days an account created by an import keeps: the one of its first import,
    /// so a later import from a run with another TZ puts its rows on the same instants.
    public func keepStatementAccountTimeZone(sourceRowID: Int64, accountID: String, zone: String) throws {
        try connection.cached(
            "INSERT OR IGNORE INTO source_account_time_zones (source_id, account_id, time_zone) VALUES (?, ?, ?)"
        ).run([.integer(sourceRowID), .text(accountID), .text(zone)])
    }

    public func recordStatementImport(_ record: StatementImportRecord) throws {
        try connection.cached(
            """
            INSERT INTO statement_imports (account_id, file, sha256, format, imported_at, transactions, inserted, updated)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).run([
            .text(record.accountID), .text(record.file), .text(record.sha256), .text(record.format), .text(record.importedAt),
            .integer(Int64(record.transactions)), .integer(Int64(record.inserted)), .integer(Int64(record.updated)),
        ])
    }

    /// Every import, by account, oldest first; none in a ledger older than schema 11.
    public func statementImports() throws -> [StatementImportRecord] {
        guard hasStatementImports else { return [] }
        let query = try connection.prepare(
            """
            SELECT account_id, file, sha256, format, imported_at, transactions, inserted, updated
            FROM statement_imports ORDER BY account_id, id
            """)
        var records: [StatementImportRecord] = []
        while try query.step() {
            records.append(
                StatementImportRecord(
                    accountID: query.text(0), file: query.text(1), sha256: query.text(2), format: query.text(3),
                    importedAt: query.text(4), transactions: Int(query.int64(5)), inserted: Int(query.int64(6)),
                    updated: Int(query.int64(7))))
        }
        return records
    }

    /// The category a statement gave a transaction (a label already in purse's words).
    public func saveStatementCategory(transactionID: String, category: String?) throws {
        if let category {
            try connection.cached(
                """
                INSERT INTO statement_categories (transaction_id, category) VALUES (?, ?)
                ON CONFLICT (transaction_id) DO UPDATE SET category = excluded.category
                """
            ).run([.text(transactionID), .text(category)])
        } else {
            try connection.cached("DELETE FROM statement_categories WHERE transaction_id = ?").run([.text(transactionID)])
        }
    }

    /// A bank CSV layout saved under a name (any case), or nil.
    public func importProfile(name: String) throws -> String? {
        guard hasStatementImports else { return nil }
        return try connection.scalarText("SELECT layout FROM import_profiles WHERE name = ?", [.text(name)])
    }

    public func saveImportProfile(name: String, layout: String, now: Timestamp) throws {
        try connection.cached(
            """
            INSERT INTO import_profiles (name, layout, saved_at) VALUES (?, ?, ?)
            ON CONFLICT (name) DO UPDATE SET layout = excluded.layout, saved_at = excluded.saved_at
            """
        ).run([.text(name), .text(layout), .text(now.text)])
    }
}
