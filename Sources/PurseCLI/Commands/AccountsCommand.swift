import Analytics
import Ledger
import LedgerStore
import Rendering

/// `purse accounts`: each account with its kind, institution, currency, latest balance, time
/// zone and source; `purse accounts set`: the user's own name, zone and visibility of one.
enum AccountsCommand: PurseCommand {
    static let spec = CommandSpec(
        ["accounts"], summary: "Accounts with their latest balances, time zones and sources.",
        options: OutputOptions.listing)

    enum Set: PurseCommand {
        static let spec = CommandSpec(
            ["accounts", "set"], summary: "Set an account's own name, time zone or visibility (kept across syncs).",
            discussion: """
                What you set here is kept apart from what syncs bring, so every later sync keeps it, and an \
                account that goes and comes back keeps it too. An account's time zone decides the days of its \
                transactions and balances in every report (else its source's zone, else the ledger's: see 'purse config'). A hidden account \
                (a closed card) is left out of reports, budgets, net worth and transactions unless --all is \
                given or --account names it; 'purse accounts' still lists it.
                """,
            positionals: [PositionalSpec("ACCOUNT", help: "The account's ID or display name.")],
            options: [name, tz, hidden, visible])

        static let name = OptionSpec("name", value: "NAME", help: "The name reports show ('' goes back to the synced name).")
        static let tz = OptionSpec(
            "tz", value: "ZONE", help: "Its time zone, an IANA name such as Europe/London ('' goes back to its source's).")
        static let hidden = OptionSpec("hidden", help: "Leave it out of reports unless --all or --account.")
        static let visible = OptionSpec("visible", help: "Show it in reports again.")

        static func run(_ context: CommandContext) throws { try set(context) }
    }

    static func run(_ context: CommandContext) throws {
        try ReportRunner.list(
            context,
            read: { store in
                let accounts = try context.reportAccounts(store)
                return try store.accountSummaries().compactMap { summary -> ListedAccount? in
                    guard let account = accounts.all.first(where: { $0.id == summary.account.id }) else { return nil }
                    let zone = accounts.zone(of: account.id)
                    let asOf = summary.latestBalanceAsOf.map { text in
                        Timestamp(rfc3339: text).map(zone.rfc3339) ?? text
                    }
                    return ListedAccount(summary: summary, account: account, zone: zone.identifier, asOf: asOf)
                }
            }, text: AccountsRendering.text, csv: AccountsRendering.csv, json: AccountsRendering.json)
    }

    /// `purse accounts set ACCOUNT [--name NAME] [--tz ZONE] [--hidden|--visible]`: kept apart
    /// from what syncs bring, so every later sync keeps it. An empty `--name` or `--tz` goes
    /// back to what the source gives.
    static func set(_ context: CommandContext) throws {
        let name = context.command.text(Set.name)
        let zone = context.command.text(Set.tz)
        let (hide, show) = (context.command.has(Set.hidden), context.command.has(Set.visible))
        guard !(hide && show) else { throw context.usageError("use either --hidden or --visible, not both") }
        guard name != nil || zone != nil || hide || show else {
            throw context.usageError("nothing to set: give --name, --tz, --hidden or --visible")
        }
        if let name, name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw context.usageError("option '--name' must be one line of text without control characters")
        }
        // An empty --tz goes back to the source's zone.
        if let zone, !zone.isEmpty, ZoneName.parse(zone) == nil { throw context.usageError(ZoneName.refusal(zone, option: Set.tz.name)) }
        let store = try context.openStore(.writeExisting)
        let account = try store.transaction { () -> LedgerAccount in
            let accounts = try store.ledgerAccounts()
            let id = try AccountResolver.resolve(context.command.positionals[0], among: accounts, context: context)
            var settings = try store.accountSettings(accountID: id)
            if let name { settings.displayName = name.trimmingCharacters(in: .whitespaces).isEmpty ? nil : name }
            if let zone { settings.timeZone = zone.isEmpty ? nil : zone }
            if hide || show { settings.isHidden = hide }
            try store.saveAccountSettings(settings, now: context.now)
            let updated = try store.ledgerAccounts()
            if zone != nil {
                // Imported rows stay on the days their statements wrote, now in the account's new zone.
                let ledgerZone = try context.ledgerZone(store)
                try store.restampStatementDays(
                    accountID: id, zone: ReportAccounts(updated, base: ledgerZone, ledgerZone: ledgerZone).zone(of: id))
            }
            return updated.first { $0.id == id }!
        }
        let ledgerZone = try context.ledgerZone(store).identifier
        let zoneText =
            account.userTimeZone.map { "time zone \($0)" }
            ?? account.sourceTimeZone.map { "time zone \($0) (its source's)" } ?? "time zone: the ledger's (\(ledgerZone))"
        context.note(
            "\(account.displayName) (\(ReportAccounts.shortID(account.id))): \(zoneText), \(account.isHidden ? "hidden" : "visible")")
    }
}
