import Analytics
import Rendering

/// `purse report trend`: each account's balance at the end of each day, week or month.
enum ReportTrendCommand {
    static func run(_ context: CommandContext) throws {
        try ReportRunner.run(
            context, options: { try BalanceReportOptions(context: context) },
            analyse: { store, options in
                try BalanceAnalysis.trend(
                    store, accounts: try context.reportAccounts(store), from: options.from, to: options.to, every: options.interval)
            }, text: TrendRendering.text, csv: TrendRendering.csv, json: TrendRendering.json)
    }
}
