import Foundation

/// `--tag`: one word of a transaction's tags, trimmed; `;` separates tags where they are stored.
struct Tag: Equatable, OptionValue {
    let word: String

    static func parse(_ text: String) -> Tag? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed.contains(";") ? nil : Tag(word: trimmed)
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs a word without ';', not '\(text)'"
    }
}
