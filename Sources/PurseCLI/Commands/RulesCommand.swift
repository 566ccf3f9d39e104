import Analytics
import Foundation
import Ledger
import LedgerStore
import Rendering

/// `purse rules add|list|remove`: the user's overrides of category and flow. Rules apply
/// oldest first and the first that matches wins, before the built-in table.
enum RulesCommand {
    enum Add: PurseCommand {
        static let spec = CommandSpec(
            ["rules", "add"], summary: "Add a rule: matching transactions get a category, flow, merchant name, tag or person.",
            options: [
                merchant, description, descriptionRegex, mcc, account, type, direction, amountMin, amountMax, category, flow,
                rename, tag, person,
            ])
        static let merchant = OptionSpec("merchant", value: "TEXT", help: "Match merchant names containing TEXT, ignoring case.")
        static let description = OptionSpec("description", value: "TEXT", help: "Match descriptions containing TEXT, ignoring case.")
        static let descriptionRegex = OptionSpec(
            "description-regex", value: "RE", help: "Match descriptions in which the regular expression RE finds a match, ignoring case.")
        static let mcc = OptionSpec("mcc", value: "N", help: "Match this merchant category code.")
        static let account = OptionSpec("account", value: "ACCOUNT", help: "Match this account: its ID or display name.")
        static let type = OptionSpec("type", value: "TYPE", help: "Match this FinanceKit transaction type, e.g. directDebit.")
        static let direction = OptionSpec("direction", value: "DIR", help: "Match credits or debits: credit or debit.")
        static let amountMin = OptionSpec(
            "amount-min", value: "X", help: "Match amounts of at least X (unsigned, in the transaction's currency).")
        static let amountMax = OptionSpec(
            "amount-max", value: "X", help: "Match amounts of at most X (unsigned, in the transaction's currency).")
        static let category = OptionSpec("category", value: "NAME", help: "Set the category.")
        static let flow = OptionSpec("flow", value: "FLOW", help: "Set the flow: expense, income or transfer.")
        static let rename = OptionSpec("rename", value: "NAME", help: "Show, group and follow the merchant as NAME.")
        static let tag = OptionSpec("tag", value: "NAME", help: "Add the tag NAME (every matching rule's tag adds up).")
        static let person = OptionSpec("person", value: "NAME", help: "Put the spending down to NAME (the first such rule wins).")

        static func run(_ context: CommandContext) throws { try add(context) }
    }

    enum List: PurseCommand {
        static let spec = CommandSpec(
            ["rules", "list"], summary: "The rules, in the order they apply.",
            options: OutputOptions.listing)

        static func run(_ context: CommandContext) throws { try list(context) }
    }

    enum Remove: PurseCommand {
        static let spec = CommandSpec(
            ["rules", "remove"], summary: "Remove a rule by its number.",
            positionals: [RulesCommand.ruleID])

        static func run(_ context: CommandContext) throws { try remove(context) }
    }

    enum Move: PurseCommand {
        static let spec = CommandSpec(
            ["rules", "move"], summary: "Change where a rule comes in the order rules apply.",
            positionals: [RulesCommand.ruleID],
            options: [before, to])
        static let before = OptionSpec("before", value: "ID2", help: "Put it just before rule ID2.")
        static let to = OptionSpec("to", value: "N", help: "Put it at place N (1 is first).")

        static func run(_ context: CommandContext) throws { try move(context) }
    }

    enum Test: PurseCommand {
        static let spec = CommandSpec(
            ["rules", "test"], summary: "What each rule changes in a period (count and amount per category), changing nothing.",
            options: ScopeOptions.options + OutputOptions.report)

        static func run(_ context: CommandContext) throws { try test(context) }
    }

    /// ID of `rules remove` and `rules move`.
    static let ruleID = PositionalSpec("ID", help: "The rule's number, from 'purse rules list'.")

    static func add(_ context: CommandContext) throws {
        func text(_ option: OptionSpec) throws -> String? {
            try context.command.value(option, as: NonEmptyText.self)?.text
        }
        let merchant = try text(Add.merchant)
        let description = try text(Add.description)
        let code = try context.command.value(Add.mcc, as: MerchantCategoryCode.self)?.code
        var category = try text(Add.category)
        let flow = try context.command.value(Add.flow, as: Flow.self)
        var rule = UserRule(merchant: merchant, description: description, merchantCategoryCode: code, flow: flow)
        rule.descriptionRegex = try text(Add.descriptionRegex)
        rule.rename = try text(Add.rename)
        rule.tag = try context.command.value(Add.tag, as: Tag.self)?.word
        rule.person = try text(Add.person)?.trimmingCharacters(in: .whitespaces)
        if let pattern = rule.descriptionRegex {
            do {
                _ = try NSRegularExpression(pattern: pattern)
            } catch {
                throw context.usageError("option '--description-regex' needs a regular expression, not '\(pattern)'")
            }
        }
        rule.type = try context.command.list(Add.type, as: TransactionType.self).first
        rule.direction = try context.command.value(Add.direction)
        rule.amountMin = try context.command.value(Add.amountMin, as: UnsignedAmount.self)?.units
        rule.amountMax = try context.command.value(Add.amountMax, as: UnsignedAmount.self)?.units
        if let minimum = rule.amountMin, let maximum = rule.amountMax, minimum > maximum {
            throw context.usageError("option '--amount-min' must not be more than '--amount-max'")
        }
        let store = try context.openStore(.create)
        if let account = context.command.text(Add.account) {
            rule.accountID = try AccountResolver.resolve(account, among: try store.ledgerAccounts(), context: context)
        }
        guard rule.hasMatcher else {
            throw context.usageError(
                "a rule needs something to match: --merchant, --description, --description-regex, --mcc, --account, --type, "
                    + "--direction, --amount-min or --amount-max")
        }
        guard category != nil || flow != nil || rule.rename != nil || rule.tag != nil || rule.person != nil else {
            throw context.usageError("a rule needs something to set: --category, --flow, --rename, --tag or --person")
        }
        let rules = try store.rules()
        // A category already known under another case keeps its spelling, so "groceries" feeds
        // the built-in "Groceries" instead of starting a category of its own.
        if let given = category {
            let known = SpendingCategory.all + [SpendingCategory.income, SpendingCategory.transfers] + rules.compactMap(\.category)
            category = known.first { $0.lowercased() == given.lowercased() } ?? given
            if !known.contains(category ?? given), let group = try store.categoryGroups().name(matching: given) {
                throw context.usageError("'\(group)' is a category group, not a category (see 'purse categories')")
            }
        }
        rule.category = category
        rule.id = try store.transaction { try store.addRule(rule, now: context.now) }
        context.note("Added rule #\(rule.id): \(RulesRendering.summary(row(rule, accounts: try store.ledgerAccounts())))")
    }

    static func list(_ context: CommandContext) throws {
        try ReportRunner.list(context, read: rows, text: RulesRendering.text, csv: RulesRendering.csv, json: RulesRendering.json)
    }

    /// The rules in the order they apply, each with its account's name.
    static func rows(_ store: LedgerStore) throws -> [RulesRendering.Rule] {
        let accounts = try store.ledgerAccounts()
        return try store.rules().map { row($0, accounts: accounts) }
    }

    static func remove(_ context: CommandContext) throws {
        let id = try ruleNumber(context, context.command.positionals.first ?? "")
        let store = try context.openStore(.writeExisting)
        guard try store.transaction({ try store.removeRule(id: id) }) else {
            throw context.usageError("there is no rule #\(id) (see 'purse rules list')")
        }
        context.note("Removed rule #\(id)")
    }

    /// `rules move ID --before ID2` or `--to N`: the rule's new place in the order rules apply.
    static func move(_ context: CommandContext) throws {
        let id = try ruleNumber(context, context.command.positionals.first ?? "")
        let before = try context.command.value(Move.before, as: RuleNumber.self)?.id
        let position = try context.command.value(Move.to, as: PositiveCount.self)?.value
        guard (before == nil) != (position == nil) else {
            throw context.usageError("give either --before ID or --to N")
        }
        let store = try context.openStore(.writeExisting)
        let order = try store.transaction {
            var order = try store.rules().map(\.id)
            guard let from = order.firstIndex(of: id) else {
                throw context.usageError("there is no rule #\(id) (see 'purse rules list')")
            }
            order.remove(at: from)
            if let before {
                guard let target = order.firstIndex(of: before) else {
                    throw context.usageError(
                        before == id ? "a rule cannot move before itself" : "there is no rule #\(before) (see 'purse rules list')")
                }
                order.insert(id, at: target)
            } else if let position {
                order.insert(id, at: min(position, order.count + 1) - 1)
            }
            try store.reorderRules(order)
            return order
        }
        context.note("Moved rule #\(id) to place \(order.firstIndex(of: id)! + 1) of \(order.count)")
    }

    /// `rules test [scope]`: what each rule changes, nothing written.
    static func test(_ context: CommandContext) throws {
        try ReportRunner.run(
            context, onPeriod: RuleTestAnalysis.report, text: RuleTestRendering.text, csv: RuleTestRendering.csv,
            json: RuleTestRendering.json)
    }

    /// `3` or `#3`.
    static func ruleNumber(_ context: CommandContext, _ text: String) throws -> Int64 {
        guard let number = RuleNumber.parse(text) else { throw context.usageError(RuleNumber.refusal(text, option: "")) }
        return number.id
    }

    static func row(_ rule: UserRule, accounts: [LedgerAccount]) -> RulesRendering.Rule {
        RulesRendering.Rule(
            id: rule.id, merchant: rule.merchant, description: rule.description,
            merchantCategoryCode: rule.merchantCategoryCode, category: rule.category, flow: rule.flow,
            descriptionRegex: rule.descriptionRegex,
            account: rule.accountID.map { id in (id, accounts.first { $0.id == id }?.displayName ?? id) },
            type: rule.type?.rawValue, direction: rule.direction?.rawValue, amountMin: rule.amountMin, amountMax: rule.amountMax,
            rename: rule.rename, tag: rule.tag, person: rule.person)
    }
}
