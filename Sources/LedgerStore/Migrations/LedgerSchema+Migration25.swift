import Storage

extension LedgerSchema {
    /// People: Apple Card Family's CSV says who made each purchase (`Purchased By`), kept on the
    /// imported row; `purse set ID --person NAME` names one by hand, beating a rule and the
    /// statement. Neither changes how a transaction counts, so no classification trigger; the
    /// few rows a statement named someone on are found by the partial index.
    static let migration25 = Migration(
        id: 25, name: "people",
        sql: """
            ALTER TABLE transactions ADD COLUMN person TEXT;
            CREATE INDEX transactions_people ON transactions(id) WHERE person IS NOT NULL;
            ALTER TABLE transaction_overrides ADD COLUMN person TEXT;
            """)
}
