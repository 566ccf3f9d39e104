import Analytics
import Rendering

/// `purse report networth`: assets, liabilities and net worth per currency at the end of each period.
enum ReportNetWorthCommand {
    static func run(_ context: CommandContext) throws {
        try ReportRunner.run(
            context, options: { try BalanceReportOptions(context: context) },
            analyse: { store, options in
                try BalanceAnalysis.netWorth(
                    store, accounts: try context.reportAccounts(store), from: options.from, to: options.to, every: options.interval)
            }, text: NetWorthRendering.text, csv: NetWorthRendering.csv, json: NetWorthRendering.json)
    }
}
