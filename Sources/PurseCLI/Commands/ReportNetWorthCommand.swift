import Analytics
import Rendering

/// `purse report networth`: assets, liabilities and net worth per currency at the end of each period.
enum ReportNetWorthCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "networth"], summary: "Assets, liabilities and net worth per currency over time.",
        options: [AccountScope.all] + BalanceRange.options + OutputOptions.report)

    static func run(_ context: CommandContext) throws {
        try ReportRunner.run(
            context,
            options: {
                let zone = try context.reportTimeZone()
                return try BalanceRange(context.command, today: zone.date(of: context.now.epochSeconds))
            },
            analyse: { store, options in
                try BalanceAnalysis.netWorth(
                    store, accounts: try context.reportAccounts(store), from: options.from, to: options.to, every: options.interval)
            }, text: NetWorthRendering.text, csv: NetWorthRendering.csv, json: NetWorthRendering.json)
    }
}
