import Storage

extension LedgerSchema {
    /// Settings of the ledger as a whole, such as the zone of the accounts without one of their
    /// own. Every row is classified again once: months move to the ledger's zone, and pending rows
    /// now keep a classification of their own, paired like booked ones.
    static let migration17 = Migration(
        id: 17, name: "ledger settings",
        sql: """
            CREATE TABLE ledger_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
            UPDATE classification_state SET rebuild_needed = 1;
            """)
}
