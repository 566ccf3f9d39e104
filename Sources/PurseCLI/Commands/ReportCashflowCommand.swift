import Analytics
import Rendering

/// `purse report cashflow`: income, net spending, net and savings rate by month, per currency;
/// transfers excluded.
enum ReportCashflowCommand {
    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let zone = try context.reportTimeZone()
        let period = try ReportPeriod(context: context, zone: zone)
        let report = try context.reading { store in
            try CashflowAnalysis.report(store, scope: try period.filtered(context: context, store: store), months: period.months)
        }
        try context.writingData { sink in
            switch format {
            case .csv: CashflowRendering.csv(report, write: sink.write)
            case .json: sink.write(CashflowRendering.json(report).pretty + "\n")
            case .text: sink.write(CashflowRendering.text(report, style: context.textStyle))
            }
        }
    }
}
