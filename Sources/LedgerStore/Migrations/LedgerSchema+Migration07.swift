import Storage

extension LedgerSchema {
    /// Values from a newer FinanceKit that a sync has warned about: each is warned about once
    /// per ledger, where it first came in, not again on every run that brings more of it.
    static let migration07 = Migration(
        id: 7, name: "unknown values",
        sql: """
            CREATE TABLE unknown_values (
                field TEXT NOT NULL,
                value TEXT NOT NULL,
                first_seen_at TEXT NOT NULL,
                file TEXT NOT NULL,
                line INTEGER,
                PRIMARY KEY (field, value)
            ) WITHOUT ROWID;
            """)
}
