import Analytics
import Rendering

/// `purse report trend`: each account's balance at the end of each day, week or month.
enum ReportTrendCommand {
    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let options = try BalanceReportOptions(context: context)
        let report = try context.reading { store in
            try BalanceAnalysis.trend(store, accountIDs: try AccountResolver.accountIDs(context, store: store),
                                      from: options.from, to: options.to, every: options.interval, zone: options.zone)
        }
        try context.writingData { sink in
            switch format {
            case .csv: TrendRendering.csv(report, write: sink.write)
            case .json: sink.write(TrendRendering.json(report).pretty + "\n")
            case .text: sink.write(TrendRendering.text(report, style: context.textStyle))
            }
        }
    }
}
