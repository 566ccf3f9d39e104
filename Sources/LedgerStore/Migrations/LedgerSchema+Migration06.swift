import Storage

extension LedgerSchema {
    /// FinanceKit may add account kinds: a kind purse does not know is stored as given.
    static let migration06 = Migration(
        id: 6, name: "open account kinds",
        sql: """
            CREATE TABLE accounts_new (
                id TEXT PRIMARY KEY,
                source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
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
            INSERT INTO accounts_new SELECT id, source_id, kind, display_name, institution_name, account_description,
                currency, opening_date, credit_limit, credit_limit_currency, minimum_payment, minimum_payment_currency,
                next_payment_due_date, overdue_payment, overdue_payment_currency FROM accounts;
            DROP TABLE accounts;
            ALTER TABLE accounts_new RENAME TO accounts;
            CREATE INDEX accounts_by_source ON accounts(source_id);
            """, rebuildsTables: true)
}
