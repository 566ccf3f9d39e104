import Storage

extension LedgerSchema {
    /// The foreign-currency purchases by time: the card's rates (a conversion's fallback) and
    /// `report fx` read a few dozen of them a month, which without it means reading every
    /// transaction of the days asked.
    static let migration20 = Migration(
        id: 20, name: "foreign purchases by time",
        sql: """
            CREATE INDEX transactions_foreign ON transactions(transaction_time) WHERE foreign_amount IS NOT NULL AND exchange_rate IS NOT NULL;
            """)
}
