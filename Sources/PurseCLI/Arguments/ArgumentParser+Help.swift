extension ArgumentParser {
    /// The help page for a command, a group of commands (e.g. ["report"]) or,
    /// for an empty or unknown path, the whole tool. Generated from the same
    /// tables the parser reads; ends with a newline.
    package func helpText(for path: [String]) -> String {
        var lines: [String]
        if let command = command(at: path) {
            lines = commandHelp(command)
        } else if !path.isEmpty, isPrefix(path) {
            lines = groupHelp(path)
        } else {
            lines = rootHelp()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The usage line without "Usage: ", e.g. "purse report spending [options]",
    /// "purse sync [options] PATH...", "purse report <command> [options]".
    package func usageLine(for path: [String]) -> String {
        if let command = command(at: path) {
            let arguments = command.positionals.map(\.usageLabel)
            return (["purse"] + command.path + ["[options]"] + arguments).joined(separator: " ")
        }
        if !path.isEmpty, isPrefix(path) {
            return (["purse"] + path + ["<command>", "[options]"]).joined(separator: " ")
        }
        // The global options are listed under the usage line: all of them would not fit 80 columns.
        return "purse [global options] <command> [options]"
    }

    // MARK: - Pages

    private func rootHelp() -> [String] {
        let commandRows = clusteredCommands(commands).map { (label: $0.name, help: $0.summary) }
        let optionRows = (globals + builtins).map(Self.row)
        let column = HelpLayout.column(for: (commandRows + optionRows).map(\.label))
        var lines = ["Usage: " + usageLine(for: [])]
        lines += section("Commands:", commandRows, column: column)
        lines += section("Global options:", optionRows, column: column)
        lines.append("")
        lines += HelpLayout.wrap(words: Self.exitCodes, indent: 2)
        lines.append("")
        lines += HelpLayout.wrap("See 'purse help <command>' or 'purse <command> --help' for a command's options.")
        return lines
    }

    private func groupHelp(_ path: [String]) -> [String] {
        let members = commands.filter { $0.path.count > path.count && $0.path.starts(with: path) }
        let commandRows = members.map { (label: $0.name, help: $0.summary) }
        let optionRows = (globals + [Self.helpOption]).map(Self.row)
        let column = HelpLayout.column(for: (commandRows + optionRows).map(\.label))
        var lines = ["Usage: " + usageLine(for: path)]
        lines += section("Commands:", commandRows, column: column)
        lines += section("Global options:", optionRows, column: column)
        lines.append("")
        let group = (["purse"] + path).joined(separator: " ")
        lines += HelpLayout.wrap("See '\(group) <command> --help' for a command's options.")
        return lines
    }

    private func commandHelp(_ command: CommandSpec) -> [String] {
        let argumentRows = command.positionals.map { (label: $0.usageLabel, help: $0.help) }
        let optionRows = command.options.map(Self.row)
        let globalRows = (globals(of: command) + [Self.helpOption]).map(Self.row)
        var lines = ["Usage: " + usageLine(for: command.path), ""]
        lines += HelpLayout.wrap(command.summary)
        if let discussion = command.discussion, !discussion.isEmpty {
            lines.append("")
            lines += HelpLayout.paragraphs(discussion)
        }
        let column = HelpLayout.column(for: (argumentRows + optionRows + globalRows).map(\.label))
        lines += section("Arguments:", argumentRows, column: column)
        lines += section("Options:", optionRows, column: column)
        lines += section("Global options:", globalRows, column: column)
        return lines
    }

    // MARK: - Pieces

    /// The exit statuses (README, "Exit codes"), each kept whole when wrapped.
    static let exitCodes: [String] = [
        "Exit", "codes:", "0 success,", "1 a check failed (a budget is over),", "64 usage error,",
        "65 bad input data,", "66 input not found,", "74 I/O or database error,",
        "75 temporary failure (try again).",
    ]

    private static func row(_ option: OptionSpec) -> (label: String, help: String) {
        (option.helpLabel, option.help)
    }

    /// A blank line, the heading and the rows; nothing when there are no rows.
    private func section(_ heading: String, _ rows: [(label: String, help: String)], column: Int) -> [String] {
        guard !rows.isEmpty else { return [] }
        return ["", heading] + HelpLayout.rows(rows, column: column)
    }

    /// The commands in table order, but with commands sharing a first word
    /// kept together where the first of them appears.
    private func clusteredCommands(_ commands: [CommandSpec]) -> [CommandSpec] {
        var firstWords: [String] = []
        for command in commands where !firstWords.contains(command.path.first ?? "") {
            firstWords.append(command.path.first ?? "")
        }
        return firstWords.flatMap { word in commands.filter { ($0.path.first ?? "") == word } }
    }
}
