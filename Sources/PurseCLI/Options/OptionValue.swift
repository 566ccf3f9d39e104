/// A value an option takes: one parsing function and one refusal, so every command that takes
/// the value reads it, and refuses a wrong one, the same way.
protocol OptionValue {
    /// The value `text` spells; nil when it spells none.
    static func parse(_ text: String) -> Self?
    /// The usage error's message when `parse` refused `text` given to `--option` (its long name).
    static func refusal(_ text: String, option: String) -> String
    /// The message for one item of a comma list (`--mcc 5411,x`); the refusal unless a type says otherwise.
    static func listRefusal(_ item: String, option: String) -> String
}

extension OptionValue {
    static func listRefusal(_ item: String, option: String) -> String {
        refusal(item, option: option)
    }

    /// The refusal of a value that is one of a few words, `choices` written out ("day, week or month").
    static func refusal(_ text: String, option: String, mustBe choices: String) -> String {
        "option '--\(option)' must be \(choices), not '\(text)'"
    }
}

/// A value that is one of a few words: the word itself.
extension OptionValue where Self: RawRepresentable, RawValue == String {
    static func parse(_ text: String) -> Self? { Self(rawValue: text) }
}

/// Free text (a name, a path): taken as given.
extension String: OptionValue {
    static func parse(_ text: String) -> String? { text }
    static func refusal(_ text: String, option: String) -> String { "" }
}

/// `--seed S`: any whole number that fits 64 bits.
extension UInt64: OptionValue {
    static func parse(_ text: String) -> UInt64? { UInt64(text) }
    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs a whole number, not '\(text)'"
    }
}
