/// What a command line asks for.
package enum Invocation: Sendable, Equatable {
    /// Run a command.
    case run(GlobalOptions, ParsedCommand)
    /// Print the help for a command, a group of commands (e.g. ["report"]) or,
    /// with an empty path, the whole tool; exit 0.
    case help(path: [String])
    /// Print the version; exit 0.
    case version
}
