/// A command line that parsed: which command, its positionals and its options.
package struct ParsedCommand: Sendable, Equatable {
    /// The command's words, e.g. ["report", "spending"].
    package let path: [String]
    /// The positional arguments in the order given.
    package let positionals: [String]
    /// Option long name -> the values in the order given.
    package let values: [String: [String]]
    /// The long names of the flags given.
    package let flags: Set<String>

    package init(
        path: [String],
        positionals: [String] = [],
        values: [String: [String]] = [:],
        flags: Set<String> = []
    ) {
        self.path = path
        self.positionals = positionals
        self.values = values
        self.flags = flags
    }

    /// The value of an option given at most once (the last one when repeatable).
    package func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of an option, in the order given; empty when not given.
    package func values(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// True when the flag was given.
    package func has(_ flag: String) -> Bool {
        flags.contains(flag)
    }
}
