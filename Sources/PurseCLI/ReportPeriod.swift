import Analytics
import Ledger
import LedgerStore

/// The period a report covers, from `--month` or `--from/--to`: exact local days, and the
/// calendar months they touch.
struct ReportPeriod {
    let months: [YearMonth]
    let scope: ReportScope

    /// `defaultMonth` applies when neither --month nor --from/--to is given.
    init(context: CommandContext, zone: ReportTimeZone, defaultMonth: String = "this") throws {
        let month = try context.month("month", zone: zone)
        let from = try context.day("from")
        let to = try context.day("to")
        if month != nil, from != nil || to != nil {
            throw context.usageError("use either --month or --from/--to, not both")
        }
        if let from, let to, to < from {
            throw context.usageError("--to \(to) is before --from \(from)")
        }
        let today = zone.date(of: context.now.epochSeconds)
        if from != nil || to != nil {
            let first = from ?? YearMonth(to!).firstDay
            let last = to ?? max(today, first)
            var months: [YearMonth] = []
            var current = YearMonth(first)
            while current <= YearMonth(last) {
                months.append(current)
                current = current.adding(months: 1)
            }
            self.months = months
            scope = ReportScope(from: zone.startOfDay(first), until: zone.startOfDay(last.adding(days: 1)), zone: zone)
        } else {
            let chosen = month ?? (defaultMonth == "last" ? YearMonth(today).adding(months: -1) : YearMonth(today))
            months = [chosen]
            scope = ReportScope(months: chosen...chosen, zone: zone)
        }
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
