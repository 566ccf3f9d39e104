import Analytics
import Rendering

/// `purse report trend`: each account's balance at the end of each day, week or month.
enum ReportTrendCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "trend"], summary: "Balance per account at the end of each day, week or month.",
        options: [AccountScope.account, AccountScope.all] + BalanceRange.options + OutputOptions.report)

    static func run(_ context: CommandContext) throws {
        try ReportRunner.run(
            context,
            onBalances: { store, accounts, range in
                try BalanceAnalysis.trend(store, accounts: accounts, from: range.from, to: range.to, every: range.interval)
            }, text: TrendRendering.text, csv: TrendRendering.csv, json: TrendRendering.json)
    }
}
