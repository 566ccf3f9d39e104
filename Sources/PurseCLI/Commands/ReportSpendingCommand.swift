import Analytics
import Rendering

/// `purse report spending`: spent, refunded and net by category, MCC, merchant, account or month.
enum ReportSpendingCommand {
    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let byText = context.command.value("by") ?? "category"
        guard let grouping = SpendingReport.Grouping(rawValue: byText) else {
            throw context.usageError("option '--by' must be category, mcc, merchant, account or month, not '\(byText)'")
        }
        let zone = try context.reportTimeZone()
        let period = try ReportPeriod(context: context, zone: zone)
        let report = try context.reading { store in
            try SpendingAnalysis.report(store, scope: try period.filtered(context: context, store: store), months: period.months,
                                        grouping: grouping, compareWith: context.command.has("compare") ? period.previousMonths : nil)
        }
        try context.writingData { sink in
            switch format {
            case .csv: SpendingRendering.csv(report, write: sink.write)
            case .json: sink.write(SpendingRendering.json(report).pretty + "\n")
            case .text: sink.write(SpendingRendering.text(report, style: context.textStyle))
            }
        }
    }
}
