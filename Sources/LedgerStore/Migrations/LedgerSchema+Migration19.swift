import Storage

extension LedgerSchema {
    /// A budget may count its category's spending in every currency, converted into its own
    /// (`budget set ... --all-currencies`): a travel budget in dollars for a trip paid in euros.
    /// Each entry of a budget's history says so for the months it is in force.
    static let migration19 = Migration(
        id: 19, name: "budgets in every currency",
        sql: """
            ALTER TABLE budgets ADD COLUMN all_currencies INTEGER NOT NULL DEFAULT 0 CHECK (all_currencies IN (0, 1));
            """)
}
