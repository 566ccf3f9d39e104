import Analytics
import Rendering

/// `purse report networth`: assets, liabilities and net worth per currency at the end of each period.
enum ReportNetWorthCommand {
    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let options = try BalanceReportOptions(context: context)
        let report = try context.reading { store in
            try BalanceAnalysis.netWorth(store, from: options.from, to: options.to, every: options.interval, zone: options.zone)
        }
        try context.writingData { sink in
            switch format {
            case .csv: NetWorthRendering.csv(report, write: sink.write)
            case .json: sink.write(NetWorthRendering.json(report).pretty + "\n")
            case .text: sink.write(NetWorthRendering.text(report, style: context.textStyle))
            }
        }
    }
}
