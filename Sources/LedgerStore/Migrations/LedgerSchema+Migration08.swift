import Storage

extension LedgerSchema {
    /// Each account's days are local to its own zone: the one the user set, else the one its
    /// source gives. The user's settings are kept apart from what syncs bring, keyed by the
    /// account's ID without a foreign key, so no sync (nor an account deleted and back) loses
    /// them. A source also says when it wrote what it holds, which freshness reports.
    static let migration08 = Migration(
        id: 8, name: "account settings and time zones",
        sql: """
            CREATE TABLE account_settings (
                account_id TEXT PRIMARY KEY,
                display_name TEXT,
                time_zone TEXT,
                hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
                updated_at TEXT NOT NULL
            ) WITHOUT ROWID;
            ALTER TABLE sources ADD COLUMN time_zone TEXT;
            ALTER TABLE sources ADD COLUMN exported_at TEXT;
            CREATE TABLE source_account_time_zones (
                source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                account_id TEXT NOT NULL,
                time_zone TEXT NOT NULL,
                PRIMARY KEY (source_id, account_id)
            ) WITHOUT ROWID;
            """)
}
