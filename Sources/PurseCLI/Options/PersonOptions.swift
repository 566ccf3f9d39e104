import Foundation
import LedgerStore

/// `--person NAME` of `report spending`, `explain`, `transactions` and `export transactions`:
/// only the transactions of these people (README, "People").
enum PersonOptions {
    static let person = OptionSpec(
        "person", value: "NAME", help: "Only this person's transactions (the name in any case). Repeatable.", repeatable: true)

    /// The names given (a blank one, which would match nobody, is a usage error).
    static func names(_ context: CommandContext) throws -> [String] {
        try context.command.values(person, as: NonEmptyText.self).map { $0.text.trimmingCharacters(in: .whitespaces) }
    }

    /// `names`, each one a person the ledger knows (named by a statement, a rule or `purse set`),
    /// so a typo is a usage error with the closest names instead of an empty report.
    static func known(_ names: [String], store: LedgerStore, context: CommandContext) throws -> [String] {
        guard !names.isEmpty else { return [] }
        let known =
            try store.statementPeople().map(\.person) + store.rules().compactMap(\.person)
            + store.transactionOverrides().values.compactMap(\.person)
        let folded = Set(known.map { $0.lowercased() })
        for name in names where !folded.contains(name.lowercased()) {
            var unique: [String] = []
            for name in known.sorted() where !unique.contains(name) { unique.append(name) }
            throw context.usageError(
                "no transaction is of '\(name)' (see 'purse report spending --by person')",
                suggestions: ClosestMatch.closest(name, among: unique))
        }
        return names
    }
}
