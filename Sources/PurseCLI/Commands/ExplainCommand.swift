import Analytics
import Ledger
import LedgerStore
import Rendering

/// `purse explain`: the transactions behind a spending number and why each counted, then the
/// ones of the same scope that did not count and why not.
enum ExplainCommand: PurseCommand {
    static let spec = CommandSpec(
        ["explain"], summary: "The transactions behind a spending number, and why each counted.",
        options: ScopeOptions.options + [
            PickedInput.input, category, group, mcc, merchant, PersonOptions.person, ConversionOptions.convertTo, projected,
        ]
            + OutputOptions.report)

    static let category = OptionSpec("category", value: "NAME", help: "Only this category.")
    static let group = OptionSpec("group", value: "NAME", help: "Only the categories of this group ('purse categories group').")
    static let mcc = OptionSpec("mcc", value: "N", help: "Only this merchant category code.")
    static let merchant = OptionSpec(
        "merchant", value: "TEXT", help: "Merchant name, or the name a rule shows it under, contains TEXT, ignoring case.")

    static let projected = OptionSpec(
        "projected",
        help: "The parts of the projection of --category to the end of its budget's running period (no budget: this month).")

    static func run(_ context: CommandContext) throws {
        if context.command.has(projected) { return try projection(context) }
        let report = try ReportRunner.run(
            context,
            options: {
                (
                    filters: try filters(context), period: try ReportPeriod(context: context),
                    target: try ConversionOptions(context.command).target
                )
            },
            analyse: { store, options in
                // Matching ignores case, so the report keeps the category as typed; only an unknown one stops it.
                if let category = options.filters.category { _ = try CategoryResolver.resolve(category, store: store, context: context) }
                var filters = options.filters
                filters.people = try PersonOptions.known(filters.people, store: store, context: context)
                if let given = context.command.text(group) {
                    let groups = try store.categoryGroups()
                    guard let name = groups.name(matching: given) else {
                        throw context.usageError(
                            "there is no group '\(given)' (see 'purse categories')",
                            suggestions: ClosestMatch.closest(given, among: groups.names))
                    }
                    filters.group = name
                    filters.groupCategories = groups.members(of: name)
                }
                return try ExplainAnalysis.report(
                    store, scope: try options.period.scope(context: context, store: store),
                    months: options.period.months, filters: filters, convertTo: options.target)
            }, text: ExplainRendering.text, csv: ExplainRendering.csv, json: ExplainRendering.json)
        context.warn(leftOut: report.unconverted)
    }

    /// --category, --mcc, --merchant and --person: which spending to explain.
    static func filters(_ context: CommandContext) throws -> ExplainReport.Filters {
        var filters = ExplainReport.Filters()
        if let category = context.command.text(Self.category) {
            guard !category.isEmpty else { throw context.usageError("option '--category' needs a category name") }
            filters.category = category
        }
        filters.merchantCategoryCode = try context.command.value(Self.mcc, as: MerchantCategoryCode.self)?.code
        if let merchant = context.command.text(Self.merchant) {
            guard !merchant.isEmpty else { throw context.usageError("option '--merchant' needs some text to look for") }
            filters.merchant = merchant
        }
        filters.people = try PersonOptions.names(context)
        return filters
    }

    /// `explain --projected`: the parts of the projection of one category's budget in its
    /// running period (README, "Budgets": Projected); of the running month without a budget.
    static func projection(_ context: CommandContext) throws {
        let scopeOptions = try ScopeOptions(context.command)
        let report = try ReportRunner.run(
            context,
            options: {
                for option in [
                    PeriodOptions.month, PeriodOptions.from, PeriodOptions.to, group, mcc, merchant, PersonOptions.person,
                    ConversionOptions.convertTo, PickedInput.input,
                ]
                where context.command.isGiven(option) {
                    throw context.usageError("option '--\(option.name)' does not go with --projected, which projects the running period")
                }
                guard let category = context.command.text(category), !category.isEmpty else {
                    throw context.usageError("option '--projected' needs --category NAME")
                }
                guard scopeOptions.currencies.count <= 1 else {
                    throw context.usageError("option '--projected' takes one --currency, the budget's")
                }
                return (category: category, today: try context.today(in: context.reportTimeZone()))
            },
            analyse: { store, options in
                let category = try CategoryResolver.resolve(options.category, store: store, context: context)
                let accounts = try context.reportAccounts(store)
                let given = try ReportPeriod.heldCurrencies(scopeOptions.currencies, context: context, accounts: accounts).first
                let month = YearMonth(options.today)
                let running = BudgetProjector.budgets(try store.budgetRecords(), of: category, in: month)
                let budget: (record: BudgetRecord, months: ClosedRange<YearMonth>)?
                let currency: String
                if let given {
                    budget = running.first { $0.record.currency == given }
                    currency = given
                } else if running.count > 1 {
                    throw context.usageError(
                        "'\(category)' has budgets in \(running.map(\.record.currency).joined(separator: ", ")): say which with --currency")
                } else if let only = running.first {
                    budget = only
                    currency = only.record.currency
                } else {
                    let held = Set(accounts.all.map(\.currency)).sorted()
                    guard held.count <= 1 else {
                        throw context.usageError(
                            "the ledger has several currencies (\(held.joined(separator: ", "))): say which with --currency")
                    }
                    budget = nil
                    currency = held.first ?? "USD"
                }
                return try BudgetProjector(store, accounts: accounts, today: options.today, includePending: scopeOptions.includePending)
                    .projection(
                        category: category, currency: currency, allCurrencies: budget?.record.allCurrencies ?? false,
                        firstDay: (budget?.months.lowerBound ?? month).firstDay, lastDay: (budget?.months.upperBound ?? month).lastDay)
            }, text: BudgetProjectionRendering.text, csv: BudgetProjectionRendering.csv, json: BudgetProjectionRendering.json)
        context.warn(leftOut: report.unconverted)
    }
}
