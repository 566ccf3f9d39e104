import Storage

extension LedgerSchema {
    /// Statement files imported (`purse import`): each file's SHA-256 with when it came in and
    /// what it did, per account; the category a statement gave a row (no MCC to go by); and
    /// the saved layouts of bank CSVs. None has a foreign key: an account deleted by a
    /// sync and back keeps its history of imports, as it keeps its settings.
    static let migration11 = Migration(
        id: 11, name: "statement imports",
        sql: """
            CREATE TABLE statement_imports (
                id INTEGER PRIMARY KEY,
                account_id TEXT NOT NULL,
                file TEXT NOT NULL,
                sha256 TEXT NOT NULL,
                format TEXT NOT NULL,
                imported_at TEXT NOT NULL,
                transactions INTEGER NOT NULL,
                inserted INTEGER NOT NULL,
                updated INTEGER NOT NULL
            );
            CREATE INDEX statement_imports_by_account ON statement_imports(account_id, id);
            CREATE TABLE statement_categories (
                transaction_id TEXT PRIMARY KEY,
                category TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE import_profiles (
                name TEXT PRIMARY KEY COLLATE NOCASE,
                layout TEXT NOT NULL,
                saved_at TEXT NOT NULL
            ) WITHOUT ROWID;
            """)
}
