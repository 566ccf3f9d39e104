import Analytics
import Rendering

/// `purse explain`: the transactions behind a spending number and why each counted, then the
/// ones of the same scope that did not count and why not.
enum ExplainCommand {
    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        var filters = ExplainReport.Filters()
        if let category = context.command.value("category") {
            guard !category.isEmpty else { throw context.usageError("option '--category' needs a category name") }
            filters.category = category
        }
        if let text = context.command.value("mcc") {
            guard let code = Int(text), (0...9999).contains(code) else {
                throw context.usageError("option '--mcc' needs a code from 0 to 9999, not '\(text)'")
            }
            filters.merchantCategoryCode = code
        }
        if let merchant = context.command.value("merchant") {
            guard !merchant.isEmpty else { throw context.usageError("option '--merchant' needs some text to look for") }
            filters.merchant = merchant
        }
        let zone = try context.reportTimeZone()
        let period = try ReportPeriod(context: context, zone: zone)
        let report = try context.reading { store in
            // Matching ignores case, so the report keeps the category as typed; only an unknown one stops it.
            if let category = filters.category { _ = try CategoryResolver.resolve(category, store: store, context: context) }
            return try ExplainAnalysis.report(store, scope: try period.filtered(context: context, store: store), months: period.months,
                                       filters: filters)
        }
        try context.writingData { sink in
            switch format {
            case .csv: ExplainRendering.csv(report, write: sink.write)
            case .json: sink.write(ExplainRendering.json(report).pretty + "\n")
            case .text: sink.write(ExplainRendering.text(report, style: context.textStyle))
            }
        }
    }
}
