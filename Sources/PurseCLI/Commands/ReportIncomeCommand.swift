import Analytics
import Rendering

/// `purse report income`: income by month and source (merchant name, else description), per currency.
enum ReportIncomeCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "income"], summary: "Income by month and source.",
        options: ScopeOptions.options + [PickedInput.input, ConversionOptions.convertTo] + OutputOptions.report)

    static func run(_ context: CommandContext) throws {
        let report = try ReportRunner.run(
            context, options: { (period: try ReportPeriod(context: context), target: try ConversionOptions(context.command).target) },
            analyse: { store, options in
                try IncomeAnalysis.report(
                    store, scope: try options.period.scope(context: context, store: store), months: options.period.months,
                    convertingTo: options.target)
            }, text: IncomeRendering.text, csv: IncomeRendering.csv, json: IncomeRendering.json)
        context.warn(leftOut: report.unconverted)
    }
}
