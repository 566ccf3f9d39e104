import Analytics
import Rendering

/// `purse report income`: income by month and source (merchant name, else description), per currency.
enum ReportIncomeCommand {
    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let zone = try context.reportTimeZone()
        let period = try ReportPeriod(context: context, zone: zone)
        let store = try context.openStore()
        let scope = try period.filtered(context: context, store: store)
        let report = try IncomeAnalysis.report(store, scope: scope, months: period.months)
        let sink = try context.dataSink()
        defer { (sink as? FileSink)?.flush() }
        switch format {
        case .csv: IncomeRendering.csv(report, write: sink.write)
        case .json: sink.write(IncomeRendering.json(report).pretty + "\n")
        case .text: sink.write(IncomeRendering.text(report, style: context.textStyle))
        }
    }
}
