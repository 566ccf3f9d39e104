import Storage

extension LedgerSchema {
    /// The user's corrections of single transactions (category, flow, note, tags, excluded, a
    /// split into categories) are kept apart from what syncs bring, keyed by the transaction's
    /// ID without a foreign key: a re-sync, a snapshot or a compaction never loses them, and a
    /// deleted transaction's stay dormant until it comes back. Rules gain matchers (account,
    /// type, direction, amount range, regular expression) and an order of their own.
    static let migration10 = Migration(
        id: 10, name: "transaction overrides and rule matchers",
        sql: """
            CREATE TABLE transaction_overrides (
                transaction_id TEXT PRIMARY KEY,
                category TEXT,
                flow TEXT CHECK (flow IN ('expense', 'income', 'transfer')),
                note TEXT,
                excluded INTEGER NOT NULL DEFAULT 0 CHECK (excluded IN (0, 1)),
                updated_at TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE transaction_tags (
                transaction_id TEXT NOT NULL,
                tag TEXT NOT NULL,
                PRIMARY KEY (transaction_id, tag)
            ) WITHOUT ROWID;
            CREATE TABLE transaction_splits (
                transaction_id TEXT NOT NULL,
                position INTEGER NOT NULL,
                category TEXT NOT NULL,
                amount INTEGER NOT NULL CHECK (amount > 0),
                PRIMARY KEY (transaction_id, position)
            ) WITHOUT ROWID;
            CREATE TABLE rules_new (
                id INTEGER PRIMARY KEY,
                position INTEGER NOT NULL,
                merchant TEXT,
                description TEXT,
                description_regex TEXT,
                mcc INTEGER,
                account TEXT,
                type TEXT,
                direction TEXT CHECK (direction IN ('credit', 'debit')),
                amount_min INTEGER,
                amount_max INTEGER,
                category TEXT,
                flow TEXT CHECK (flow IN ('expense', 'income', 'transfer')),
                created_at TEXT NOT NULL,
                CHECK (category IS NOT NULL OR flow IS NOT NULL)
            );
            INSERT INTO rules_new (id, position, merchant, description, mcc, category, flow, created_at)
                SELECT id, id, merchant, description, mcc, category, flow, created_at FROM rules;
            DROP TABLE rules;
            ALTER TABLE rules_new RENAME TO rules;
            """, rebuildsTables: true)
}
