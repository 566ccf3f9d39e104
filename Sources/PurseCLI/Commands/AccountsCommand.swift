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

    /// An account as listed: its summary, and its settings and zone.
    struct Listed {
        let summary: AccountSummary
        let account: LedgerAccount
        let zone: String
        /// When the latest balance was observed, told in the account's zone as it is now (a
        /// zone set after the balance came in included).
        let asOf: String?
    }

    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let listed = try context.reading { store in
            let accounts = try context.reportAccounts(store)
            return try store.accountSummaries().compactMap { summary -> Listed? in
                guard let account = accounts.all.first(where: { $0.id == summary.account.id }) else { return nil }
                let zone = accounts.zone(of: account.id)
                let asOf = summary.latestBalanceAsOf.map { text in
                    Timestamp(rfc3339: text).map(zone.rfc3339) ?? text
                }
                return Listed(summary: summary, account: account, zone: zone.identifier, asOf: asOf)
            }
        }
        try context.writingData { write(listed, format: format, to: $0) }
    }

    static func write(_ listed: [Listed], format: OutputFormat, to sink: TextSink) {
        switch format {
        case .csv:
            let csv = CSVWriter(
                header: [
                    "id", "account", "kind", "institution", "currency", "balance", "balance_as_of", "source", "source_id",
                    "time_zone", "hidden",
                ],
                write: sink.write)
            for item in listed {
                let summary = item.summary
                csv.row([
                    .text(summary.account.id), .text(summary.account.displayName), .text(summary.account.kind.rawValue),
                    .text(summary.account.institutionName), .text(summary.account.currencyCode),
                    summary.latestBalance.map { .number(MoneyFormat.machine($0)) } ?? .empty,
                    item.asOf.map { .number($0) } ?? .empty, .text(summary.sourceName), .text(item.account.sourceID),
                    .text(item.zone), .number(item.account.isHidden ? "true" : "false"),
                ])
            }
        case .json:
            let value = JSONOutput.object([
                ("schema", .string("purse.accounts.v1")),
                (
                    "accounts",
                    .array(
                        listed.map { item in
                            let summary = item.summary
                            return .object([
                                ("id", .string(summary.account.id)),
                                ("account", .string(summary.account.displayName)),
                                ("kind", .string(summary.account.kind.rawValue)),
                                ("institution", .string(summary.account.institutionName)),
                                ("currency", .string(summary.account.currencyCode)),
                                ("balance", .optional(summary.latestBalance.map(MoneyFormat.machine))),
                                ("balance_as_of", .optional(item.asOf)),
                                ("source", .string(summary.sourceName)),
                                ("source_id", .string(item.account.sourceID)),
                                ("time_zone", .string(item.zone)),
                                ("hidden", .bool(item.account.isHidden)),
                            ])
                        })
                ),
            ])
            sink.write(value.pretty + "\n")
        case .text:
            sink.write(text(listed))
        }
    }

    static func text(_ listed: [Listed]) -> String {
        guard !listed.isEmpty else { return "No accounts yet: run 'purse sync PATH' on a Wallet export.\n" }
        var table = TextTable(columns: [
            .init("Account", maximumWidth: 32), .init("Kind"), .init("Institution", maximumWidth: 24),
            .init("Currency"), .init("Balance", .right), .init("As of"), .init("Time zone"),
            .init("Source", maximumWidth: 24), .init("ID"),
        ])
        for item in listed {
            let summary = item.summary
            table.append([
                summary.account.displayName + (item.account.isHidden ? " (hidden)" : ""), summary.account.kind.rawValue,
                summary.account.institutionName, summary.account.currencyCode,
                summary.latestBalance.map(MoneyFormat.text) ?? "",
                item.asOf ?? "no balance yet", item.zone, summary.sourceName,
                ReportAccounts.shortID(summary.account.id),
            ])
        }
        let hidden = listed.filter(\.account.isHidden).count
        return table.rendered()
            + (hidden == 0
                ? "" : "\(hidden) hidden: reports leave \(hidden == 1 ? "it" : "them") out unless given --all or --account.\n")
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
