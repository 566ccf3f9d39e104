extension ArgumentParser {
    /// Mistakes in the command and option tables, one sentence each; empty
    /// when the tables are sound. The parser works with any tables, but these
    /// would make it ambiguous, so a test of the real tables should expect [].
    package func specificationProblems() -> [String] {
        var problems: [String] = []
        problems += optionProblems(globals + builtins, in: "the global options")
        var seen: [[String]] = []
        for command in commands {
            let name = "'\(command.name)'"
            if command.path.isEmpty || command.path.contains(where: { $0.isEmpty || $0.hasPrefix("-") }) {
                problems.append("command \(name) has an empty word or a word starting with '-'")
            }
            if command.path.first == "help" {
                problems.append("command \(name) hides the built-in 'help' command")
            }
            if seen.contains(command.path) {
                problems.append("command \(name) is defined more than once")
            }
            seen.append(command.path)
            problems += optionProblems(command.options + globals(of: command) + builtins, in: "command \(name)")
            for (index, positional) in command.positionals.enumerated() {
                if positional.minCount < 0 || (positional.maxCount.map { $0 < positional.minCount } ?? false) {
                    problems.append("argument '\(positional.name)' of command \(name) has impossible counts")
                }
                if positional.maxCount != positional.minCount, index < command.positionals.count - 1 {
                    problems.append(
                        "argument '\(positional.name)' of command \(name) takes a varying count but is not last")
                }
            }
        }
        return problems
    }

    private func optionProblems(_ options: [OptionSpec], in place: String) -> [String] {
        var problems: [String] = []
        var names: Set<String> = []
        var shorts: Set<Character> = []
        for option in options {
            if option.name.isEmpty || option.name.hasPrefix("-")
                || option.name.contains(where: { $0 == "=" || $0 == " " })
            {
                problems.append("option '\(option.name)' in \(place) is not a valid long name")
            }
            if !names.insert(option.name).inserted {
                problems.append("option '--\(option.name)' is defined more than once in \(place)")
            }
            if let short = option.short {
                if !(short.isLetter && short.isASCII) {
                    problems.append("option '--\(option.name)' in \(place) has short name '\(short)', not a letter")
                }
                if !shorts.insert(short).inserted {
                    problems.append("short option '-\(short)' is defined more than once in \(place)")
                }
            }
        }
        return problems
    }
}
