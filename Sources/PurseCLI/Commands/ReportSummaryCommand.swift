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
enum ReportSummaryCommand {
    enum Format: String, CaseIterable {
        case text, csv, json, html, email
    }

    /// What the summary says and who it goes to, from the options.
    struct Options {
        let zone: ReportTimeZone
        let month: YearMonth
        let warnAt: Int
        let to: String
        let from: String

        init(_ context: CommandContext) throws {
            zone = try context.reportTimeZone()
            month = try PeriodOptions.month(context, zone: zone) ?? YearMonth(zone.date(of: context.now.epochSeconds)).adding(months: -1)
            warnAt = try context.integer("warn-at", minimum: 1) ?? 80
            to = try address(context, "to") ?? defaultAddress(context.environment)
            from = try address(context, "from") ?? "purse <\(defaultAddress(context.environment))>"
        }
    }

    static func run(_ context: CommandContext) throws {
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
                        warnAt: Int64(options.warnAt))
                )
            },
            render: { summary, format, sink in
                write(summary.result.report, format: format, options: summary.options, context: context, to: sink)
            })
        if !context.command.has("no-record") {
            record(summary.result.records, context: context)
        }
    }

    static func write(_ report: SummaryReport, format: Format, options: Options, context: CommandContext, to sink: TextSink) {
        switch format {
        case .text: sink.write(SummaryTextRendering.text(report, style: context.textStyle))
        case .csv: SummaryCSVRendering.csv(report, write: sink.write)
        case .json: sink.write(SummaryJSONRendering.json(report).pretty + "\n")
        case .html: sink.write(SummaryHTMLRendering.html(report))
        case .email:
            sink.write(
                SummaryEmailRendering.message(
                    report, from: options.from, to: options.to,
                    utcOffsetSeconds: options.zone.offset(at: context.now.epochSeconds),
                    style: .mail(asciiRequested: context.command.has("ascii"))))
        }
    }

    /// Remembers what the summary reported, once it is out, all its months in one transaction.
    /// A ledger this run cannot write (a read-only file or folder, a long lock) costs one warning
    /// on stderr, not the summary: cron mails the warning, and the summary itself is complete.
    static func record(_ records: [SummaryRecord], context: CommandContext) {
        guard !records.isEmpty else { return }
        do {
            try context.openStore(.writeExisting).saveSummaryRecords(records)
        } catch {
            context.warn(
                ErrorFunnel.writeFailureCause(error, ledger: context.databasePath)
                    + ", so this summary was not remembered (restatements are not tracked)")
        }
    }

    /// An address from an option: one line, something@something or `Name <address>`.
    static func address(_ context: CommandContext, _ name: String) throws -> String? {
        guard let text = context.command.value(name) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }), trimmed.contains("@") else {
            throw context.usageError(
                "option '--\(name)' needs a mail address such as you@example.com or 'Ana <ana@example.com>', not '\(text)'")
        }
        return trimmed
    }

    /// The local user's mailbox: `$LOGNAME` or `$USER` at localhost, else root@localhost.
    static func defaultAddress(_ environment: [String: String]) -> String {
        let user =
            [environment["LOGNAME"], environment["USER"]].compactMap { $0 }
            .first { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) } } ?? "root"
        return user + "@localhost"
    }
}
