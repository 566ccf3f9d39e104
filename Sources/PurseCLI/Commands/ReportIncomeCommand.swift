import Analytics
import Rendering

/// `purse report income`: income by month and source (merchant name, else description), per currency.
enum ReportIncomeCommand {
    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let zone = try context.reportTimeZone()
        let period = try ReportPeriod(context: context, zone: zone)
        let report = try context.reading { store in
            try IncomeAnalysis.report(store, scope: try period.filtered(context: context, store: store), months: period.months)
        }
        try context.writingData { sink in
            switch format {
            case .csv: IncomeRendering.csv(report, write: sink.write)
            case .json: sink.write(IncomeRendering.json(report).pretty + "\n")
            case .text: sink.write(IncomeRendering.text(report, style: context.textStyle))
            }
        }
    }
}
