import Analytics
import Ledger
import LedgerStore
import Rendering

/// `purse budget set|remove|list|check` and `purse report budget`.
enum BudgetCommand {
    enum Report: PurseCommand {
        static let spec = CommandSpec(
            ["report", "budget"], summary: "Budget vs actual per category, with carry-over.",
            discussion: """
                CSV columns: month, period, category, currency, budgeted, carried, available, spent, refunded, net, \
                remaining, used_pct, status, projected. --from/--to give one row per month and category. A quarter or \
                year budget counts from its period's first month through the month. With --projected, projected is \
                the running period's projection: net so far, recurring charges due, and the rest at the pace of the \
                three months before (README, Budgets). A column scope (category or group) follows when a budget is over \
                a group.
                """,
            options: [
                PeriodOptions.month, BudgetMonths.from, BudgetMonths.to, BudgetThresholds.warnAt, ScopeOptions.includePending,
                AccountScope.all, BudgetCommand.projected,
            ] + OutputOptions.report)

        static func run(_ context: CommandContext) throws { try report(context) }
    }

    enum Set: PurseCommand {
        static let spec = CommandSpec(
            ["budget", "set"], summary: "Set a budget for a category or a group, by month, quarter or year (from a month on).",
            positionals: [
                PositionalSpec("CATEGORY", help: "The category, as reports show it (with --group, the group's name)."),
                PositionalSpec("AMOUNT", help: "The amount of each period, e.g. 400 or 400.00."),
            ],
            options: [BudgetCommand.currency, period, rollover, from, allCurrencies, new, BudgetCommand.group])
        static let period = OptionSpec(
            "period", value: "PERIOD",
            help: "month, quarter or year: how long the amount lasts (default the budget's period at --from, else month).")
        static let allCurrencies = OptionSpec(
            "all-currencies",
            help: "Count the category's spending in every currency, converted into the budget's at the rate of each day.")
        static let rollover = OptionSpec(
            "rollover", value: "POLICY", help: "none, surplus (carry what is left) or all (carry overspending too); default none.")
        static let from = OptionSpec(
            "from", value: "YYYY-MM",
            help: "First month the amount applies, a quarter's or year's first for those (default the first month of this period).")
        static let new = OptionSpec(
            "new", help: "CATEGORY is a new category (no transaction, rule or built-in category uses it yet): create it.")

        static func run(_ context: CommandContext) throws { try set(context) }
    }

    enum Remove: PurseCommand {
        static let spec = CommandSpec(
            ["budget", "remove"], summary: "Stop a category's budget (from a month on).",
            positionals: [PositionalSpec("CATEGORY", help: "The category (with --group, the group's name).")],
            options: [BudgetCommand.currency, from, BudgetCommand.group])
        static let from = OptionSpec("from", value: "YYYY-MM", help: "First month without the budget (default this month).")

        static func run(_ context: CommandContext) throws { try remove(context) }
    }

    enum List: PurseCommand {
        static let spec = CommandSpec(
            ["budget", "list"], summary: "Budgets with their history.",
            options: OutputOptions.listing)

        static func run(_ context: CommandContext) throws { try list(context) }
    }

    enum Check: PurseCommand {
        static let spec = CommandSpec(
            ["budget", "check"], summary: "Exit 1 when a budget is over: for cron.",
            discussion: """
                Prints one line per budget that is over (or at the warn level with --warn-at) and exits 1 when \
                any is over, 0 otherwise. Silent and 0 when all is well, so `purse budget check || mail ...` \
                works from cron. With --projected, also a 'projected over:' line per budget whose projection to the \
                end of its period exceeds what is available, and exit 1 when there is one.
                """,
            options: [PeriodOptions.month, BudgetThresholds.warnAt, ScopeOptions.includePending, AccountScope.all, BudgetCommand.projected])

        static func run(_ context: CommandContext) throws { try check(context) }
    }

    /// `--projected` of `report budget` and `budget check`.
    static let projected = OptionSpec(
        "projected", help: "Project the running month to its end: net so far, recurring charges due, the usual pace for the rest.")

    /// `--group` of `budget set` and `budget remove`: CATEGORY names a group.
    static let group = OptionSpec(
        "group", help: "CATEGORY is a group ('purse categories group'): the budget counts its categories as they are when it runs.")

    /// `--currency` of `budget set` and `budget remove`.
    static let currency = OptionSpec(
        "currency", value: "CODE", help: "The budget's currency (default: the ledger's currency, when it has only one).")

    static func set(_ context: CommandContext) throws {
        let amountText = context.command.positionals[1]
        let store = try context.openStore(.writeExisting)
        let (category, scope) = try budgeted(
            context, store: store, allowNew: context.command.has(Set.new), hint: "see 'purse categories'; --new creates it")
        let currency = try self.currency(context, store: store)
        let held = try store.accountCurrencies()
        guard held.contains(currency) else {
            throw context.usageError(
                held.isEmpty
                    ? "no account holds \(currency): the ledger has no accounts yet (run 'purse sync' first)"
                    : "no account holds \(currency) (the accounts hold \(held.joined(separator: ", ")))")
        }
        let units: Int64
        do {
            units = try Money.parseUnits(amountText, allowSign: false)
        } catch {
            throw context.usageError("AMOUNT must be a decimal amount such as 400 or 400.00, not '\(amountText)'")
        }
        let rollover = try context.command.value(Set.rollover) ?? BudgetRecord.Rollover.none
        let (month, period) = try firstMonthAndPeriod(context, category: category, currency: currency, scope: scope, store: store)
        let allCurrencies = context.command.has(Set.allCurrencies)
        let replaced = try store.transaction {
            // A quarter or year lasts its whole period: entries starting inside it would cut it short.
            let replaced = try store.removeBudgetEntries(
                category: category, currency: currency, after: month, through: period.last(of: month))
            try store.saveBudget(
                BudgetRecord(
                    category: category, currency: currency, firstMonth: month, amount: units,
                    rollover: rollover, period: period, allCurrencies: allCurrencies, scope: scope), now: context.now)
            return replaced
        }
        context.note(
            "Budget for \(scope == .group ? "the group " : "")\(category): \(MoneyFormat.text(units, currency: currency)) a \(period.rawValue) from \(month), rollover \(rollover.rawValue)"
                + (allCurrencies ? ", every currency converted into \(currency)" : "")
                + (replaced.isEmpty ? "" : "; replaces the entries from \(replaced.map(\.description).joined(separator: ", "))"))
    }

    static func remove(_ context: CommandContext) throws {
        let store = try context.openStore(.writeExisting)
        let (category, scope) = try budgeted(context, store: store, hint: "see 'purse budget list'")
        let currency = try self.currency(context, store: store)
        let month = try firstMonth(context, from: Remove.from)
        let history = try store.budgetRecords().filter { $0.category == category && $0.currency == currency && $0.scope == scope }
        // Only a budget in force in `month`, or set for a later month, can be removed: one already
        // removed does not exist any more.
        let inForce = history.last { $0.firstMonth <= month }
        guard inForce?.amount != nil || history.contains(where: { $0.firstMonth > month && $0.amount != nil }) else {
            throw context.usageError("there is no \(currency) budget for '\(category)' (see 'purse budget list')")
        }
        let current = inForce ?? history[0]
        try store.transaction {
            try store.saveBudget(
                BudgetRecord(
                    category: category, currency: currency, firstMonth: month, amount: nil,
                    rollover: current.rollover, period: current.period, allCurrencies: current.allCurrencies, scope: scope),
                now: context.now)
        }
        context.note("Budget for \(scope == .group ? "the group " : "")\(category) (\(currency)) removed from \(month) on")
    }

    static func list(_ context: CommandContext) throws {
        try ReportRunner.list(
            context, read: { try $0.budgetRecords() }, text: BudgetListRendering.text, csv: BudgetListRendering.csv,
            json: BudgetListRendering.json)
    }

    static func report(_ context: CommandContext) throws {
        let report = try ReportRunner.run(
            context,
            options: {
                let zone = try context.reportTimeZone()
                let months = try BudgetMonths(context.command, current: YearMonth(context.today(in: zone))).months
                return (zone: zone, months: months, warnAt: try BudgetThresholds(context.command).warnAt.percent)
            },
            analyse: { store, options in
                try analyse(
                    context, store, months: options.months, today: context.today(in: options.zone), warnAt: options.warnAt)
            }, text: BudgetRendering.text, csv: BudgetRendering.csv, json: BudgetRendering.json)
        context.warn(leftOut: report.unconverted)
    }

    /// Silent and 0 when all is well; a line per budget over (and, with --warn-at, per warning)
    /// and exit 1 when any is over.
    static func check(_ context: CommandContext) throws {
        let zone = try context.reportTimeZone()
        let months = try BudgetMonths(context.command, current: YearMonth(context.today(in: zone))).months
        let warnAt = try BudgetThresholds(context.command).given
        let report = try context.reading { store in
            try analyse(
                context, store, months: months, today: context.today(in: zone), warnAt: (warnAt ?? .standard).percent)
        }
        for line in BudgetRendering.checkLines(report, includeWarnings: warnAt != nil) {
            context.stdout.write(line + "\n")
        }
        context.warn(leftOut: report.unconverted)
        if report.rows.contains(where: { $0.status == .over || BudgetRendering.isProjectedOver($0) }) { throw CheckFailed() }
    }

    /// The budget report of `months`, the running month projected with `--projected`.
    static func analyse(
        _ context: CommandContext, _ store: LedgerStore, months: [YearMonth], today: CivilDate, warnAt: Int64
    ) throws -> BudgetReport {
        let accounts = try context.reportAccounts(store)
        let includePending = context.command.has(ScopeOptions.includePending)
        let report = try BudgetAnalysis.report(
            store, months: months, accounts: accounts, today: today, warnAt: warnAt, includePending: includePending)
        guard context.command.has(projected) else { return report }
        if !months.contains(YearMonth(today)) {
            context.warn("--projected projects the running month, \(YearMonth(today)), which this report does not show")
        }
        return try report.projecting(store, accounts: accounts, today: today, includePending: includePending)
    }

    // MARK: - Options

    /// CATEGORY of `budget set|remove`: a category purse knows, or with `--group` a group (one
    /// with a budget already, for a group since removed). A category is never named as a group is.
    static func budgeted(_ context: CommandContext, store: LedgerStore, allowNew: Bool = false, hint: String)
        throws -> (String, BudgetRecord.Scope)
    {
        let given = context.command.positionals[0]
        let groups = try store.categoryGroups()
        let budgetedGroups = try store.budgetRecords().filter { $0.scope == .group }.map(\.category)
        let lowered = given.lowercased()
        let group = groups.name(matching: given) ?? budgetedGroups.first { $0.lowercased() == lowered }
        if context.command.has(Self.group) {
            guard let group else {
                throw context.usageError(
                    "there is no group '\(given)' (see 'purse categories')", suggestions: ClosestMatch.closest(given, among: groups.names))
            }
            return (group, .group)
        }
        if let group { throw context.usageError("'\(group)' is a group: give --group to budget it") }
        let category = try CategoryResolver.resolve(
            given, store: store, context: context, allowNew: allowNew, hint: hint)
        return (category, .category)
    }

    static func currency(_ context: CommandContext, store: LedgerStore) throws -> String {
        if let currency = try context.command.value(Self.currency, as: KnownCurrency.self) { return currency.code }
        let currencies = try store.accountCurrencies()
        guard currencies.count <= 1 else {
            throw context.usageError("the ledger has several currencies (\(currencies.joined(separator: ", "))): say which with --currency")
        }
        return currencies.first ?? "USD"
    }

    /// `--from` and `--period` of `budget set`. The period is the one given, else the one of the
    /// budget's entry in force at the first month (a removal keeps the period it removed), else a
    /// month; the first month is the one given, else the first of this period. Without `--from`
    /// the entry in force this month decides: a quarter or year in force now started on or before
    /// this period's first month, so it is also the one in force then.
    static func firstMonthAndPeriod(
        _ context: CommandContext, category: String, currency: String, scope: BudgetRecord.Scope, store: LedgerStore
    ) throws -> (YearMonth, BudgetPeriod) {
        let given = try context.command.value(Set.from, as: YearMonth.self)
        let thisMonth = YearMonth(try context.today(in: context.reportTimeZone()))
        let inForce = try store.budgetRecords().last {
            $0.category == category && $0.currency == currency && $0.scope == scope && $0.firstMonth <= (given ?? thisMonth)
        }
        let period = try context.command.value(Set.period) ?? inForce?.period ?? .month
        let month = given ?? period.first(of: thisMonth)
        guard period.first(of: month) == month else {
            let name = period.rawValue
            throw context.usageError("a \(name) budget starts on a \(name)'s first month: --from \(period.first(of: month))")
        }
        return (month, period)
    }

    /// `--from YYYY-MM` of `budget remove`: the month a budget stops in, this month by default.
    static func firstMonth(_ context: CommandContext, from: OptionSpec) throws -> YearMonth {
        let zone = try context.reportTimeZone()
        return try context.command.value(from, as: YearMonth.self) ?? YearMonth(context.today(in: zone))
    }
}
