import Analytics
import Ledger

/// The days `report trend` and `report networth` cover, and how often they look: --from, --to
/// and --every.
struct BalanceRange {
    static let from = OptionSpec("from", value: "YYYY-MM-DD", help: "First day (default: 12 months before --to).")
    static let to = OptionSpec("to", value: "YYYY-MM-DD", help: "Last day (default: today).")
    static let every = OptionSpec("every", value: "PERIOD", help: "day, week or month (default month).")
    static let options = [from, to, every]

    let from: CivilDate
    let to: CivilDate
    let interval: ReportCalendar.Interval

    /// --to defaults to `today` (or --from, when later), --from to 12 months before --to, --every to month.
    init(_ parsed: ParsedCommand, today: CivilDate) throws(CommandError) {
        interval = try parsed.value(Self.every) ?? .month
        let given = (from: try parsed.value(Self.from, as: CivilDate.self), to: try parsed.value(Self.to, as: CivilDate.self))
        if let from = given.from, let to = given.to, to < from { throw parsed.refusal("--to \(to) is before --from \(from)") }
        let to = given.to ?? max(today, given.from ?? today)
        self.from = given.from ?? ReportCalendar.day(to, addingMonths: -12)
        self.to = to
    }
}
