/// A rule's number as `rules list` shows it: `3` or `#3`.
struct RuleNumber: Equatable, OptionValue {
    let id: Int64

    static func parse(_ text: String) -> RuleNumber? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        return Int64(digits).flatMap { $0 > 0 ? RuleNumber(id: $0) : nil }
    }

    static func refusal(_ text: String, option: String) -> String {
        "a rule number is a whole number such as 3 (see 'purse rules list'), not '\(text)'"
    }
}
