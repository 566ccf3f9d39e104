/// One positional argument (or a run of them) of a command, e.g. `PATH...`.
package struct PositionalSpec: Sendable, Equatable {
    /// The placeholder shown in usage and help, e.g. "CATEGORY".
    package let name: String
    package let help: String
    /// How many values this argument needs at least (0 = optional).
    package let minCount: Int
    /// How many values this argument takes at most; nil = unlimited.
    package let maxCount: Int?

    package init(_ name: String, help: String, minCount: Int = 1, maxCount: Int? = 1) {
        self.name = name
        self.help = help
        self.minCount = minCount
        self.maxCount = maxCount
    }

    /// How the argument is shown in a usage line and in the "Arguments:" column:
    /// `NAME`, `[NAME]`, `NAME...`, `[NAME...]`.
    package var usageLabel: String {
        guard let maxCount else {
            return minCount > 0 ? "\(name)..." : "[\(name)...]"
        }
        let required = Array(repeating: name, count: max(minCount, 0))
        let optional = Array(repeating: "[\(name)]", count: max(maxCount - max(minCount, 0), 0))
        return (required + optional).joined(separator: " ")
    }
}
