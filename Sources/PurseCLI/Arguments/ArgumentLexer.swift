/// Splits command-line words into tokens by their shape alone:
///
/// - `--` ends the options: every later word is an argument, even `-x`.
/// - `--name=value` and `--name` are long options; `-x` is a short option.
/// - A lone `-` (stdin) and a negative number (`-5`, `-12.50`, `-1,234.50`, `-.5`)
///   are arguments, so they can be option values and positionals.
/// - Any other word starting with `-` (such as `-xyz`) is an option token the
///   parser will not know; `-xvalue` is not supported.
/// - Everything else is an argument.
///
/// Whether an argument is an option's value is decided by the parser, which
/// knows which options take one.
package enum ArgumentLexer {
    package static func tokens(_ arguments: [String]) -> [ArgumentToken] {
        var tokens: [ArgumentToken] = []
        tokens.reserveCapacity(arguments.count)
        var optionsEnded = false
        for word in arguments {
            if optionsEnded {
                tokens.append(.argument(word))
            } else if word == "--" {
                optionsEnded = true
                tokens.append(.terminator)
            } else {
                tokens.append(token(word))
            }
        }
        return tokens
    }

    /// The token for one word outside the terminated part.
    static func token(_ word: String) -> ArgumentToken {
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                return .option(
                    OptionToken(
                        raw: word,
                        name: String(body[..<equals]),
                        isShort: false,
                        inlineValue: String(body[body.index(after: equals)...])
                    ))
            }
            return .option(OptionToken(raw: word, name: String(body), isShort: false))
        }
        if word.hasPrefix("-"), word != "-", !isNegativeNumber(word) {
            return .option(OptionToken(raw: word, name: String(word.dropFirst()), isShort: true))
        }
        return .argument(word)
    }

    /// True for `-` followed by a digit or a point, then only digits, points
    /// and commas, with at least one digit: `-5`, `-12.50`, `-.5`, `-1,234.50`.
    static func isNegativeNumber(_ word: String) -> Bool {
        guard word.hasPrefix("-") else { return false }
        let body = word.dropFirst()
        guard let first = body.first, isDigit(first) || first == "." else { return false }
        var sawDigit = false
        for character in body {
            if isDigit(character) {
                sawDigit = true
            } else if character != "." && character != "," {
                return false
            }
        }
        return sawDigit
    }

    private static func isDigit(_ character: Character) -> Bool {
        ("0"..."9").contains(character)
    }
}
