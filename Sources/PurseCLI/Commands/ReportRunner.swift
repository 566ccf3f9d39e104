import Analytics
import Ledger
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
        try run(
            context, options: options, analyse: analyse, writingText: { report, style, write in write(text(report, style)) }, csv: csv,
            json: json)
    }

    /// The same, the text handed to the sink a part at a time (a table of ten years of rows is
    /// never held whole).
    @discardableResult
    static func run<Options, Report>(
        _ context: CommandContext, options: () throws -> Options,
        analyse: (LedgerStore, Options) throws -> Report,
        writingText: (Report, TextStyle, (String) -> Void) -> Void,
        csv: (Report, @escaping (String) -> Void) -> Void,
        json: (Report) -> JSONOutput
    ) throws -> Report {
        try run(context, formats: OutputFormat.allCases, fallback: .text, options: options, analyse: analyse) { report, format, sink in
            switch format {
            case .csv: csv(report, sink.write)
            case .json:
                json(report).writePretty(sink.write)
                sink.write("\n")
            case .text: writingText(report, context.textStyle, sink.write)
            }
        }
    }

    /// A report on the days of `--month` or `--from`/`--to` and the accounts in scope.
    @discardableResult
    static func run<Report>(
        _ context: CommandContext, onPeriod analyse: (LedgerStore, ReportScope, [YearMonth]) throws -> Report,
        text: (Report, TextStyle) -> String,
        csv: (Report, @escaping (String) -> Void) -> Void,
        json: (Report) -> JSONOutput
    ) throws -> Report {
        try run(
            context, onPeriod: analyse, writingText: { report, style, write in write(text(report, style)) }, csv: csv, json: json)
    }

    /// The same, the text handed to the sink a part at a time.
    @discardableResult
    static func run<Report>(
        _ context: CommandContext, onPeriod analyse: (LedgerStore, ReportScope, [YearMonth]) throws -> Report,
        writingText: (Report, TextStyle, (String) -> Void) -> Void,
        csv: (Report, @escaping (String) -> Void) -> Void,
        json: (Report) -> JSONOutput
    ) throws -> Report {
        try run(
            context, options: { try ReportPeriod(context: context) },
            analyse: { store, period in try analyse(store, try period.scope(context: context, store: store), period.months) },
            writingText: writingText, csv: csv, json: json)
    }

    /// A report on the balances of the accounts in scope over `--from`/`--to`, every `--every`,
    /// converted into `--convert-to`'s currency when given.
    @discardableResult
    static func run<Report>(
        _ context: CommandContext, onBalances analyse: (LedgerStore, ReportAccounts, BalanceRange, _ target: String?) throws -> Report,
        text: (Report, TextStyle) -> String,
        csv: (Report, @escaping (String) -> Void) -> Void,
        json: (Report) -> JSONOutput
    ) throws -> Report {
        try run(
            context,
            options: {
                let zone = try context.reportTimeZone()
                return (
                    range: try BalanceRange(context.command, today: context.today(in: zone)),
                    target: try ConversionOptions(context.command).target
                )
            },
            analyse: { store, options in try analyse(store, try context.reportAccounts(store), options.range, options.target) },
            text: text, csv: csv, json: json)
    }

    /// A listing of what the ledger holds (accounts, budgets, rules): no options of its own, and
    /// its text is the same on any terminal.
    static func list<Listing>(
        _ context: CommandContext, read: (LedgerStore) throws -> Listing,
        text: (Listing) -> String,
        csv: (Listing, @escaping (String) -> Void) -> Void,
        json: (Listing) -> JSONOutput
    ) throws {
        try run(
            context, options: {}, analyse: { store, _ in try read(store) }, text: { listing, _ in text(listing) }, csv: csv, json: json)
    }

    /// A report with forms of its own (`report summary`): `render` writes `format` to the sink.
    @discardableResult
    static func run<Format: RawRepresentable<String>, Options, Report>(
        _ context: CommandContext, formats: [Format], fallback: Format, options: () throws -> Options,
        analyse: (LedgerStore, Options) throws -> Report, render: (Report, Format, TextSink) throws -> Void
    ) throws -> Report {
        let format = try context.format(among: formats, fallback: fallback)
        let options = try options()
        let report = try context.reading { store in try analyse(store, options) }
        try context.writingData { sink in try render(report, format, sink) }
        return report
    }
}
