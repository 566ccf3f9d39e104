import Ledger

/// `--month`, `--from` and `--to`: the one reading of a period for every command that takes one.
///
/// `--month` is a calendar month of the report time zone (`YYYY-MM`, `this` or `last`) and
/// excludes `--from`/`--to`, and `--to` may not be before `--from`. The reports that count
/// transactions take days (`YYYY-MM-DD`) for `--from`/`--to`, and leave a missing bound to the
/// command (`ReportPeriod`, `BalanceReportOptions`, `TransactionFilter`); budgets, kept by month,
/// take months (`YYYY-MM`), and a missing bound is this month.
enum PeriodOptions {
    /// The period asked for in days.
    enum Days {
        /// Neither --month nor --from/--to: the command's default.
        case none
        case month(YearMonth)
        /// At least one of the two bounds, in order when both are given.
        case range(from: CivilDate?, to: CivilDate?)
    }

    static func days(_ context: CommandContext, zone: ReportTimeZone) throws -> Days {
        let month = try self.month(context, zone: zone)
        let from = try day("from", context)
        let to = try day("to", context)
        if month != nil, from != nil || to != nil { throw bothGiven(context) }
        if let from, let to, to < from { throw context.usageError("--to \(to) is before --from \(from)") }
        if let month { return .month(month) }
        return from == nil && to == nil ? .none : .range(from: from, to: to)
    }

    /// The months asked for, in order: --month, or --from to --to (either defaulting to this
    /// month), else this month.
    static func months(_ context: CommandContext, zone: ReportTimeZone) throws -> [YearMonth] {
        let fromText = context.command.value("from")
        let toText = context.command.value("to")
        let today = YearMonth(zone.date(of: context.now.epochSeconds))
        guard fromText != nil || toText != nil else { return [try month(context, zone: zone) ?? today] }
        if context.command.value("month") != nil { throw bothGiven(context) }
        guard let from = fromText.map(YearMonth.init(iso:)) ?? today, let to = toText.map(YearMonth.init(iso:)) ?? today else {
            throw context.usageError("options '--from' and '--to' need YYYY-MM")
        }
        guard from <= to else { throw context.usageError("--to \(to) is before --from \(from)") }
        return months(from: from, through: to)
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

    /// `--month`: `YYYY-MM`, `this` or `last`, months of the report time zone.
    static func month(_ context: CommandContext, zone: ReportTimeZone) throws -> YearMonth? {
        guard let text = context.command.value("month") else { return nil }
        let current = YearMonth(zone.date(of: context.now.epochSeconds))
        switch text {
        case "this": return current
        case "last": return current.adding(months: -1)
        default:
            guard let month = YearMonth(iso: text) else {
                throw context.usageError("option '--month' needs YYYY-MM, this or last, not '\(text)'")
            }
            return month
        }
    }

    /// `--from YYYY-MM` alone: the month a budget starts (or stops) in, this month by default.
    static func firstMonth(_ context: CommandContext, zone: ReportTimeZone) throws -> YearMonth {
        guard let text = context.command.value("from") else { return YearMonth(zone.date(of: context.now.epochSeconds)) }
        guard let month = YearMonth(iso: text) else { throw context.usageError("option '--from' needs YYYY-MM, not '\(text)'") }
        return month
    }

    static func day(_ name: String, _ context: CommandContext) throws -> CivilDate? {
        guard let text = context.command.value(name) else { return nil }
        guard let date = CivilDate(iso: text) else {
            throw context.usageError("option '--\(name)' needs a date YYYY-MM-DD, not '\(text)'")
        }
        return date
    }

    static func bothGiven(_ context: CommandContext) -> CommandError {
        context.usageError("use either --month or --from/--to, not both")
    }
}
