import Analytics
import Rendering

/// `purse report cashflow`: income, net spending, net and savings rate by month, per currency;
/// transfers excluded.
enum ReportCashflowCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "cashflow"], summary: "Income, spending, transfers excluded, and savings rate by month.",
        options: ScopeOptions.options + [PickedInput.input, ConversionOptions.convertTo] + OutputOptions.report)

    static func run(_ context: CommandContext) throws {
        let report = try ReportRunner.run(
            context, options: { (period: try ReportPeriod(context: context), target: try ConversionOptions(context.command).target) },
            analyse: { store, options in
                try CashflowAnalysis.report(
                    store, scope: try options.period.scope(context: context, store: store), months: options.period.months,
                    convertingTo: options.target)
            }, text: CashflowRendering.text, csv: CashflowRendering.csv, json: CashflowRendering.json)
        context.warn(leftOut: report.unconverted)
    }
}
