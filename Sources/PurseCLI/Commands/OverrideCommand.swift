import Analytics
import Foundation
import Ledger
import LedgerStore
import Rendering

/// `purse set`, `purse unset` and `purse split`: the user's corrections of one transaction,
/// kept apart from synced data by the transaction's ID, so every later sync keeps them.
enum OverrideCommand: PurseCommand {
    static let spec = CommandSpec(
        ["set"], summary: "Correct one transaction: its category, flow, note, tags, or exclude it.",
        discussion: """
            What is set here beats every rule and the built-in table, and is kept apart from synced data by \
            the transaction's ID: no sync, snapshot or compaction loses it, and a deleted transaction's \
            comes back with it. A unique start of the ID is enough.
            """,
        positionals: [transaction],
        options: [category, new, flow, note, tag, exclude, notAnomaly, person])

    /// TRANSACTION of `set`, `unset` and `split`.
    static let transaction = PositionalSpec("TRANSACTION", help: "The transaction's ID, or a unique start of it.")
    static let category = OptionSpec(
        "category", value: "NAME", help: "Its category, one purse knows (see 'purse categories'), or a new one with --new.")
    static let new = OptionSpec("new", help: "--category names a new category (no transaction, rule or budget uses it yet): create it.")
    static let flow = OptionSpec("flow", value: "FLOW", help: "Its flow: expense, income or transfer.")
    static let note = OptionSpec("note", value: "TEXT", help: "A note (an empty one removes it).")
    static let tag = OptionSpec("tag", value: "TAG", help: "Add a tag. Repeatable.", repeatable: true)
    static let exclude = OptionSpec("exclude", help: "Never count it (a reimbursed business expense, say).")
    static let notAnomaly = OptionSpec(
        "not-anomaly", help: "It is as it should be: 'report anomalies' and the summary never flag it (it still counts).")
    static let person = OptionSpec("person", value: "NAME", help: "Whose it is (beats a rule's person and the statement's).")

    enum Unset: PurseCommand {
        static let spec = CommandSpec(
            ["unset"], summary: "Remove what 'purse set' or 'purse split' set on a transaction (all of it without options).",
            positionals: [transaction],
            options: [category, flow, note, tag, exclude, notAnomaly, person, split])

        static let category = OptionSpec("category", help: "Remove the category.")
        static let flow = OptionSpec("flow", help: "Remove the flow.")
        static let note = OptionSpec("note", help: "Remove the note.")
        static let tag = OptionSpec("tag", value: "TAG", help: "Remove this tag. Repeatable.", repeatable: true)
        static let exclude = OptionSpec("exclude", help: "Count it again.")
        static let notAnomaly = OptionSpec("not-anomaly", help: "Let 'report anomalies' flag it again.")
        static let person = OptionSpec("person", help: "Remove the person (a rule's or the statement's applies again).")
        static let split = OptionSpec("split", help: "Remove the split.")

        static func run(_ context: CommandContext) throws { try unset(context) }
    }

    enum Split: PurseCommand {
        static let spec = CommandSpec(
            ["split"], summary: "Divide one expense or refund between categories.",
            discussion: """
                Only an expense or a refund can be split. At least two parts, each category once, with no more \
                decimals than the currency has; they must add up to the transaction's amount exactly. Each \
                category is one purse knows (see 'purse categories'), or new with --new. Reports then count each \
                part in its category. A category set with 'purse set --category' beats the split.
                """,
            positionals: [
                transaction,
                PositionalSpec("CATEGORY=AMOUNT", help: "A part, e.g. Groceries=42.50 (at least two).", minCount: 1, maxCount: nil),
            ],
            options: [new])

        static let new = OptionSpec(
            "new", help: "A CATEGORY purse does not know yet is a new category: create it (else a typo is refused).")

        static func run(_ context: CommandContext) throws { try split(context) }
    }

    static func run(_ context: CommandContext) throws { try set(context) }

    static func set(_ context: CommandContext) throws {
        let store = try context.openStore(.writeExisting)
        let category = try context.command.value(Self.category, as: NonEmptyText.self)?.text
        let flow = try context.command.value(Self.flow, as: Flow.self)
        let note = context.command.text(Self.note)
        let tags = try context.command.values(Self.tag, as: Tag.self).map(\.word)
        let exclude = context.command.has(Self.exclude)
        let notAnomaly = context.command.has(Self.notAnomaly)
        let person = try context.command.value(Self.person, as: NonEmptyText.self)?.text.trimmingCharacters(in: .whitespaces)
        guard category != nil || flow != nil || note != nil || !tags.isEmpty || exclude || notAnomaly || person != nil else {
            throw context.usageError("nothing to set: give --category, --flow, --note, --tag, --exclude, --not-anomaly or --person")
        }
        let (override, currency) = try store.transaction {
            let id = try transactionID(context, store: store, presentOnly: true)
            var override = try store.transactionOverride(id: id)
            if let category {
                override.category = try CategoryResolver.resolve(
                    category, store: store, context: context, allowNew: context.command.has(Self.new),
                    hint: "see 'purse categories'; --new creates it")
            }
            if let flow { override.flow = flow }
            if let note { override.note = note.isEmpty ? nil : note }
            // Tags are kept sorted, as they are stored.
            override.tags = Array(Set(override.tags + tags)).sorted()
            if exclude { override.isExcluded = true }
            if notAnomaly { override.isNotAnomaly = true }
            if let person { override.person = person }
            try store.saveTransactionOverride(override, now: context.now)
            return (override, try store.transactionAmount(id: id)?.currency)
        }
        context.note("Set on \(override.transactionID): \(summary(override, currency: currency))")
    }

    static func unset(_ context: CommandContext) throws {
        let store = try context.openStore(.writeExisting)
        let names = [Unset.category, Unset.flow, Unset.note, Unset.exclude, Unset.notAnomaly, Unset.person, Unset.split].filter(
            context.command.has
        ).map(\.name)
        let tags = try context.command.values(Unset.tag, as: String.self)
        let (override, currency) = try store.transaction {
            let id = try transactionID(context, store: store, presentOnly: false)
            var override = try store.transactionOverride(id: id)
            if names.isEmpty && tags.isEmpty {
                override = TransactionOverride(transactionID: id)
            }
            for name in names {
                switch name {
                case "category": override.category = nil
                case "flow": override.flow = nil
                case "note": override.note = nil
                case "exclude": override.isExcluded = false
                case "not-anomaly": override.isNotAnomaly = false
                case "person": override.person = nil
                default: override.split = []
                }
            }
            for tag in tags {
                guard let index = override.tags.firstIndex(of: tag) else {
                    throw context.usageError("transaction \(id) has no tag '\(tag)'")
                }
                override.tags.remove(at: index)
            }
            try store.saveTransactionOverride(override, now: context.now)
            return (override, try store.transactionAmount(id: id)?.currency)
        }
        context.note(
            "Unset on \(override.transactionID): "
                + (override.isEmpty ? "nothing is set any more" : "now " + summary(override, currency: currency)))
    }

    static func split(_ context: CommandContext) throws {
        let store = try context.openStore(.writeExisting)
        let (override, currency) = try store.transaction {
            let id = try transactionID(context, store: store, presentOnly: true)
            guard let (amount, currency, _) = try store.transactionAmount(id: id) else {
                throw context.usageError("no transaction has the ID '\(id)'")
            }
            // Reports count a split only in spending: on income or a transfer it would be kept and never shown.
            if let flow = try store.storedFlow(id: id), flow == .income || flow == .transfer {
                throw context.usageError(
                    "transaction \(id) is \(flow == .income ? "income" : "a transfer"): splits apply to expenses and refunds")
            }
            let parts: [TransactionOverride.Part]
            do {
                parts = try SplitParts.parse(Array(context.command.positionals.dropFirst()), amount: amount, currency: currency) {
                    try CategoryResolver.resolve(
                        $0, store: store, context: context, allowNew: context.command.has(Split.new),
                        hint: "see 'purse categories'; --new creates it")
                }
            } catch let refusal as SplitParts.Refusal {
                throw context.usageError(refusal.message)
            }
            var override = try store.transactionOverride(id: id)
            override.split = parts
            try store.saveTransactionOverride(override, now: context.now)
            return (override, currency)
        }
        context.note("Split \(override.transactionID): \(summary(override, currency: currency))")
    }

    /// The transaction the first positional names: its whole ID or a prefix of one transaction's
    /// ID (`presentOnly` false also finds a deleted transaction's dormant override).
    static func transactionID(_ context: CommandContext, store: LedgerStore, presentOnly: Bool) throws -> String {
        let prefix = context.command.positionals.first ?? ""
        guard !prefix.isEmpty else { throw context.usageError("TRANSACTION needs a transaction ID or the start of one") }
        let ids = try store.transactionIDs(startingWith: prefix, limit: 3, withOverrides: !presentOnly)
        if ids.contains(prefix) { return prefix }
        switch ids.count {
        case 0: throw context.usageError("no transaction ID starts with '\(prefix)' (see 'purse transactions')")
        case 1: return ids[0]
        default:
            throw context.usageError(
                "'\(prefix)' is the start of several transaction IDs (\(ids.prefix(2).joined(separator: ", ")), ...): give more of it")
        }
    }

    /// What is set, in a few words.
    static func summary(_ override: TransactionOverride, currency: String?) -> String {
        var parts: [String] = []
        if override.isExcluded { parts.append("excluded") }
        if override.isNotAnomaly { parts.append("not an anomaly") }
        if let category = override.category { parts.append("category \(category)") }
        if let flow = override.flow { parts.append("flow \(flow.rawValue)") }
        if let person = override.person { parts.append("person \(person)") }
        if !override.split.isEmpty {
            let amounts = override.split.map { part in
                currency.map { MoneyFormat.text(part.amount, currency: $0) } ?? MoneyFormat.machine(part.amount, currency: "")
            }
            parts.append("split " + zip(override.split, amounts).map { "\($0.category) \($1)" }.joined(separator: ", "))
        }
        if let note = override.note { parts.append("note \"\(note)\"") }
        if !override.tags.isEmpty { parts.append("tags " + override.tags.joined(separator: ";")) }
        return parts.joined(separator: ", ")
    }
}
