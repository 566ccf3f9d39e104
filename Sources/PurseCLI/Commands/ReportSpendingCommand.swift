import Analytics
import Rendering

/// `purse report spending`: spent, refunded and net by category, MCC, merchant, account or month.
enum ReportSpendingCommand {
    static func run(_ context: CommandContext) throws {
        try ReportRunner.run(
            context,
            options: {
                let byText = context.command.value("by") ?? "category"
                guard let grouping = SpendingReport.Grouping(rawValue: byText) else {
                    throw context.usageError("option '--by' must be category, mcc, merchant, account or month, not '\(byText)'")
                }
                return (grouping: grouping, period: try ReportPeriod(context: context))
            },
            analyse: { store, options in
                let period = options.period
                return try SpendingAnalysis.report(
                    store, scope: try period.scope(context: context, store: store), months: period.months,
                    grouping: options.grouping,
                    compareWith: context.command.has("compare") ? period.previousMonths : nil)
            }, text: SpendingRendering.text, csv: SpendingRendering.csv, json: SpendingRendering.json)
    }
}
