import Storage

extension LedgerSchema {
    static let migration03 = Migration(
        id: 3, name: "budgets",
        sql: """
            CREATE TABLE budgets (
                id INTEGER PRIMARY KEY,
                category TEXT NOT NULL,
                currency TEXT NOT NULL,
                first_month TEXT NOT NULL,
                amount INTEGER,
                rollover TEXT NOT NULL CHECK (rollover IN ('none', 'surplus', 'all')),
                created_at TEXT NOT NULL,
                UNIQUE (category, currency, first_month)
            );
            """)
}
