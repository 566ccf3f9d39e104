import Storage

extension LedgerSchema {
    static let migration01 = Migration(
        id: 1, name: "ledger",
        sql: """
            CREATE TABLE sources (
                id INTEGER PRIMARY KEY,
                kind TEXT NOT NULL,
                external_id TEXT NOT NULL,
                name TEXT NOT NULL,
                location TEXT,
                created_at TEXT NOT NULL,
                last_synced_at TEXT,
                UNIQUE (kind, external_id)
            );
            CREATE TABLE streams (
                source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                generation TEXT NOT NULL,
                sequence INTEGER NOT NULL,
                resume_offset INTEGER,
                resume_line INTEGER,
                changed_at TEXT NOT NULL,
                PRIMARY KEY (source_id, name)
            ) WITHOUT ROWID;
            CREATE TABLE accounts (
                id TEXT PRIMARY KEY,
                source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('asset', 'liability')),
                display_name TEXT NOT NULL,
                institution_name TEXT NOT NULL,
                account_description TEXT,
                currency TEXT NOT NULL,
                opening_date TEXT,
                credit_limit INTEGER,
                credit_limit_currency TEXT,
                minimum_payment INTEGER,
                minimum_payment_currency TEXT,
                next_payment_due_date TEXT,
                overdue_payment INTEGER,
                overdue_payment_currency TEXT
            );
            CREATE INDEX accounts_by_source ON accounts(source_id);
            CREATE TABLE balances (
                row_id INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                currency TEXT NOT NULL,
                available_amount INTEGER,
                available_currency TEXT,
                available_as_of TEXT,
                available_indicator TEXT,
                booked_amount INTEGER,
                booked_currency TEXT,
                booked_as_of TEXT,
                booked_indicator TEXT,
                observed_time INTEGER NOT NULL,
                observed_signed INTEGER NOT NULL
            );
            CREATE INDEX balances_by_account_time ON balances(account_id, observed_time);
            CREATE TABLE transactions (
                row_id INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                transaction_date TEXT NOT NULL,
                transaction_time INTEGER NOT NULL,
                posted_date TEXT,
                amount INTEGER NOT NULL CHECK (amount >= 0),
                currency TEXT NOT NULL,
                credit_debit TEXT NOT NULL CHECK (credit_debit IN ('credit', 'debit')),
                signed_amount INTEGER NOT NULL,
                foreign_amount INTEGER,
                foreign_currency TEXT,
                exchange_rate TEXT,
                description TEXT NOT NULL,
                original_description TEXT NOT NULL,
                mcc INTEGER,
                merchant_name TEXT,
                type TEXT NOT NULL,
                status TEXT NOT NULL
            );
            CREATE INDEX transactions_by_account_time ON transactions(account_id, transaction_time);
            CREATE INDEX transactions_by_time ON transactions(transaction_time);
            """)
}
