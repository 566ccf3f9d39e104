import Analytics
import Rendering

/// `purse report income`: income by month and source (merchant name, else description), per currency.
enum ReportIncomeCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "income"], summary: "Income by month and source.",
        options: ScopeOptions.options + [PickedInput.input] + OutputOptions.report)

    static func run(_ context: CommandContext) throws {
        try ReportRunner.run(
            context, onPeriod: IncomeAnalysis.report, text: IncomeRendering.text, csv: IncomeRendering.csv, json: IncomeRendering.json)
    }
}
