import Analytics
import Foundation
import LedgerStore
import Rendering

/// `purse rules add|list|remove`: the user's overrides of category and flow. Rules apply
/// oldest first and the first that matches wins, before the built-in table.
enum RulesCommand {
    static let flows = ["expense", "income", "transfer"]

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
        let flow = context.command.value("flow")
        if let flow, !flows.contains(flow) {
            throw context.usageError("option '--flow' must be expense, income or transfer, not '\(flow)'")
        }
        guard merchant != nil || description != nil || code != nil else {
            throw context.usageError("a rule needs something to match: --merchant, --description or --mcc")
        }
        guard category != nil || flow != nil else {
            throw context.usageError("a rule needs something to set: --category or --flow")
        }
        let store = try context.openStore(.create)
        let rules = try store.rules()
        // A category already known under another case keeps its spelling, so "groceries" feeds
        // the built-in "Groceries" instead of starting a category of its own.
        if let given = category {
            let known = SpendingCategory.all + [SpendingCategory.income, SpendingCategory.transfers] + rules.compactMap(\.category)
            category = known.first { $0.lowercased() == given.lowercased() } ?? given
        }
        var rule = UserRule(merchant: merchant, description: description, merchantCategoryCode: code, category: category, flow: flow)
        rule.id = try store.addRule(rule, now: context.now)
        context.note("Added rule #\(rule.id): \(RulesRendering.summary(row(rule)))")
    }

    static func list(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let rules = try context.reading { try $0.rules().map(row) }
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
        guard try store.removeRule(id: id) else {
            throw context.usageError("there is no rule #\(id) (see 'purse rules list')")
        }
        context.note("Removed rule #\(id)")
    }

    static func row(_ rule: UserRule) -> RulesRendering.Rule {
        RulesRendering.Rule(
            id: rule.id, merchant: rule.merchant, description: rule.description,
            merchantCategoryCode: rule.merchantCategoryCode, category: rule.category, flow: rule.flow)
    }
}
