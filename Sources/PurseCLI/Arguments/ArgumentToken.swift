/// One command-line word as the lexer sees it, before any option table is consulted.
package enum ArgumentToken: Sendable, Equatable {
    /// `--name`, `--name=value`, `-x`, or an unknown `-xyz`.
    case option(OptionToken)
    /// A plain word, a lone `-` (stdin), a negative number such as `-12.50`,
    /// or anything after `--`.
    case argument(String)
    /// `--`: everything after it is an argument.
    case terminator
}

/// An option word split into its parts.
package struct OptionToken: Sendable, Equatable {
    /// The word as typed, e.g. "--month=2026-01" or "-o".
    package let raw: String
    /// The name without dashes or value: "month", "o", or "xyz" for `-xyz`.
    package let name: String
    /// True for a single-dash word (`-o`, `-xyz`).
    package let isShort: Bool
    /// The part after "=" in `--name=value` (possibly empty); nil when there was no "=".
    package let inlineValue: String?

    package init(raw: String, name: String, isShort: Bool, inlineValue: String? = nil) {
        self.raw = raw
        self.name = name
        self.isShort = isShort
        self.inlineValue = inlineValue
    }

    /// The option as typed, without any "=value": "--month", "-o".
    package var spelling: String { (isShort ? "-" : "--") + name }
}
