extension ArgumentParser {
    /// Reads the option and positional tokens of a command line whose command
    /// words have already been taken out; the options are the command's own
    /// (first, so they win a clash of names) and the global ones.
    ///
    /// An option that takes a value takes the text after "=", else the next
    /// token when it is an argument (which includes `-` and negative numbers),
    /// else it is an error. Arguments become positionals, checked against
    /// `positionals`' counts.
    func readOptions(
        _ tokens: [ArgumentToken],
        commandOptions: [OptionSpec],
        positionals: [PositionalSpec],
        path: [String]
    ) throws(UsageError) -> (globals: GlobalOptions, command: ParsedCommand) {
        let options = commandOptions + globals
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var arguments: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .terminator:
                continue
            case .argument(let word):
                arguments.append(word)
            case .option(let option):
                guard let spec = lookUp(option, in: options) else {
                    throw unknownOption(option, among: options + builtins, path: path)
                }
                if spec.isFlag {
                    guard option.inlineValue == nil else {
                        throw usageError("option '\(spec.longSpelling)' does not take a value", for: path)
                    }
                    flags.insert(spec.name)
                    continue
                }
                let value = try self.value(of: option, spec: spec, tokens: tokens, index: &index, options: options, path: path)
                if values[spec.name] != nil, !spec.repeatable {
                    throw usageError("option '\(spec.longSpelling)' was given more than once", for: path)
                }
                values[spec.name, default: []].append(value)
            }
        }
        try checkCount(of: arguments, against: positionals, path: path)

        let globalOptions = takeGlobals(from: &values, flags: &flags, commandOptions: commandOptions)
        let command = ParsedCommand(path: path, positionals: arguments, values: values, flags: flags)
        return (globalOptions, command)
    }

    /// The value of an option that takes one: the text after "=", else the next token when it
    /// is an argument or an option word that names no option; `index` moves past what it took.
    private func value(
        of option: OptionToken,
        spec: OptionSpec,
        tokens: [ArgumentToken],
        index: inout Int,
        options: [OptionSpec],
        path: [String]
    ) throws(UsageError) -> String {
        if let inline = option.inlineValue {
            return inline
        } else if index < tokens.count, case .argument(let next) = tokens[index] {
            index += 1
            return next
        } else if index < tokens.count, case .option(let next) = tokens[index], next.isShort,
            next.name.count > 1, next.inlineValue == nil, lookUp(next, in: options + builtins) == nil
        {
            // A value such as `--sort -date` looks like an option but names none.
            index += 1
            return next.raw
        }
        throw usageError("option '\(option.spelling)' needs a value (\(spec.valueName ?? "VALUE"))", for: path)
    }

    /// The global options GlobalOptions has fields for leave the command's
    /// table, unless the command has an option of the same name.
    private func takeGlobals(
        from values: inout [String: [String]],
        flags: inout Set<String>,
        commandOptions: [OptionSpec]
    ) -> GlobalOptions {
        var globalOptions = GlobalOptions()
        func isGlobal(_ name: String) -> Bool {
            globals.contains { $0.name == name } && !commandOptions.contains { $0.name == name }
        }
        if isGlobal("db") { globalOptions.db = values.removeValue(forKey: "db")?.last }
        if isGlobal("tz") { globalOptions.tz = values.removeValue(forKey: "tz")?.last }
        if isGlobal("quiet") { globalOptions.quiet = flags.remove("quiet") != nil }
        if isGlobal("verbose") { globalOptions.verbose = flags.remove("verbose") != nil }
        if isGlobal("now") { globalOptions.now = values.removeValue(forKey: "now")?.last }
        return globalOptions
    }

    /// Throws when there are fewer arguments than the specs need or more than they take.
    private func checkCount(
        of arguments: [String],
        against specs: [PositionalSpec],
        path: [String]
    ) throws(UsageError) {
        let minimum = specs.reduce(0) { $0 + max($1.minCount, 0) }
        if arguments.count < minimum {
            var available = arguments.count
            var missing: [String] = []
            for spec in specs {
                let needed = max(spec.minCount, 0)
                let taken = min(needed, available)
                available -= taken
                if taken < needed, !missing.contains(spec.name) { missing.append(spec.name) }
            }
            let noun = missing.count == 1 ? "argument" : "arguments"
            throw usageError("missing \(noun) \(Self.quotedList(missing))", for: path)
        }
        var maximum = 0
        for spec in specs {
            guard let most = spec.maxCount else { return }
            maximum += most
        }
        if arguments.count > maximum {
            let extra = Array(arguments[maximum...])
            // A command that is also a group (`prices`, `prices import`): a word close to one of its
            // commands is a mistyped command, not an argument.
            if maximum == 0, !path.isEmpty, ClosestMatch.find(extra[0], among: nextWords(after: path)) != nil {
                throw unknownCommand(path + [extra[0]], path: path)
            }
            let noun = extra.count == 1 ? "argument" : "arguments"
            throw usageError("unexpected \(noun) \(Self.quotedList(extra))", for: path)
        }
    }

    /// "'A'", "'A' and 'B'", "'A', 'B' and 'C'".
    static func quotedList(_ items: [String]) -> String {
        let quoted = items.map { "'\($0)'" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + last
    }
}
