import Analytics
import Rendering

/// `purse report cashflow`: income, net spending, net and savings rate by month, per currency;
/// transfers excluded.
enum ReportCashflowCommand {
    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let zone = try context.reportTimeZone()
        let period = try ReportPeriod(context: context, zone: zone)
        let store = try context.openStore()
        let scope = try period.filtered(context: context, store: store)
        let report = try CashflowAnalysis.report(store, scope: scope, months: period.months)
        let sink = try context.dataSink()
        defer { (sink as? FileSink)?.flush() }
        switch format {
        case .csv: CashflowRendering.csv(report, write: sink.write)
        case .json: sink.write(CashflowRendering.json(report).pretty + "\n")
        case .text: sink.write(CashflowRendering.text(report, style: context.textStyle))
        }
    }
}
