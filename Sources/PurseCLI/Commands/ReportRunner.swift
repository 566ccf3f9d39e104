import LedgerStore
import Rendering

/// The body every report command shares, in this order: the output format, the command's own
/// options, the analysis inside one read snapshot of the ledger, then the report written where
/// it goes. The order is what a user sees when several things are wrong at once: a bad
/// `--format` before a bad option, both before a missing ledger, and nothing written until the
/// whole report is known. The report comes back for what a command does once it is out
/// (`report drift --fail-on-drift`, the summary remembering itself).
enum ReportRunner {
    /// A report in the usual three forms, `text`, `csv` and `json`.
    @discardableResult
    static func run<Options, Report>(
        _ context: CommandContext, options: () throws -> Options,
        analyse: (LedgerStore, Options) throws -> Report,
        text: (Report, TextStyle) -> String,
        csv: (Report, @escaping (String) -> Void) -> Void,
        json: (Report) -> JSONOutput
    ) throws -> Report {
        try run(context, formats: OutputFormat.allCases, fallback: .text, options: options, analyse: analyse) { report, format, sink in
            switch format {
            case .csv: csv(report, sink.write)
            case .json: sink.write(json(report).pretty + "\n")
            case .text: sink.write(text(report, context.textStyle))
            }
        }
    }

    /// A report with forms of its own (`report summary`): `render` writes `format` to the sink.
    @discardableResult
    static func run<Format: RawRepresentable<String>, Options, Report>(
        _ context: CommandContext, formats: [Format], fallback: Format, options: () throws -> Options,
        analyse: (LedgerStore, Options) throws -> Report, render: (Report, Format, TextSink) -> Void
    ) throws -> Report {
        let format = try context.format(among: formats, fallback: fallback)
        let options = try options()
        let report = try context.reading { store in try analyse(store, options) }
        try context.writingData { sink in render(report, format, sink) }
        return report
    }
}
