import Foundation

/// An email's address (`report summary --to`, `--from`): one line, something@something or
/// `Name <address>`, trimmed.
struct MailAddress: Equatable, OptionValue {
    let text: String

    static func parse(_ text: String) -> MailAddress? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }), trimmed.contains("@") else {
            return nil
        }
        return MailAddress(text: trimmed)
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs a mail address such as you@example.com or 'Ana <ana@example.com>', not '\(text)'"
    }
}
