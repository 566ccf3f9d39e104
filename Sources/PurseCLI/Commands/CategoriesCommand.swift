import Rendering

/// `purse categories`: the built-in categories with their merchant category codes, the
/// categories of transactions without one, and the categories and rules users added.
enum CategoriesCommand {
    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let rules = try context.reading { try $0.rules().map(RulesCommand.row) }
        let entries = CategoriesRendering.entries(rules: rules)
        try context.writingData { sink in
            switch format {
            case .csv: CategoriesRendering.csv(entries, write: sink.write)
            case .json: sink.write(CategoriesRendering.json(entries, flowOnlyRules: CategoriesRendering.flowOnlyRules(rules)).pretty + "\n")
            case .text: sink.write(CategoriesRendering.text(entries, flowOnlyRules: CategoriesRendering.flowOnlyRules(rules)))
            }
        }
    }
}
