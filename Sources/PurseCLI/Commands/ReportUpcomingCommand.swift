import Analytics
import Ledger
import Rendering

/// `purse report upcoming`: each recurring series' expected occurrences over the next days, and
/// each account's balance run forward through them. The series are `report recurring`'s
/// default run as of today, so the two never disagree about what recurs.
enum ReportUpcomingCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "upcoming"], summary: "What the recurring charges and income will bring over the next days, and where balances go.",
        discussion: """
            Lists each series of 'report recurring' (its default run as of today, a missed one too) on every day it is \
            expected from tomorrow to today + --days, at its typical amount. CSV columns: date, account_id, account, \
            merchant, category, direction, amount, currency, cadence. Text runs each account's latest balance forward \
            through its rows and names the first day an asset would go below zero or a liability would owe more than \
            its credit limit; --check then exits 1.
            """,
        options: [days, AccountScope.account, AccountScope.all, ScopeOptions.currency, check] + OutputOptions.report)

    static let days = OptionSpec("days", value: "N", help: "How many days after today to look, 1 to 3660 (default 30).")
    static let check = OptionSpec(
        "check", help: "Exit 1 when an account would go below zero or past its credit limit in the window (for cron).")

    static func run(_ context: CommandContext) throws {
        let report = try ReportRunner.run(
            context,
            options: {
                let days = try context.command.value(days, as: UpcomingDays.self) ?? .standard
                let today = try context.today(in: context.reportTimeZone())
                return (period: ReportRecurringCommand.defaultPeriod(today: today), days: days.value)
            },
            analyse: { store, options in
                let scope = try options.period.scope(context: context, store: store)
                let recurring = try RecurringAnalysis.report(
                    store, scope: scope, first: options.period.first, asOf: options.period.last)
                return try UpcomingAnalysis.report(store, recurring: recurring, accounts: scope.accounts, days: options.days)
            }, text: UpcomingRendering.text, csv: UpcomingRendering.csv, json: UpcomingRendering.json)
        if report.hasShortfall, context.command.has(check) { throw CheckFailed() }
    }
}
