/// A bank CSV's field separator: one character, or `tab`; never a quote or a line break.
struct FieldDelimiter: Equatable, OptionValue {
    let character: Character

    static func parse(_ text: String) -> FieldDelimiter? {
        let delimiter = text == "tab" ? "\t" : text
        guard delimiter.count == 1, let character = delimiter.first, character != "\"", !character.isNewline else { return nil }
        return FieldDelimiter(character: character)
    }

    static func refusal(_ text: String, option: String) -> String {
        "--\(option) takes one character (or tab), not '\(text)'"
    }
}
