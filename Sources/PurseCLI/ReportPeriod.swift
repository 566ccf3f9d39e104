import Analytics
import Ledger
import LedgerStore

/// The period a report covers, from `--month` or `--from/--to`: exact local days, and the
/// calendar months they touch.
struct ReportPeriod {
    let months: [YearMonth]
    let scope: ReportScope

    /// Neither --month nor --from/--to is this month; --from alone runs to today (or to its own
    /// day, when later), --to alone from the first day of its month.
    init(context: CommandContext, zone: ReportTimeZone) throws {
        let today = zone.date(of: context.now.epochSeconds)
        switch try PeriodOptions.days(context, zone: zone) {
        case .none:
            self.init(month: YearMonth(today), zone: zone)
        case .month(let month):
            self.init(month: month, zone: zone)
        case .range(let from, let to):
            let first = from ?? YearMonth(to!).firstDay
            let last = to ?? max(today, first)
            self.init(
                months: PeriodOptions.months(from: YearMonth(first), through: YearMonth(last)),
                scope: ReportScope(
                    from: zone.startOfDay(first), until: zone.startOfDay(last.adding(days: 1)),
                    zone: zone))
        }
    }

    init(month: YearMonth, zone: ReportTimeZone) {
        self.init(months: [month], scope: ReportScope(months: month...month, zone: zone))
    }

    init(months: [YearMonth], scope: ReportScope) {
        self.months = months
        self.scope = scope
    }

    /// The same number of months just before.
    var previousMonths: [YearMonth] {
        months.map { $0.adding(months: -months.count) }
    }

    /// Applies --include-pending, --account and --currency to the scope.
    func filtered(context: CommandContext, store: LedgerStore) throws -> ReportScope {
        var scope = scope
        scope.includePending = context.command.has("include-pending")
        scope.accountIDs = try AccountResolver.accountIDs(context, store: store)
        scope.currencies = context.list("currency").map { $0.uppercased() }
        return scope
    }
}
