import Analytics
import LedgerStore

/// `purse categories group NAME CATEGORY...` and `purse categories ungroup NAME [CATEGORY...]`:
/// the user's category groups, each category in at most one.
extension CategoriesCommand {
    enum Group: PurseCommand {
        static let spec = CommandSpec(
            ["categories", "group"], summary: "Put categories in a group (report spending --by group, budget set --group).",
            discussion: """
                A category is in at most one group: one already in another group moves, and says so. NAME may not \
                be a category's name.
                """,
            positionals: [
                PositionalSpec("NAME", help: "The group's name."),
                PositionalSpec("CATEGORY", help: "A category, as 'purse categories' lists it.", minCount: 1, maxCount: nil),
            ])

        static func run(_ context: CommandContext) throws { try group(context) }
    }

    enum Ungroup: PurseCommand {
        static let spec = CommandSpec(
            ["categories", "ungroup"], summary: "Take categories out of a group, or remove the group.",
            positionals: [
                PositionalSpec("NAME", help: "The group's name."),
                PositionalSpec("CATEGORY", help: "A category of the group (none: the whole group).", minCount: 0, maxCount: nil),
            ])

        static func run(_ context: CommandContext) throws { try ungroup(context) }
    }

    static func group(_ context: CommandContext) throws {
        let given = context.command.positionals[0]
        guard !given.allSatisfy(\.isWhitespace) else { throw context.usageError("NAME must not be empty") }
        let store = try context.openStore(.writeExisting)
        let known = try CategoryResolver.knownCategories(store)
        // By group, a group's row and an ungrouped category's stand side by side under their names.
        if known.contains(where: { $0.lowercased() == given.lowercased() }) {
            throw context.usageError("'\(given)' is a category's name: give the group another")
        }
        let groups = try store.categoryGroups()
        let name = groups.name(matching: given) ?? given
        var categories: [String] = []
        for text in context.command.positionals.dropFirst() {
            let category = try CategoryResolver.resolve(text, store: store, context: context)
            if !categories.contains(category) { categories.append(category) }
        }
        try store.transaction {
            for category in categories { try store.setCategoryGroup(name, category: category) }
        }
        for category in categories {
            if let previous = groups.group(of: category), previous != name {
                context.note("\(category) moved from \(previous) to \(name)")
            }
        }
        let members = try store.categoryGroups().members(of: name)
        context.note("Group \(name): \(members.joined(separator: ", "))")
    }

    static func ungroup(_ context: CommandContext) throws {
        let given = context.command.positionals[0]
        let store = try context.openStore(.writeExisting)
        let groups = try store.categoryGroups()
        guard let name = groups.name(matching: given) else {
            throw context.usageError(
                "there is no group '\(given)' (see 'purse categories')", suggestions: ClosestMatch.closest(given, among: groups.names))
        }
        let members = groups.members(of: name)
        var removed: [String] = []
        for text in context.command.positionals.dropFirst() {
            guard let category = members.first(where: { $0.lowercased() == text.lowercased() }) else {
                throw context.usageError("'\(text)' is not in the group \(name) (it has \(members.joined(separator: ", ")))")
            }
            if !removed.contains(category) { removed.append(category) }
        }
        let whole = removed.isEmpty
        try store.transaction {
            for category in whole ? members : removed { try store.removeCategoryFromGroup(category) }
        }
        let left = try store.categoryGroups().members(of: name)
        context.note(left.isEmpty ? "Group \(name) removed" : "Group \(name): \(left.joined(separator: ", "))")
    }
}
