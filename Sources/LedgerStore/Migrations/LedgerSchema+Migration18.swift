import Storage

extension LedgerSchema {
    /// Imported exchange rates, one per (day, from, to): 1 `from_currency` was worth
    /// `numerator / denominator` `to_currency`. Kept as the exact reduced fraction the rate's text
    /// read as, so a conversion never depends on how a decimal was stored.
    static let migration18 = Migration(
        id: 18, name: "exchange rates",
        sql: """
            CREATE TABLE exchange_rates (
                rate_date TEXT NOT NULL,
                from_currency TEXT NOT NULL,
                to_currency TEXT NOT NULL,
                numerator INTEGER NOT NULL CHECK (numerator > 0),
                denominator INTEGER NOT NULL CHECK (denominator > 0),
                PRIMARY KEY (rate_date, from_currency, to_currency)
            ) WITHOUT ROWID;
            """)
}
