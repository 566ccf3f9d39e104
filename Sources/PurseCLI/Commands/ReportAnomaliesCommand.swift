import Analytics
import Ledger
import Rendering

/// `purse report anomalies`: what in a month looks wrong or worth a look, each with its reason.
/// `--check` makes it a cron job's test: exit 1 when anything is listed.
enum ReportAnomaliesCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "anomalies"],
        summary: "What in a month looks wrong: double charges, spikes, large first charges, price changes, missed charges.",
        discussion: """
            Kinds: double-charge, spike (a category or merchant), new-merchant, price-change, missed; the README's \
            "Anomalies" says how each is found and its floors. 'purse set ID --not-anomaly' dismisses a transaction \
            (it still counts); --exclude stops it counting at all. CSV columns: kind, date, account_id, account, \
            merchant, category, amount, currency, baseline, detail, by date, kind and merchant.
            """,
        options: [PeriodOptions.month, AccountScope.all, check] + OutputOptions.report)

    static let check = OptionSpec("check", help: "Exit 1 when anything is listed, 0 otherwise (for cron).")

    static func run(_ context: CommandContext) throws {
        let report = try ReportRunner.run(
            context,
            options: {
                let today = context.today(in: try context.reportTimeZone())
                let month = try context.command.value(PeriodOptions.month, as: MonthChoice.self)?.month(current: YearMonth(today))
                return (month: month ?? YearMonth(today), today: today)
            },
            analyse: { store, options in
                try AnomalyAnalysis.report(store, month: options.month, accounts: try context.reportAccounts(store), today: options.today)
            }, text: AnomalyRendering.text, csv: AnomalyRendering.csv, json: AnomalyRendering.json)
        if context.command.has(check), !report.anomalies.isEmpty { throw CheckFailed() }
    }
}
