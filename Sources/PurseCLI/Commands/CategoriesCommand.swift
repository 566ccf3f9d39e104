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
            CSV columns: merchant, currency, count, spent, refunded, net, rule. The listing shows each \
            category's group ('purse categories group').
            """,
        options: [uncategorizedOption] + ScopeOptions.options + OutputOptions.listing)

    static let uncategorizedOption = OptionSpec("uncategorized", help: "The uncategorized spending of the period (below), largest first.")

    static func run(_ context: CommandContext) throws {
        if context.command.has(uncategorizedOption) { return try uncategorized(context) }
        // The options of a period count only what is uncategorized: the list of categories has none.
        if let scoped = ScopeOptions.options.first(where: context.command.isGiven) {
            throw context.usageError("option '--\(scoped.name)' goes with --uncategorized")
        }
        try ReportRunner.list(
            context, read: { (rules: try RulesCommand.rows($0), groups: try $0.categoryGroups()) },
            text: {
                CategoriesRendering.text(
                    CategoriesRendering.entries(rules: $0.rules, groups: $0.groups),
                    flowOnlyRules: CategoriesRendering.flowOnlyRules($0.rules))
            },
            csv: { CategoriesRendering.csv(CategoriesRendering.entries(rules: $0.rules, groups: $0.groups), write: $1) },
            json: {
                CategoriesRendering.json(
                    CategoriesRendering.entries(rules: $0.rules, groups: $0.groups),
                    flowOnlyRules: CategoriesRendering.flowOnlyRules($0.rules))
            }
        )
    }

    /// `categories --uncategorized [scope]`: what no rule or code files yet, largest first.
    static func uncategorized(_ context: CommandContext) throws {
        try ReportRunner.run(
            context, onPeriod: UncategorizedAnalysis.report, text: UncategorizedRendering.text, csv: UncategorizedRendering.csv,
            json: UncategorizedRendering.json)
    }
}
