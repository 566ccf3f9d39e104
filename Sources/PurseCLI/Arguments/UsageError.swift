/// A command line that cannot run as given: exit code 64.
///
/// `description` is the whole text for stderr, without a final newline:
///
///     Error: unknown option '--mnth'. Did you mean '--month'?
///     Error: unknown category 'Grocris' (see 'purse categories'). Did you mean 'Groceries' or 'Grocery'?
///     Usage: purse report spending [options]
///     See 'purse report spending --help'.
package struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What is wrong, without a final period, e.g. "unknown option '--mnth'".
    package let message: String
    /// The closest valid spellings, best first, e.g. "--month" (none when nothing is close).
    package let suggestions: [String]
    /// The command (or group) the error is about; empty for the tool itself.
    package let commandPath: [String]
    /// The usage line for `commandPath` without "Usage: ", e.g.
    /// "purse report spending [options]"; nil leaves the line out.
    package let usage: String?

    package init(message: String, suggestions: [String] = [], commandPath: [String] = [], usage: String? = nil) {
        self.message = message
        self.suggestions = suggestions
        self.commandPath = commandPath
        self.usage = usage
    }

    package var description: String {
        var first = "Error: " + message
        if let last = message.last, ".?!".contains(last) {
            // Already ends a sentence.
        } else {
            first += "."
        }
        if let last = suggestions.last {
            let quoted = suggestions.dropLast().map { "'\($0)'" }
            first += " Did you mean " + (quoted.isEmpty ? "" : quoted.joined(separator: ", ") + " or ") + "'\(last)'?"
        }
        var lines = [first]
        if let usage { lines.append("Usage: " + usage) }
        let command = (["purse"] + commandPath).joined(separator: " ")
        lines.append("See '\(command) --help'.")
        return lines.joined(separator: "\n")
    }
}
