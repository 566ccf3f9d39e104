/// One command: its words, its help and its option table. The parser and the
/// help text are both generated from these values, so they cannot drift.
package struct CommandSpec: Sendable, Equatable {
    /// The command's words, e.g. ["sync"], ["report", "spending"].
    package let path: [String]
    /// One line for the command list.
    package let summary: String
    /// Optional paragraphs for `--help`, separated by blank lines. A paragraph
    /// with a line that starts with a space is kept as written (examples);
    /// others are re-wrapped to fit.
    package let discussion: String?
    package let positionals: [PositionalSpec]
    package let options: [OptionSpec]

    package init(
        _ path: [String],
        summary: String,
        discussion: String? = nil,
        positionals: [PositionalSpec] = [],
        options: [OptionSpec] = []
    ) {
        self.path = path
        self.summary = summary
        self.discussion = discussion
        self.positionals = positionals
        self.options = options
    }

    /// The words joined by spaces, e.g. "report spending".
    package var name: String { path.joined(separator: " ") }
}
