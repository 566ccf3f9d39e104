import Analytics
import Ledger
import LedgerStore

/// The period a report covers, from `--month` or `--from/--to`: exact local days (each account's
/// own, in its zone), and the calendar months they touch.
struct ReportPeriod {
    let months: [YearMonth]
    let first: CivilDate
    let last: CivilDate

    /// Neither --month nor --from/--to is this month; --from alone runs to today (or to its own
    /// day, when later), --to alone from the first day of its month. Today is the report zone's.
    init(context: CommandContext) throws {
        let zone = try context.reportTimeZone()
        let today = context.today(in: zone)
        switch try PeriodOptions(context.command, current: YearMonth(today)).days {
        case .none:
            self.init(month: YearMonth(today))
        case .month(let month):
            self.init(month: month)
        case .range(let from, let to):
            let first = from ?? YearMonth(to!).firstDay
            let last = to ?? max(today, first)
            self.init(months: PeriodOptions.months(from: YearMonth(first), through: YearMonth(last)), first: first, last: last)
        }
    }

    init(month: YearMonth) {
        self.init(months: [month], first: month.firstDay, last: month.lastDay)
    }

    init(months: [YearMonth], first: CivilDate, last: CivilDate) {
        self.months = months
        self.first = first
        self.last = last
    }

    /// The same number of months just before.
    var previousMonths: [YearMonth] {
        months.map { $0.adding(months: -months.count) }
    }

    /// The scope over the ledger's accounts, with --include-pending, --account, --all and --currency.
    func scope(context: CommandContext, store: LedgerStore) throws -> ReportScope {
        var scope = ReportScope(first: first, last: last, accounts: try context.reportAccounts(store))
        let options = try ScopeOptions(context.command)
        scope.includePending = options.includePending
        scope.currencies = try Self.heldCurrencies(options.currencies, context: context, accounts: scope.accounts)
        return scope
    }

    /// `--currency`, each code one that an account of the ledger holds (hidden accounts too: a
    /// hidden account's currency is still the ledger's, and `--all` or `--account` reach it), so
    /// a typo or a currency nobody holds is a usage error instead of an empty report.
    static func heldCurrencies(_ given: [String], context: CommandContext, accounts: ReportAccounts) throws -> [String] {
        let held = Set(accounts.all.map(\.currency)).sorted()
        let holder = PickedInput(context.command).file == nil ? "the ledger" : "the file"
        for code in given where !held.contains(code) {
            throw context.usageError(
                held.isEmpty
                    ? "no account holds \(code): \(holder) has no accounts yet"
                    : "no account holds \(code); \(holder) holds \(held.joined(separator: ", "))")
        }
        return given
    }
}
