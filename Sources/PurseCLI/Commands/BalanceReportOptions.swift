import Analytics
import Ledger

/// The options `report trend` and `report networth` share: --from, --to and --every.
struct BalanceReportOptions {
    let from: CivilDate
    let to: CivilDate
    let interval: ReportCalendar.Interval
    let zone: ReportTimeZone

    /// --to defaults to today in the report zone, --from to 12 months before --to, --every to month.
    init(context: CommandContext) throws {
        zone = try context.reportTimeZone()
        let everyText = context.command.value("every") ?? "month"
        guard let interval = ReportCalendar.Interval(rawValue: everyText) else {
            throw context.usageError("option '--every' must be day, week or month, not '\(everyText)'")
        }
        self.interval = interval
        let today = zone.date(of: context.now.epochSeconds)
        // `report trend` and `report networth` take no --month, so only a range or nothing comes back.
        var given: (from: CivilDate?, to: CivilDate?) = (nil, nil)
        if case .range(let from, let to) = try PeriodOptions.days(context, zone: zone) { given = (from, to) }
        let to = given.to ?? max(today, given.from ?? today)
        let from = given.from ?? ReportCalendar.day(to, addingMonths: -12)
        self.from = from
        self.to = to
    }
}
