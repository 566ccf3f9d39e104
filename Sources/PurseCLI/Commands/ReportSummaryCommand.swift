import Analytics
import Foundation
import Ledger
import LedgerStore
import Rendering

/// `purse report summary`: how a month went, for a person, a spreadsheet or an email.
///
/// The first summary of an ended month remembers what it reported (a digest and the totals
/// per currency); later summaries list the months whose numbers changed since (restatements)
/// and remember the new numbers. A summary of the running month, or one run with
/// `--no-record`, remembers nothing. The summary reads the ledger read-only and is written out
/// before anything is remembered, so a ledger this run may not write still gets its summary.
enum ReportSummaryCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "summary"], summary: "How a month went: spending, income, budgets, balances, freshness; also as HTML or email.",
        discussion: """
            Net spending by category against the month before and the average of the three before, top \
            merchants, largest expenses, income and savings rate, budgets (over and warn first), balances \
            and net worth with their change, what is still pending, months reported before whose numbers \
            changed (restatements), and how new each source's data is: its export's or capture's own time, \
            else its newest record, never when it was synced (more than 7 days old, or a stream quiet for \
            more than 7 days, is called out). Per currency, never summed, unless --convert-to names one currency \
            for spending, income, pending and net worth (account balances keep their own). --format email writes a \
            complete MIME message for `sendmail -t -oi`. The first summary of an ended month remembers what it reported, \
            in the ledger's own currencies, converted or not. --year YYYY gives the year at a glance instead: \
            each month's spent, refunded, net, income, saved and savings rate per currency with the year's total, \
            the categories against the year before, the top merchants, and the recurring charges that cost most \
            (CSV: those month rows first, then the long section,currency,item,measure,value rows); a year is never \
            remembered, and it takes no --convert-to.
            """,
        options: [
            PeriodOptions.month(default: "last"), year,
            format, output,
            OutputOptions.bom,
            ConversionOptions.convertTo,
            to, from, BudgetThresholds.warnAt, noRecord,
            AccountScope.all,
            ascii,
        ])

    static let format = OptionSpec(
        "format", value: "FORMAT",
        help: "text, csv, json, html or email (default text, or from -o FILE's extension: .txt, .csv, .json, .html, .eml).")
    static let output = OptionSpec("output", short: "o", value: "FILE", help: "Write to FILE instead of stdout.")
    static let to = OptionSpec("to", value: "ADDR", help: "The email's To (default: the local user at localhost).")
    static let from = OptionSpec("from", value: "ADDR", help: "The email's From (default: purse <the local user at localhost>).")
    static let year = OptionSpec("year", value: "YYYY", help: "The year at a glance instead of a month: YYYY, this or last.")
    static let noRecord = OptionSpec("no-record", help: "Do not remember what this summary reported (for trial runs).")
    static let ascii = OptionSpec("ascii", help: "Draw sparklines with ASCII only.")

    enum Format: String, CaseIterable {
        case text, csv, json, html, email
    }

    /// What the summary says and who it goes to, from the options.
    struct Options {
        let zone: ReportTimeZone
        let month: YearMonth
        let warnAt: Int64
        let to: String
        let from: String
        let target: String?

        init(_ context: CommandContext) throws {
            zone = try context.reportTimeZone()
            let current = YearMonth(context.today(in: zone))
            month =
                try context.command.value(PeriodOptions.month, as: MonthChoice.self)?.month(current: current) ?? current.adding(months: -1)
            warnAt = try BudgetThresholds(context.command).warnAt.percent
            target = try ConversionOptions(context.command).target
            to = try context.command.value(ReportSummaryCommand.to, as: MailAddress.self)?.text ?? defaultAddress(context.environment)
            from =
                try context.command.value(ReportSummaryCommand.from, as: MailAddress.self)?.text
                ?? "purse <\(defaultAddress(context.environment))>"
        }
    }

    static func run(_ context: CommandContext) throws {
        if context.command.isGiven(year) { return try runYear(context) }
        let summary = try ReportRunner.run(
            context, formats: Format.allCases, fallback: .text,
            options: {
                try Options(context)
            },
            analyse: { store, options in
                (
                    options: options,
                    result: try SummaryAnalysis.report(
                        store, month: options.month, accounts: try context.reportAccounts(store), now: context.now,
                        today: context.today(in: options.zone), warnAt: options.warnAt, convertTo: options.target)
                )
            },
            render: { summary, format, sink in
                write(summary.result.report, format: format, options: summary.options, context: context, to: sink)
            })
        context.warn(leftOut: summary.result.report.unconverted)
        if !context.command.has(noRecord) {
            record(summary.result.records, context: context)
        }
    }

    /// `--year`: the year at a glance. It remembers nothing (restatements are the months'), and
    /// refuses --convert-to: converting a year's every transaction at its day's rate is the
    /// monthly summary's work twelve times over.
    static func runYear(_ context: CommandContext) throws {
        try ReportRunner.run(
            context, formats: Format.allCases, fallback: .text,
            options: {
                if context.command.isGiven(PeriodOptions.month) { throw context.command.refusal("use either --month or --year, not both") }
                if context.command.isGiven(ConversionOptions.convertTo) {
                    throw context.command.refusal("--convert-to cannot be used with --year; convert a month's summary instead")
                }
                let options = try Options(context)
                let current = context.today(in: options.zone).year
                return (options: options, year: try context.command.value(year, as: YearChoice.self)?.year(current: current) ?? current)
            },
            analyse: { store, chosen in
                (
                    options: chosen.options,
                    report: try YearSummaryAnalysis.report(
                        store, year: chosen.year, accounts: try context.reportAccounts(store), now: context.now,
                        today: context.today(in: chosen.options.zone))
                )
            },
            render: { summary, format, sink in
                let (options, report) = summary
                switch format {
                case .text: sink.write(YearSummaryTextRendering.text(report, style: context.textStyle))
                case .csv: YearSummaryCSVRendering.csv(report, write: sink.write)
                case .json:
                    YearSummaryJSONRendering.json(report).writePretty(sink.write)
                    sink.write("\n")
                case .html: sink.write(YearSummaryHTMLRendering.html(report))
                case .email:
                    sink.write(
                        YearSummaryEmailRendering.message(
                            report, from: options.from, to: options.to, utcOffsetSeconds: options.zone.offset(at: context.now.epochSeconds),
                            style: .mail(asciiRequested: OutputOptions(context.command).ascii)))
                }
            })
    }

    static func write(_ report: SummaryReport, format: Format, options: Options, context: CommandContext, to sink: TextSink) {
        switch format {
        case .text: sink.write(SummaryTextRendering.text(report, style: context.textStyle))
        case .csv: SummaryCSVRendering.csv(report, write: sink.write)
        case .json:
            SummaryJSONRendering.json(report).writePretty(sink.write)
            sink.write("\n")
        case .html: sink.write(SummaryHTMLRendering.html(report))
        case .email:
            sink.write(
                SummaryEmailRendering.message(
                    report, from: options.from, to: options.to,
                    utcOffsetSeconds: options.zone.offset(at: context.now.epochSeconds),
                    style: .mail(asciiRequested: OutputOptions(context.command).ascii)))
        }
    }

    /// Remembers what the summary reported, once it is out, all its months in one transaction.
    /// A ledger this run cannot write (a read-only file or folder, a long lock) costs one warning
    /// on stderr, not the summary: cron mails the warning, and the summary itself is complete.
    /// A summary made on a day given with `--now` is not remembered: that day may be one the
    /// ledger has not reached, and a month it calls complete would then restate what was not.
    static func record(_ records: [SummaryRecord], context: CommandContext) {
        guard !records.isEmpty, context.globals.now == nil else { return }
        do {
            try context.openStore(.writeExisting).saveSummaryRecords(records)
        } catch {
            context.warn(
                ErrorFunnel.writeFailureCause(error, ledger: context.databasePath)
                    + ", so this summary was not remembered (restatements are not tracked)")
        }
    }

    /// The local user's mailbox: `$LOGNAME` or `$USER` at localhost, else root@localhost.
    static func defaultAddress(_ environment: [String: String]) -> String {
        let user =
            [environment["LOGNAME"], environment["USER"]].compactMap { $0 }
            .first { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) } } ?? "root"
        return user + "@localhost"
    }
}
