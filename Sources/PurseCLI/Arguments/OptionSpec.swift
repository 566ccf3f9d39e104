/// One option of a command (or a global option): the single source of both
/// the parser's behaviour and the help text's line for it.
package struct OptionSpec: Sendable, Equatable {
    /// The long name without "--", e.g. "month".
    package let name: String
    /// The one-letter short name, e.g. "o" for `-o`. Never a digit: `-5` is a number.
    package let short: Character?
    /// The placeholder for the option's value in help, e.g. "YYYY-MM"; nil for a flag.
    package let valueName: String?
    /// One sentence (or a few) for the help text; wrapped to fit.
    package let help: String
    /// True when the option may be given several times (e.g. `--account`).
    package let repeatable: Bool

    package init(
        _ name: String,
        short: Character? = nil,
        value: String? = nil,
        help: String,
        repeatable: Bool = false
    ) {
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
        self.repeatable = repeatable
    }

    /// True for an option that takes no value.
    package var isFlag: Bool { valueName == nil }

    /// The long spelling, e.g. "--month".
    package var longSpelling: String { "--" + name }

    /// How the option is shown in the option column of the help text,
    /// e.g. "--month YYYY-MM" or "-o, --output FILE".
    package var helpLabel: String {
        var label = ""
        if let short { label += "-\(short), " }
        label += longSpelling
        if let valueName { label += " " + valueName }
        return label
    }

    /// How the option is shown in a usage line, e.g. "[--db PATH]" or "[--quiet]".
    package var usageLabel: String {
        if let valueName { return "[\(longSpelling) \(valueName)]" }
        return "[\(longSpelling)]"
    }
}
