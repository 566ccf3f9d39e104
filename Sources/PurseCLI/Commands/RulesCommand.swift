import Analytics
import Foundation
import Ledger
import LedgerStore
import Rendering

/// `purse rules add|list|remove`: the user's overrides of category and flow. Rules apply
/// oldest first and the first that matches wins, before the built-in table.
enum RulesCommand {
    /// The flows a rule or an override may set: an expense is a refund when it is a credit.
    static let flows: [Flow] = [.expense, .income, .transfer]

    /// `--flow`'s value, checked.
    static func flow(_ context: CommandContext) throws -> Flow? {
        guard let text = context.command.value("flow") else { return nil }
        guard let flow = Flow(rawValue: text), flows.contains(flow) else {
            throw context.usageError("option '--flow' must be expense, income or transfer, not '\(text)'")
        }
        return flow
    }

    static func add(_ context: CommandContext) throws {
        func text(_ name: String) throws -> String? {
            guard let value = context.command.value(name) else { return nil }
            guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw context.usageError("option '--\(name)' needs some text, not an empty value")
            }
            return value
        }
        let merchant = try text("merchant")
        let description = try text("description")
        var code: Int?
        if let codeText = context.command.value("mcc") {
            guard let number = Int(codeText), (0...9999).contains(number) else {
                throw context.usageError("option '--mcc' needs a code from 0 to 9999, not '\(codeText)'")
            }
            code = number
        }
        var category = try text("category")
        let flow = try flow(context)
        var rule = UserRule(merchant: merchant, description: description, merchantCategoryCode: code, flow: flow)
        rule.descriptionRegex = try text("description-regex")
        if let pattern = rule.descriptionRegex {
            do {
                _ = try NSRegularExpression(pattern: pattern)
            } catch {
                throw context.usageError("option '--description-regex' needs a regular expression, not '\(pattern)'")
            }
        }
        rule.type = try context.enumerations("type", TransactionType.self).first
        if let direction = context.command.value("direction") {
            guard let indicator = CreditDebitIndicator(rawValue: direction) else {
                throw context.usageError("option '--direction' must be credit or debit, not '\(direction)'")
            }
            rule.direction = indicator
        }
        rule.amountMin = try amount(context, "amount-min")
        rule.amountMax = try amount(context, "amount-max")
        if let minimum = rule.amountMin, let maximum = rule.amountMax, minimum > maximum {
            throw context.usageError("option '--amount-min' must not be more than '--amount-max'")
        }
        let store = try context.openStore(.create)
        if let account = context.command.value("account") {
            rule.accountID = try AccountResolver.resolve(account, among: try store.ledgerAccounts(), context: context)
        }
        guard rule.hasMatcher else {
            throw context.usageError(
                "a rule needs something to match: --merchant, --description, --description-regex, --mcc, --account, --type, "
                    + "--direction, --amount-min or --amount-max")
        }
        guard category != nil || flow != nil else {
            throw context.usageError("a rule needs something to set: --category or --flow")
        }
        let rules = try store.rules()
        // A category already known under another case keeps its spelling, so "groceries" feeds
        // the built-in "Groceries" instead of starting a category of its own.
        if let given = category {
            let known = SpendingCategory.all + [SpendingCategory.income, SpendingCategory.transfers] + rules.compactMap(\.category)
            category = known.first { $0.lowercased() == given.lowercased() } ?? given
        }
        rule.category = category
        rule.id = try store.transaction { try store.addRule(rule, now: context.now) }
        context.note("Added rule #\(rule.id): \(RulesRendering.summary(row(rule, accounts: try store.ledgerAccounts())))")
    }

    static func list(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let rules = try context.reading { store in
            let accounts = try store.ledgerAccounts()
            return try store.rules().map { row($0, accounts: accounts) }
        }
        try context.writingData { sink in
            switch format {
            case .csv: RulesRendering.csv(rules, write: sink.write)
            case .json: sink.write(RulesRendering.json(rules).pretty + "\n")
            case .text: sink.write(RulesRendering.text(rules))
            }
        }
    }

    static func remove(_ context: CommandContext) throws {
        let text = context.command.positionals.first ?? ""
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard let id = Int64(digits), id > 0 else {
            throw context.usageError("a rule number is a whole number such as 3 (see 'purse rules list'), not '\(text)'")
        }
        let store = try context.openStore(.writeExisting)
        guard try store.transaction({ try store.removeRule(id: id) }) else {
            throw context.usageError("there is no rule #\(id) (see 'purse rules list')")
        }
        context.note("Removed rule #\(id)")
    }

    /// `rules move ID --before ID2` or `--to N`: the rule's new place in the order rules apply.
    static func move(_ context: CommandContext) throws {
        let id = try ruleNumber(context, context.command.positionals.first ?? "")
        let before = try context.command.value("before").map { try ruleNumber(context, $0) }
        let position = try context.integer("to", minimum: 1)
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
            context, options: { try ReportPeriod(context: context) },
            analyse: { store, period in
                try RuleTestAnalysis.report(store, scope: try period.scope(context: context, store: store), months: period.months)
            }, text: RuleTestRendering.text, csv: RuleTestRendering.csv, json: RuleTestRendering.json)
    }

    /// `3` or `#3`.
    static func ruleNumber(_ context: CommandContext, _ text: String) throws -> Int64 {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard let id = Int64(digits), id > 0 else {
            throw context.usageError("a rule number is a whole number such as 3 (see 'purse rules list'), not '\(text)'")
        }
        return id
    }

    /// A bound of `--amount-min`/`--amount-max`, unsigned, in any currency.
    static func amount(_ context: CommandContext, _ name: String) throws -> Int64? {
        guard let text = context.command.value(name) else { return nil }
        guard let units = try? Money.parseUnits(text, allowSign: false) else {
            throw context.usageError("option '--\(name)' needs an amount such as 9.99, not '\(text)'")
        }
        return units
    }

    static func row(_ rule: UserRule, accounts: [LedgerAccount]) -> RulesRendering.Rule {
        RulesRendering.Rule(
            id: rule.id, merchant: rule.merchant, description: rule.description,
            merchantCategoryCode: rule.merchantCategoryCode, category: rule.category, flow: rule.flow,
            descriptionRegex: rule.descriptionRegex,
            account: rule.accountID.map { id in (id, accounts.first { $0.id == id }?.displayName ?? id) },
            type: rule.type?.rawValue, direction: rule.direction?.rawValue, amountMin: rule.amountMin, amountMax: rule.amountMax)
    }
}
