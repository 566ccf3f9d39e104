import Storage

extension LedgerSchema {
    /// The account number a statement gives (OFX BANKID and ACCTID), recorded on its account at
    /// the first import that gives one, so a statement of another account is refused; kept by
    /// account ID without a foreign key, as the imports are. Imports are looked up by SHA-256:
    /// the same file is not imported into a second account.
    static let migration14 = Migration(
        id: 14, name: "statement account numbers",
        sql: """
            CREATE TABLE statement_account_numbers (
                account_id TEXT PRIMARY KEY,
                bank_id TEXT,
                account_number TEXT NOT NULL,
                recorded_at TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX statement_imports_by_sha256 ON statement_imports(sha256, account_id);
            """)
}
