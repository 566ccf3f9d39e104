import Analytics
import Rendering

/// `purse report cashflow`: income, net spending, net and savings rate by month, per currency;
/// transfers excluded.
enum ReportCashflowCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "cashflow"], summary: "Income, spending, transfers excluded, and savings rate by month.",
        options: ScopeOptions.options + [PickedInput.input] + OutputOptions.report)

    static func run(_ context: CommandContext) throws {
        try ReportRunner.run(
            context, onPeriod: CashflowAnalysis.report, text: CashflowRendering.text, csv: CashflowRendering.csv,
            json: CashflowRendering.json)
    }
}
