import Storage

extension LedgerStore {
    /// Whether the ledger has category groups (migration 26): an older ledger read as it is has none.
    var hasCategoryGroups: Bool { openedSchemaVersion >= 26 }

    /// The category groups.
    public func categoryGroups() throws -> CategoryGroups {
        guard hasCategoryGroups else { return CategoryGroups() }
        let query = try connection.prepare("SELECT category, name FROM category_groups")
        var groups: [String: String] = [:]
        while try query.step() { groups[query.text(0)] = query.text(1) }
        return CategoryGroups(groupByCategory: groups)
    }

    /// Puts `category` in the group `name`, out of any other it was in.
    public func setCategoryGroup(_ name: String, category: String) throws {
        try connection.cached(
            "INSERT INTO category_groups (category, name) VALUES (?, ?) ON CONFLICT (category) DO UPDATE SET name = excluded.name"
        ).run([.text(category), .text(name)])
    }

    /// Takes `category` out of its group.
    public func removeCategoryFromGroup(_ category: String) throws {
        try connection.cached("DELETE FROM category_groups WHERE category = ?").run([.text(category)])
    }
}
