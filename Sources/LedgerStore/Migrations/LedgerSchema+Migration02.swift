import Storage

extension LedgerSchema {
    static let migration02 = Migration(
        id: 2, name: "rules",
        sql: """
            CREATE TABLE rules (
                id INTEGER PRIMARY KEY,
                merchant TEXT,
                description TEXT,
                mcc INTEGER,
                category TEXT,
                flow TEXT CHECK (flow IN ('expense', 'income', 'transfer')),
                created_at TEXT NOT NULL,
                CHECK (merchant IS NOT NULL OR description IS NOT NULL OR mcc IS NOT NULL),
                CHECK (category IS NOT NULL OR flow IS NOT NULL)
            );
            """)
}
