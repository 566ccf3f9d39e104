/// The user's category groups (`purse categories group`): each category in at most one group.
/// A group is a function of the category, so anything summed by category folds into groups.
public struct CategoryGroups: Equatable, Sendable {
    /// The group of each grouped category.
    public let groupByCategory: [String: String]

    public init(groupByCategory: [String: String] = [:]) {
        self.groupByCategory = groupByCategory
    }

    public var isEmpty: Bool { groupByCategory.isEmpty }

    /// Every group's name, sorted.
    public var names: [String] { Set(groupByCategory.values).sorted() }

    /// The group `category` is in, if any.
    public func group(of category: String) -> String? { groupByCategory[category] }

    /// The key `category` is counted under by group: its group, else itself (an ungrouped
    /// category stands alone).
    public func key(of category: String) -> String { groupByCategory[category] ?? category }

    /// The categories of the group `name` (exact spelling), sorted.
    public func members(of name: String) -> [String] {
        groupByCategory.filter { $0.value == name }.map(\.key).sorted()
    }

    /// The group that `given` names in any case, as it is stored.
    public func name(matching given: String) -> String? {
        let lowered = given.lowercased()
        return names.first { $0.lowercased() == lowered }
    }
}
