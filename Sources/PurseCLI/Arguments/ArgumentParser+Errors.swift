extension ArgumentParser {
    /// "unknown option '--mnth'", suggesting the closest long option of `options`.
    func unknownOption(_ option: OptionToken, among options: [OptionSpec], path: [String]) -> UsageError {
        let names = options.map(\.name)
        let suggestion = ClosestMatch.find(option.name, among: names).map { "--" + $0 }
        return usageError("unknown option '\(option.spelling)'", suggestions: suggestion.map { [$0] } ?? [], for: path)
    }

    /// "unknown command 'report spendng'", where `words` are the words typed up
    /// to the first unknown one and `path` the known group before it. Suggests
    /// the closest command word after `path`; at the top level, failing that,
    /// a command whose last word is close ("spending" -> "report spending").
    func unknownCommand(_ words: [String], path: [String]) -> UsageError {
        let typed = words.last ?? ""
        var choices = nextWords(after: path)
        if path.isEmpty { choices.append("help") }
        choices.removeAll { $0 == typed }  // `purse help help sync`: 'help' is no topic.
        var suggestion = ClosestMatch.find(typed, among: choices).map { (path + [$0]).joined(separator: " ") }
        if suggestion == nil, path.isEmpty {
            let lastWords = commands.compactMap { $0.path.count > 1 ? $0.path.last : nil }
            if let match = ClosestMatch.find(typed, among: lastWords),
                let command = commands.first(where: { $0.path.count > 1 && $0.path.last == match })
            {
                suggestion = command.name
            }
        }
        return usageError(
            "unknown command '\(words.joined(separator: " "))'", suggestions: suggestion.map { [$0] } ?? [], for: path)
    }
}
