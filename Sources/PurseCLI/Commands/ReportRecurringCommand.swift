import Analytics
import Ledger
import Rendering

/// `purse report recurring`: charges and income on a regular cadence, as of the period's last day; without
/// a period, from the first day of this month a year ago up to today (a whole year of charges
/// even on the first of a month). `--month M` looks back a year ending with M, as the summary's
/// recurring section does: a month alone holds one charge of a monthly series, never three.
/// This month ends today, so a charge due later in it is not yet missed.
enum ReportRecurringCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "recurring"],
        summary: "Charges and income on a regular cadence: subscriptions, rent, salary, with new, price-change and missed flags.",
        discussion: """
            Without --month or --from/--to, looks from the first day of this month a year ago up to today; \
            --month M looks at the twelve months ending with M (this month: up to today). CSV columns: merchant, \
            account_id, account, direction, category, currency, cadence, typical_amount, last_amount, last_date, \
            next_date, count, flags, flow (expense: money out; income: money in, such as a salary, listed apart in \
            text). The README's "Recurring charges" says how they are found.
            """,
        options: ScopeOptions.options + OutputOptions.report)

    /// The period without --month or --from/--to, which `report upcoming` takes its series from too.
    static func defaultPeriod(today: CivilDate) -> ReportPeriod {
        let first = YearMonth(today).adding(months: -12)
        return ReportPeriod(months: PeriodOptions.months(from: first, through: YearMonth(today)), first: first.firstDay, last: today)
    }

    static func run(_ context: CommandContext) throws {
        try ReportRunner.run(
            context,
            options: {
                let zone = try context.reportTimeZone()
                let today = context.today(in: zone)
                switch try PeriodOptions(context.command, current: YearMonth(today)).days {
                case .none: return defaultPeriod(today: today)
                case .month(let month):
                    let first = month.adding(months: -11)
                    return ReportPeriod(
                        months: PeriodOptions.months(from: first, through: month), first: first.firstDay,
                        last: month == YearMonth(today) ? today : month.lastDay)
                case .range: return try ReportPeriod(context: context)
                }
            },
            analyse: { store, period in
                try RecurringAnalysis.report(
                    store, scope: try period.scope(context: context, store: store), first: period.first, asOf: period.last)
            }, text: RecurringRendering.text, csv: RecurringRendering.csv, json: RecurringRendering.json)
    }
}
