import Foundation

/// Text that must say something (a rule's merchant, a category name): a blank value is a mistake.
struct NonEmptyText: Equatable, OptionValue {
    let text: String

    static func parse(_ text: String) -> NonEmptyText? {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : NonEmptyText(text: text)
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs some text, not an empty value"
    }
}
