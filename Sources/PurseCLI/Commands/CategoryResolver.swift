import Analytics
import LedgerStore

/// A category named on the command line (`budget set`, `set --category`, `split`, `explain --category`), checked against
/// the categories the ledger knows, so a typo is caught where it is made instead of budgeting or
/// explaining a category no transaction will ever be in.
enum CategoryResolver {
    /// Every category a transaction can be in, as reports classify them: the built-in table
    /// (with Cash, Fees, Interest, Uncategorized), Income and Transfers, and the categories of
    /// the rules; then the categories budgeted already (some made with `--new`; a group's budget
    /// names no category), and those set or split on single transactions. Statements give only built-in categories.
    static func knownCategories(_ store: LedgerStore) throws -> [String] {
        var known: [String] = []
        let all =
            SpendingCategory.all + [SpendingCategory.income, SpendingCategory.transfers]
            + (try store.rules().compactMap(\.category)) + (try store.budgetRecords().filter { $0.scope == .category }.map(\.category))
            + (try store.transactionOverrides().values.sorted { $0.transactionID < $1.transactionID }.flatMap { override in
                (override.category.map { [$0] } ?? []) + override.split.map(\.category)
            })
        for category in all where !known.contains(category) { known.append(category) }
        return known
    }

    /// The known category that `given` names in any case, keeping its known spelling
    /// ("groceries" is Groceries). An unknown name is a usage error suggesting the closest
    /// known ones, unless `allowNew`, which takes it as written.
    static func resolve(
        _ given: String, store: LedgerStore, context: CommandContext, allowNew: Bool = false,
        hint: String = "see 'purse categories'"
    ) throws -> String {
        let known = try knownCategories(store)
        if let category = known.first(where: { $0.lowercased() == given.lowercased() }) { return category }
        // A new category under a group's name would fold into that group's row.
        if allowNew, let group = try store.categoryGroups().name(matching: given) {
            throw context.usageError("'\(group)' is a category group, not a category (see 'purse categories')")
        }
        if allowNew { return given }
        throw context.usageError("unknown category '\(given)' (\(hint))", suggestions: ClosestMatch.closest(given, among: known))
    }
}
