/// The hand-written command-line parser: a pure function from the words after
/// the program name to an `Invocation`, driven by the command and option
/// tables that also generate the help text.
///
/// - Global options are accepted before and after the command's words.
/// - A command's words are the longest run of leading words that names a
///   command (`export transactions`, `report spending`); the words after it
///   are positionals.
/// - Words that name only a group (`purse report`) ask for the group's help.
/// - `--help`/`-h` anywhere before `--` asks for help about the command named
///   (even when the rest of the line has errors); `--version` for the version;
///   `purse help [COMMAND...]` also asks for help.
package struct ArgumentParser: Sendable {
    package let commands: [CommandSpec]
    package let globals: [OptionSpec]

    /// `-h, --help`: accepted everywhere, listed with the global options.
    package static let helpOption = OptionSpec("help", short: "h", help: "Show this help.")
    /// `--version`: accepted everywhere, listed in the top-level help.
    package static let versionOption = OptionSpec("version", help: "Show the version.")

    /// - Parameters:
    ///   - commands: every command, in the order the command list shows them.
    ///   - globals: the options every command accepts; the ones named db, tz, quiet
    ///     and verbose fill `GlobalOptions`, any others reach the command's
    ///     `ParsedCommand` like its own options.
    package init(commands: [CommandSpec], globals: [OptionSpec] = GlobalOptions.options) {
        self.commands = commands
        self.globals = globals
    }

    /// The global options `command` takes: all but those it has an option of the same name for
    /// (`accounts set --tz` is the account's zone, not the report's).
    func globals(of command: CommandSpec) -> [OptionSpec] {
        globals.filter { global in !command.options.contains { $0.name == global.name } }
    }

    /// Parses the command line (without the program name).
    package func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let tokens = ArgumentLexer.tokens(arguments)
        let builtin = firstBuiltin(in: tokens)
        let resolution = try resolve(tokens, lenient: builtin != nil)

        switch builtin {
        case .help?: return .help(path: resolution.target.path)
        case .version?: return .version
        case nil: break
        }

        let rest = Array(tokens[..<resolution.words.lowerBound] + tokens[resolution.words.upperBound...])
        switch resolution.target {
        case .root:
            _ = try readOptions(rest, commandOptions: [], positionals: [], path: [])
            return .help(path: [])
        case .topic(let path):
            _ = try readOptions(rest, commandOptions: [], positionals: [], path: [])
            return .help(path: path)
        case .group(let path):
            for case .option(let option) in rest where lookUp(option, in: globals + builtins) == nil {
                throw usageError("'\(path.joined(separator: " "))' needs a subcommand", for: path)
            }
            _ = try readOptions(rest, commandOptions: [], positionals: [], path: path)
            return .help(path: path)
        case .command(let command):
            let read = try readOptions(
                rest, commandOptions: command.options, positionals: command.positionals, path: command.path)
            return .run(read.globals, read.command)
        }
    }

    /// A usage error about `path`, with its usage line: for checks the
    /// commands make after parsing (e.g. a malformed month).
    package func usageError(_ message: String, suggestions: [String] = [], for path: [String]) -> UsageError {
        UsageError(message: message, suggestions: suggestions, commandPath: path, usage: usageLine(for: path))
    }

    // MARK: - Tables

    var builtins: [OptionSpec] { [Self.helpOption, Self.versionOption] }

    /// The command whose words are exactly `path`.
    func command(at path: [String]) -> CommandSpec? {
        commands.first { $0.path == path }
    }

    /// True when `path` is the start of some command's words (or all of them).
    func isPrefix(_ path: [String]) -> Bool {
        commands.contains { $0.path.starts(with: path) }
    }

    /// The distinct words that can follow `path`, in table order.
    func nextWords(after path: [String]) -> [String] {
        var words: [String] = []
        for command in commands where command.path.count > path.count && command.path.starts(with: path) {
            let word = command.path[path.count]
            if !words.contains(word) { words.append(word) }
        }
        return words
    }

    /// The option `token` names among `options`, by long name or short letter.
    func lookUp(_ token: OptionToken, in options: [OptionSpec]) -> OptionSpec? {
        if token.isShort {
            guard token.name.count == 1, let letter = token.name.first else { return nil }
            return options.first { $0.short == letter }
        }
        return options.first { $0.name == token.name }
    }

    // MARK: - Built-in options

    private enum Builtin { case help, version }

    /// The first `--help`/`-h` or `--version` before any `--`.
    private func firstBuiltin(in tokens: [ArgumentToken]) -> Builtin? {
        for token in tokens {
            switch token {
            case .terminator:
                return nil
            case .option(let option):
                if let spec = lookUp(option, in: builtins) {
                    return spec.name == Self.helpOption.name ? .help : .version
                }
            case .argument:
                continue
            }
        }
        return nil
    }

    // MARK: - Finding the command

    private enum Target {
        case root
        case command(CommandSpec)
        case group([String])
        case topic([String])

        var path: [String] {
            switch self {
            case .root: []
            case .command(let command): command.path
            case .group(let path), .topic(let path): path
            }
        }
    }

    private struct Resolution {
        var target: Target
        /// The token indices of the words that named the target.
        var words: Range<Int>
    }

    /// Skips the leading global options and finds which command, group or
    /// help topic the words name. With `lenient`, unknown leading options are
    /// skipped instead of reported (help or version was asked for).
    private func resolve(_ tokens: [ArgumentToken], lenient: Bool) throws(UsageError) -> Resolution {
        let leading = globals + builtins
        var index = 0
        while index < tokens.count, case .option(let option) = tokens[index] {
            index += 1
            if let spec = lookUp(option, in: leading) {
                if !spec.isFlag, option.inlineValue == nil, index < tokens.count,
                    case .argument = tokens[index]
                {
                    index += 1
                }
            } else if !lenient {
                throw unknownOption(option, among: leading, path: [])
            }
        }

        let start = index
        var words: [String] = []
        while index < tokens.count, case .argument(let word) = tokens[index] {
            words.append(word)
            index += 1
        }
        guard let first = words.first else {
            return Resolution(target: .root, words: start..<start)
        }

        if first == "help", !isPrefix(["help"]) {
            // `purse help help` is the top-level help, like `purse help`.
            let topic = words.count == 2 && words[1] == "help" ? [] : Array(words.dropFirst())
            let depth = prefixDepth(topic)
            if depth < topic.count {
                throw unknownCommand(Array(topic[...depth]), path: Array(topic[..<depth]))
            }
            return Resolution(target: .topic(topic), words: start..<(start + words.count))
        }

        let depth = prefixDepth(words)
        if depth == 0 {
            throw unknownCommand([first], path: [])
        }
        // The longest run of words, within the known prefix, that is a command.
        for count in stride(from: depth, through: 1, by: -1) {
            if let command = command(at: Array(words[..<count])) {
                return Resolution(target: .command(command), words: start..<(start + count))
            }
        }
        let group = Array(words[..<depth])
        if depth < words.count {
            throw unknownCommand(Array(words[...depth]), path: group)
        }
        return Resolution(target: .group(group), words: start..<(start + depth))
    }

    /// How many of the leading `words` are the start of some command's words.
    private func prefixDepth(_ words: [String]) -> Int {
        var depth = 0
        while depth < words.count, isPrefix(Array(words[...depth])) {
            depth += 1
        }
        return depth
    }
}
