import Storage

extension LedgerSchema {
    /// A stand-in for part B's migration 21 (budgets.period), so that migration 22 runs on this
    /// branch on its own: replaced by part B's file when the branches meet.
    static let migration21 = Migration(
        id: 21, name: "budget periods (stand-in)",
        sql: """
            CREATE TABLE goals_stand_in_21 (id INTEGER PRIMARY KEY);
            DROP TABLE goals_stand_in_21;
            """)
}
