import Analytics
import Rendering

/// `purse explain`: the transactions behind a spending number and why each counted, then the
/// ones of the same scope that did not count and why not.
enum ExplainCommand {
    static func run(_ context: CommandContext) throws {
        try ReportRunner.run(
            context,
            options: {
                (filters: try filters(context), period: try ReportPeriod(context: context))
            },
            analyse: { store, options in
                // Matching ignores case, so the report keeps the category as typed; only an unknown one stops it.
                if let category = options.filters.category { _ = try CategoryResolver.resolve(category, store: store, context: context) }
                return try ExplainAnalysis.report(
                    store, scope: try options.period.scope(context: context, store: store),
                    months: options.period.months, filters: options.filters)
            }, text: ExplainRendering.text, csv: ExplainRendering.csv, json: ExplainRendering.json)
    }

    /// --category, --mcc and --merchant: which spending to explain.
    static func filters(_ context: CommandContext) throws -> ExplainReport.Filters {
        var filters = ExplainReport.Filters()
        if let category = context.command.value("category") {
            guard !category.isEmpty else { throw context.usageError("option '--category' needs a category name") }
            filters.category = category
        }
        if let text = context.command.value("mcc") {
            guard let code = Int(text), (0...9999).contains(code) else {
                throw context.usageError("option '--mcc' needs a code from 0 to 9999, not '\(text)'")
            }
            filters.merchantCategoryCode = code
        }
        if let merchant = context.command.value("merchant") {
            guard !merchant.isEmpty else { throw context.usageError("option '--merchant' needs some text to look for") }
            filters.merchant = merchant
        }
        return filters
    }
}
