import Analytics
import Rendering

/// `purse explain`: the transactions behind a spending number and why each counted, then the
/// ones of the same scope that did not count and why not.
enum ExplainCommand: PurseCommand {
    static let spec = CommandSpec(
        ["explain"], summary: "The transactions behind a spending number, and why each counted.",
        options: ScopeOptions.options + [PickedInput.input, category, mcc, merchant, ConversionOptions.convertTo] + OutputOptions.report)

    static let category = OptionSpec("category", value: "NAME", help: "Only this category.")
    static let mcc = OptionSpec("mcc", value: "N", help: "Only this merchant category code.")
    static let merchant = OptionSpec("merchant", value: "TEXT", help: "Merchant name contains TEXT, ignoring case.")

    static func run(_ context: CommandContext) throws {
        let report = try ReportRunner.run(
            context,
            options: {
                (
                    filters: try filters(context), period: try ReportPeriod(context: context),
                    target: try ConversionOptions(context.command).target
                )
            },
            analyse: { store, options in
                // Matching ignores case, so the report keeps the category as typed; only an unknown one stops it.
                if let category = options.filters.category { _ = try CategoryResolver.resolve(category, store: store, context: context) }
                return try ExplainAnalysis.report(
                    store, scope: try options.period.scope(context: context, store: store),
                    months: options.period.months, filters: options.filters, convertTo: options.target)
            }, text: ExplainRendering.text, csv: ExplainRendering.csv, json: ExplainRendering.json)
        context.warn(leftOut: report.unconverted)
    }

    /// --category, --mcc and --merchant: which spending to explain.
    static func filters(_ context: CommandContext) throws -> ExplainReport.Filters {
        var filters = ExplainReport.Filters()
        if let category = context.command.text(Self.category) {
            guard !category.isEmpty else { throw context.usageError("option '--category' needs a category name") }
            filters.category = category
        }
        filters.merchantCategoryCode = try context.command.value(Self.mcc, as: MerchantCategoryCode.self)?.code
        if let merchant = context.command.text(Self.merchant) {
            guard !merchant.isEmpty else { throw context.usageError("option '--merchant' needs some text to look for") }
            filters.merchant = merchant
        }
        return filters
    }
}
