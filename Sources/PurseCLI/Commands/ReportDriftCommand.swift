import Analytics
import Rendering

/// `purse report drift`: where balances derived from the transactions disagree with the observed
/// ones. Drift is information (exit 0) unless --fail-on-drift asks for exit 1.
enum ReportDriftCommand {
    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let zone = try context.reportTimeZone()
        let report = try context.reading { store in
            try BalanceAnalysis.drift(store, accountIDs: try AccountResolver.accountIDs(context, store: store), zone: zone)
        }
        try context.writingData { sink in
            switch format {
            case .csv: DriftRendering.csv(report, write: sink.write)
            case .json: sink.write(DriftRendering.json(report).pretty + "\n")
            case .text: sink.write(DriftRendering.text(report))
            }
        }
        if report.hasDrift, context.command.has("fail-on-drift") { throw CheckFailed() }
    }
}
