import Analytics
import Ledger
import LedgerStore
import Rendering

/// `purse goal set|remove|list|check`: savings and pay-down goals (README, "Goals").
enum GoalCommand {
    enum Set: PurseCommand {
        static let spec = CommandSpec(
            ["goal", "set"], summary: "Set a goal: save up to an amount on an account, or pay a card down to it, by a month.",
            discussion: """
                On an asset account TARGET is the balance to reach; on a liability (a card, a loan), what it may \
                still owe. A goal of the same name (in any case) is replaced.
                """,
            positionals: [
                PositionalSpec("NAME", help: "The goal's name, e.g. \"Emergency fund\"."),
                PositionalSpec("TARGET", help: "The amount, e.g. 10000 or 10000.00."),
            ],
            options: [by, account, currency])
        static let by = OptionSpec(
            "by", value: "YYYY-MM", help: "The month by whose end to reach TARGET (required; not before this month).")
        static let account = OptionSpec("account", value: "ACCOUNT", help: "The account (required): its ID or display name.")
        static let currency = OptionSpec("currency", value: "CODE", help: "The goal's currency: the account's (the default).")

        static func run(_ context: CommandContext) throws { try set(context) }
    }

    enum Remove: PurseCommand {
        static let spec = CommandSpec(
            ["goal", "remove"], summary: "Remove a goal.",
            positionals: [PositionalSpec("NAME", help: "The goal's name, in any case.")])

        static func run(_ context: CommandContext) throws { try remove(context) }
    }

    enum List: PurseCommand {
        static let spec = CommandSpec(
            ["goal", "list"], summary: "Goals with what is saved, what remains, and the amount a month to reach them.",
            discussion: "CSV columns: goal, account, target, currency, by, saved, remaining, months_left, per_month, on_track.",
            options: OutputOptions.listing)

        static func run(_ context: CommandContext) throws { try list(context) }
    }

    enum Check: PurseCommand {
        static let spec = CommandSpec(
            ["goal", "check"], summary: "Exit 1 when a goal is off track: for cron.",
            discussion: """
                Prints one line per goal off track and exits 1 when there is any; silent and 0 otherwise (a goal \
                whose progress cannot be told is not off track).
                """)

        static func run(_ context: CommandContext) throws { try check(context) }
    }

    static func set(_ context: CommandContext) throws {
        let name = context.command.positionals[0]
        let targetText = context.command.positionals[1]
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw context.usageError("NAME must not be empty") }
        let target: Int64
        do {
            target = try Money.parseUnits(targetText, allowSign: false)
        } catch {
            throw context.usageError("TARGET must be a decimal amount such as 400 or 400.00, not '\(targetText)'")
        }
        guard let by = try context.command.value(Set.by, as: YearMonth.self) else {
            throw context.usageError("--by YYYY-MM is required: the month by whose end to reach the goal")
        }
        let thisMonth = YearMonth(try today(context))
        guard by >= thisMonth else { throw context.usageError("--by \(by) is before this month (\(thisMonth))") }
        guard let accountName = context.command.value(Set.account.name) else {
            throw context.usageError("--account ACCOUNT is required: the account whose balance the goal follows")
        }
        let given = try context.command.value(Set.currency, as: KnownCurrency.self)
        let store = try context.openStore(.writeExisting)
        let accounts = try store.ledgerAccounts()
        let id = try AccountResolver.resolve(accountName, among: accounts, context: context)
        guard let account = accounts.first(where: { $0.id == id }) else { return }
        if let given, given.code != account.currency {
            throw context.usageError("--currency \(given.code) is not the currency of \(account.displayName), which is \(account.currency)")
        }
        let replaced = try store.transaction {
            try store.saveGoal(GoalRecord(name: name, accountID: id, target: target, currency: account.currency, byMonth: by))
        }
        context.note(
            "Goal \(name) \(replaced ? "replaced" : "added"): \(account.displayName) "
                + "\(account.kind == .liability ? "down to" : "up to") \(MoneyFormat.text(target, currency: account.currency)) by \(by)")
    }

    static func remove(_ context: CommandContext) throws {
        let name = context.command.positionals[0]
        let store = try context.openStore(.writeExisting)
        guard let removed = try store.transaction({ try store.removeGoal(named: name) }) else {
            throw context.usageError(
                "no goal named '\(name)' (see 'purse goal list')",
                suggestions: ClosestMatch.closest(name, among: try store.goalRecords().map(\.name)))
        }
        context.note("Goal \(removed) removed")
    }

    static func list(_ context: CommandContext) throws {
        try ReportRunner.run(
            context, options: { try today(context) },
            analyse: { store, today in try GoalAnalysis.report(store, accounts: try context.reportAccounts(store), today: today) },
            text: { report, _ in GoalRendering.text(report) }, csv: GoalRendering.csv, json: GoalRendering.json)
    }

    /// Silent and 0 when no goal is off track; a line per goal off track and exit 1 otherwise.
    static func check(_ context: CommandContext) throws {
        let today = try today(context)
        let report = try context.reading { store in
            try GoalAnalysis.report(store, accounts: try context.reportAccounts(store), today: today)
        }
        for line in GoalRendering.checkLines(report) { context.stdout.write(line + "\n") }
        if !report.offTrack.isEmpty { throw CheckFailed() }
    }

    /// Today in the report's zone (`--now`, else the clock).
    static func today(_ context: CommandContext) throws -> CivilDate {
        try context.today(in: context.reportTimeZone())
    }
}
