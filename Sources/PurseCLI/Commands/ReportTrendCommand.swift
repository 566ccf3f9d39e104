import Analytics
import Rendering

/// `purse report trend`: each account's balance at the end of each day, week or month.
enum ReportTrendCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "trend"], summary: "Balance per account at the end of each day, week or month.",
        options: [AccountScope.account, AccountScope.all] + BalanceRange.options + [ConversionOptions.convertTo] + OutputOptions.report)

    static func run(_ context: CommandContext) throws {
        let report = try ReportRunner.run(
            context,
            onBalances: { store, accounts, range, target in
                try BalanceAnalysis.trend(
                    store, accounts: accounts, from: range.from, to: range.to, every: range.interval, convertTo: target)
            }, text: TrendRendering.text, csv: TrendRendering.csv, json: TrendRendering.json)
        context.warn(leftOut: report.unconverted)
    }
}
