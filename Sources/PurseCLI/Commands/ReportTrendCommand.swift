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
            options: {
                let zone = try context.reportTimeZone()
                return try BalanceRange(context.command, today: zone.date(of: context.now.epochSeconds))
            },
            analyse: { store, options in
                try BalanceAnalysis.trend(
                    store, accounts: try context.reportAccounts(store), from: options.from, to: options.to, every: options.interval)
            }, text: TrendRendering.text, csv: TrendRendering.csv, json: TrendRendering.json)
    }
}
