import Analytics
import Rendering

/// `purse categories`: the built-in categories with their merchant category codes, the
/// categories of transactions without one, and the categories and rules users added.
enum CategoriesCommand: PurseCommand {
    static let spec = CommandSpec(
        ["categories"], summary: "Categories with their merchant category codes and rules.",
        discussion: """
            --uncategorized lists instead the uncategorized spending of a period by merchant (else \
            description), largest first, each with the 'purse rules add' command that would file it; \
            CSV columns: merchant, currency, count, spent, refunded, net, rule.
            """,
        options: [uncategorizedOption] + ScopeOptions.options + OutputOptions.listing)

    static let uncategorizedOption = OptionSpec("uncategorized", help: "The uncategorized spending of the period (below), largest first.")

    static func run(_ context: CommandContext) throws {
        if context.command.has(uncategorizedOption) { return try uncategorized(context) }
        // The options of a period count only what is uncategorized: the list of categories has none.
        if let scoped = ScopeOptions.options.first(where: context.command.isGiven) {
            throw context.usageError("option '--\(scoped.name)' goes with --uncategorized")
        }
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let rules = try context.reading { store in
            let accounts = try store.ledgerAccounts()
            return try store.rules().map { RulesCommand.row($0, accounts: accounts) }
        }
        let entries = CategoriesRendering.entries(rules: rules)
        try context.writingData { sink in
            switch format {
            case .csv: CategoriesRendering.csv(entries, write: sink.write)
            case .json: sink.write(CategoriesRendering.json(entries, flowOnlyRules: CategoriesRendering.flowOnlyRules(rules)).pretty + "\n")
            case .text: sink.write(CategoriesRendering.text(entries, flowOnlyRules: CategoriesRendering.flowOnlyRules(rules)))
            }
        }
    }

    /// `categories --uncategorized [scope]`: what no rule or code files yet, largest first.
    static func uncategorized(_ context: CommandContext) throws {
        try ReportRunner.run(
            context, options: { try ReportPeriod(context: context) },
            analyse: { store, period in
                try UncategorizedAnalysis.report(store, scope: try period.scope(context: context, store: store), months: period.months)
            }, text: UncategorizedRendering.text, csv: UncategorizedRendering.csv, json: UncategorizedRendering.json)
    }
}
