import Storage

extension LedgerSchema {
    /// A ledger says it is one (`applicationID`), so purse never takes another application's
    /// database for a ledger of an older purse; an older ledger is told by its migrations.
    /// (1349874291 is 0x5075_7273, "Purs".)
    static let migration15 = Migration(
        id: 15, name: "ledger identity",
        sql: """
            PRAGMA application_id = 1349874291;
            """)
}
