import Storage

extension LedgerSchema {
    /// `purse set ID --not-anomaly`: the user has looked at a transaction `report anomalies`
    /// flagged and it is as it should be; it still counts, and is never flagged again.
    static let migration23 = Migration(
        id: 23, name: "not anomaly",
        sql: """
            ALTER TABLE transaction_overrides ADD COLUMN not_anomaly INTEGER NOT NULL DEFAULT 0;
            """)
}
