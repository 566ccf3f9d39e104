import Analytics
import Ledger
import Rendering

/// `purse report recurring`: charges on a regular cadence, as of the period's last day; without
/// a period, from the first day of this month a year ago up to today (a whole year of charges
/// even on the first of a month).
enum ReportRecurringCommand {
    static func run(_ context: CommandContext) throws {
        try ReportRunner.run(
            context,
            options: {
                let zone = try context.reportTimeZone()
                guard case .none = try PeriodOptions.days(context, zone: zone) else { return try ReportPeriod(context: context) }
                let today = zone.date(of: context.now.epochSeconds)
                let first = YearMonth(today).adding(months: -12)
                return ReportPeriod(
                    months: PeriodOptions.months(from: first, through: YearMonth(today)), first: first.firstDay, last: today)
            },
            analyse: { store, period in
                try RecurringAnalysis.report(
                    store, scope: try period.scope(context: context, store: store), first: period.first, asOf: period.last)
            }, text: RecurringRendering.text, csv: RecurringRendering.csv, json: RecurringRendering.json)
    }
}
