import Storage

extension LedgerSchema {
    /// A budget may last a quarter or a year, not only a month (`budget set ... --period year`):
    /// a yearly travel budget counts from January. Each entry of a budget's history says how
    /// long one amount of it lasts from its first month on.
    static let migration21 = Migration(
        id: 21, name: "budget periods",
        sql: """
            ALTER TABLE budgets ADD COLUMN period TEXT NOT NULL DEFAULT 'month' CHECK (period IN ('month', 'quarter', 'year'));
            """)
}
