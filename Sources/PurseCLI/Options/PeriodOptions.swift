import Ledger

/// `--month`, `--from` and `--to` in days: the one reading of a period for every command that
/// counts transactions.
///
/// `--month` is a calendar month of the report time zone and excludes `--from`/`--to`, and `--to`
/// may not be before `--from`; a missing bound is left to the command (`ReportPeriod`,
/// `TransactionFilter`). The value mistakes come first, in the order month, from, to.
struct PeriodOptions {
    static let from = OptionSpec("from", value: "YYYY-MM-DD", help: "First day, inclusive: each account's own day, in its time zone.")
    static let to = OptionSpec("to", value: "YYYY-MM-DD", help: "Last day, inclusive: each account's own day, in its time zone.")
    /// `--month` of a report, this month by default.
    static let month = month(default: "this")

    /// `--month`, saying which month a command takes without it (nil: none, all time).
    static func month(default fallback: String?) -> OptionSpec {
        OptionSpec(
            "month", value: "YYYY-MM", help: "One calendar month: YYYY-MM, this or last" + (fallback.map { " (default \($0))." } ?? "."))
    }

    /// The period asked for in days.
    enum Days: Equatable {
        /// Neither --month nor --from/--to: the command's default.
        case none
        case month(YearMonth)
        /// At least one of the two bounds, in order when both are given.
        case range(from: CivilDate?, to: CivilDate?)
    }

    let days: Days

    /// `current` is this month in the report time zone, for `--month this` and `last`.
    init(_ parsed: ParsedCommand, current: YearMonth) throws(CommandError) {
        let month = try parsed.value(Self.month, as: MonthChoice.self)
        let from = try parsed.value(Self.from, as: CivilDate.self)
        let to = try parsed.value(Self.to, as: CivilDate.self)
        if month != nil, from != nil || to != nil { throw Self.bothGiven(parsed) }
        if let from, let to, to < from { throw parsed.refusal("--to \(to) is before --from \(from)") }
        if let month {
            days = .month(month.month(current: current))
        } else {
            days = from == nil && to == nil ? .none : .range(from: from, to: to)
        }
    }

    /// `first` to `last`, both included; empty when `last` is before `first`.
    static func months(from first: YearMonth, through last: YearMonth) -> [YearMonth] {
        var months: [YearMonth] = []
        var month = first
        while month <= last {
            months.append(month)
            month = month.adding(months: 1)
        }
        return months
    }

    static func bothGiven(_ parsed: ParsedCommand) -> CommandError {
        parsed.refusal("use either --month or --from/--to, not both")
    }
}
