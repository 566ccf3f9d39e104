import Analytics
import Rendering

/// `purse report networth`: assets, liabilities and net worth per currency at the end of each period.
enum ReportNetWorthCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "networth"], summary: "Assets, liabilities and net worth per currency over time.",
        options: [AccountScope.all] + BalanceRange.options + [ConversionOptions.convertTo] + OutputOptions.report)

    static func run(_ context: CommandContext) throws {
        let report = try ReportRunner.run(
            context,
            onBalances: { store, accounts, range, target in
                try BalanceAnalysis.netWorth(
                    store, accounts: accounts, from: range.from, to: range.to, every: range.interval, convertTo: target)
            }, text: NetWorthRendering.text, csv: NetWorthRendering.csv, json: NetWorthRendering.json)
        context.warn(leftOut: report.unconverted)
    }
}
