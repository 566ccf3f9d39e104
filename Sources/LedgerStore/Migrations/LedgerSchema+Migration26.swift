import Storage

extension LedgerSchema {
    /// Category groups (`purse categories group`): each category in at most one group, so the
    /// category is the key. A budget may be over a group (`budget set --group`): `scope` says
    /// whether a budget's `category` names a category or a group.
    static let migration26 = Migration(
        id: 26, name: "category groups",
        sql: """
            CREATE TABLE category_groups (
                category TEXT PRIMARY KEY,
                name TEXT NOT NULL
            ) WITHOUT ROWID;
            ALTER TABLE budgets ADD COLUMN scope TEXT NOT NULL DEFAULT 'category' CHECK (scope IN ('category', 'group'));
            """)
}
