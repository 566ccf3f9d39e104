import Analytics
import Rendering

/// `purse categories`: the built-in categories with their merchant category codes, the
/// categories of transactions without one, and the categories and rules users added.
enum CategoriesCommand {
    static func run(_ context: CommandContext) throws {
        if context.command.has("uncategorized") { return try uncategorized(context) }
        // The options of a period count only what is uncategorized: the list of categories has none.
        if let scoped = CommandCatalog.reportScope.first(where: { context.command.has($0.name) || !context.command.values($0.name).isEmpty }
        ) {
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
