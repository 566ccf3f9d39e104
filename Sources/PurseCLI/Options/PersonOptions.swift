import Foundation

/// `--person NAME` of `report spending`, `explain`, `transactions` and `export transactions`:
/// only the transactions of these people (README, "People").
enum PersonOptions {
    static let person = OptionSpec(
        "person", value: "NAME", help: "Only this person's transactions (the name in any case). Repeatable.", repeatable: true)

    /// The names given (a blank one, which would match nobody, is a usage error).
    static func names(_ context: CommandContext) throws -> [String] {
        try context.command.values(person, as: NonEmptyText.self).map { $0.text.trimmingCharacters(in: .whitespaces) }
    }
}
