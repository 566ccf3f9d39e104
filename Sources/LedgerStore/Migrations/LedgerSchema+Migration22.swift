import Storage

extension LedgerSchema {
    /// Savings and pay-down goals (`purse goal`): one per name, compared ignoring case, on one
    /// account, its target in Money units of the account's currency, to be met by the end of
    /// `by_month` (YYYY-MM).
    static let migration22 = Migration(
        id: 22, name: "goals",
        sql: """
            CREATE TABLE goals (
                name TEXT PRIMARY KEY COLLATE NOCASE,
                account_id TEXT NOT NULL,
                target INTEGER NOT NULL,
                currency TEXT NOT NULL,
                by_month TEXT NOT NULL
            ) WITHOUT ROWID;
            """)
}
