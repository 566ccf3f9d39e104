import Storage

extension LedgerSchema {
    static let migration05 = Migration(
        id: 5, name: "summaries",
        sql: """
            CREATE TABLE summaries (
                month TEXT PRIMARY KEY,
                digest TEXT NOT NULL,
                first_reported_at TEXT NOT NULL,
                reported_at TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE summary_totals (
                month TEXT NOT NULL REFERENCES summaries(month) ON DELETE CASCADE,
                currency TEXT NOT NULL,
                spent INTEGER NOT NULL,
                refunded INTEGER NOT NULL,
                income INTEGER NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (month, currency)
            ) WITHOUT ROWID;
            """)
}
