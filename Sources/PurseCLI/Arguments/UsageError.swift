/// A command line that cannot run as given: exit code 64.
///
/// `description` is the whole text for stderr, without a final newline:
///
///     Error: unknown option '--mnth'. Did you mean '--month'?
///     Usage: purse report spending [options]
///     See 'purse report spending --help'.
package struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What is wrong, without a final period, e.g. "unknown option '--mnth'".
    package let message: String
    /// The closest valid spelling, e.g. "--month", when one is reasonably close.
    package let suggestion: String?
    /// The command (or group) the error is about; empty for the tool itself.
    package let commandPath: [String]
    /// The usage line for `commandPath` without "Usage: ", e.g.
    /// "purse report spending [options]"; nil leaves the line out.
    package let usage: String?

    package init(message: String, suggestion: String? = nil, commandPath: [String] = [], usage: String? = nil) {
        self.message = message
        self.suggestion = suggestion
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
        if let suggestion { first += " Did you mean '\(suggestion)'?" }
        var lines = [first]
        if let usage { lines.append("Usage: " + usage) }
        let command = (["purse"] + commandPath).joined(separator: " ")
        lines.append("See '\(command) --help'.")
        return lines.joined(separator: "\n")
    }
}
