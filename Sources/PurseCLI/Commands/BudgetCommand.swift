import Analytics
import Ledger
import LedgerStore
import Rendering

/// `purse budget set|remove|list|check` and `purse report budget`.
enum BudgetCommand {
    static func set(_ context: CommandContext) throws {
        let amountText = context.command.positionals[1]
        let store = try context.openStore(.writeExisting)
        let category = try CategoryResolver.resolve(
            context.command.positionals[0], store: store, context: context,
            allowNew: context.command.has("new"),
            hint: "see 'purse categories'; --new creates it")
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
        let rolloverText = context.command.value("rollover") ?? "none"
        guard let rollover = BudgetRecord.Rollover(rawValue: rolloverText) else {
            throw context.usageError("option '--rollover' must be none, surplus or all, not '\(rolloverText)'")
        }
        let month = try PeriodOptions.firstMonth(context, zone: try context.reportTimeZone())
        try store.transaction {
            try store.saveBudget(
                BudgetRecord(
                    category: category, currency: currency, firstMonth: month, amount: units,
                    rollover: rollover), now: context.now)
        }
        context.note(
            "Budget for \(category): \(MoneyFormat.text(units, currency: currency)) a month from \(month), rollover \(rollover.rawValue)")
    }

    static func remove(_ context: CommandContext) throws {
        let store = try context.openStore(.writeExisting)
        let category = try CategoryResolver.resolve(
            context.command.positionals[0], store: store, context: context,
            hint: "see 'purse budget list'")
        let currency = try self.currency(context, store: store)
        let month = try PeriodOptions.firstMonth(context, zone: try context.reportTimeZone())
        let history = try store.budgetRecords().filter { $0.category == category && $0.currency == currency }
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
                    rollover: current.rollover), now: context.now)
        }
        context.note("Budget for \(category) (\(currency)) removed from \(month) on")
    }

    static func list(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let records = try context.reading { try $0.budgetRecords() }
        try context.writingData { sink in
            switch format {
            case .csv: BudgetListRendering.csv(records, write: sink.write)
            case .json: sink.write(BudgetListRendering.json(records).pretty + "\n")
            default: sink.write(BudgetListRendering.text(records))
            }
        }
    }

    static func report(_ context: CommandContext) throws {
        try ReportRunner.run(
            context,
            options: {
                let zone = try context.reportTimeZone()
                return (zone: zone, months: try PeriodOptions.months(context, zone: zone), warnAt: try warnLevel(context) ?? 80)
            },
            analyse: { store, options in
                try BudgetAnalysis.report(
                    store, months: options.months, accounts: try context.reportAccounts(store),
                    today: options.zone.date(of: context.now.epochSeconds), warnAt: options.warnAt,
                    includePending: context.command.has("include-pending"))
            }, text: BudgetRendering.text, csv: BudgetRendering.csv, json: BudgetRendering.json)
    }

    /// Silent and 0 when all is well; a line per budget over (and, with --warn-at, per warning)
    /// and exit 1 when any is over.
    static func check(_ context: CommandContext) throws {
        let zone = try context.reportTimeZone()
        let months = try PeriodOptions.months(context, zone: zone)
        let warnAt = try warnLevel(context)
        let report = try context.reading { store in
            try BudgetAnalysis.report(
                store, months: months, accounts: try context.reportAccounts(store), today: zone.date(of: context.now.epochSeconds),
                warnAt: warnAt ?? 80, includePending: context.command.has("include-pending"))
        }
        for line in BudgetRendering.checkLines(report, includeWarnings: warnAt != nil) {
            context.stdout.write(line + "\n")
        }
        if report.rows.contains(where: { $0.status == .over }) { throw CheckFailed() }
    }

    // MARK: - Options

    static func currency(_ context: CommandContext, store: LedgerStore) throws -> String {
        if let code = context.command.value("currency") {
            guard CurrencyTable.isKnown(code.uppercased()) else {
                throw context.usageError("option '--currency' needs an ISO 4217 code such as USD, not '\(code)'")
            }
            return code.uppercased()
        }
        let currencies = try store.accountCurrencies()
        guard currencies.count <= 1 else {
            throw context.usageError("the ledger has several currencies (\(currencies.joined(separator: ", "))): say which with --currency")
        }
        return currencies.first ?? "USD"
    }

    static func warnLevel(_ context: CommandContext) throws -> Int64? {
        guard let text = context.command.value("warn-at") else { return nil }
        guard let level = Int64(text), (1...1000).contains(level) else {
            throw context.usageError("option '--warn-at' needs a percentage from 1 to 1000, not '\(text)'")
        }
        return level
    }
}
