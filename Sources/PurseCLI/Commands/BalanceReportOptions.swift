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
        let given = try context.day("from")
        let to = try context.day("to") ?? max(today, given ?? today)
        let from = given ?? ReportCalendar.day(to, addingMonths: -12)
        guard from <= to else { throw context.usageError("--to \(to) is before --from \(from)") }
        self.from = from
        self.to = to
    }
}
