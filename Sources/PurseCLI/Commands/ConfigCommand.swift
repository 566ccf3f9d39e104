import Analytics
import Ledger
import LedgerStore
import Rendering

/// `purse config`, `config get NAME`, `config set NAME VALUE`: the ledger's own settings
/// (`LedgerSetting`), which every command reads the same whatever its environment.
enum ConfigCommand: PurseCommand {
    static let spec = CommandSpec(
        ["config"], summary: "The ledger's own settings, each with its value.",
        discussion: """
            Settings of the ledger as a whole, the same for every command on every machine that uses it. \
            time-zone: the zone of the days of the accounts without one of their own (none set with \
            'purse accounts set --tz', none given by their source); the first write to the ledger records \
            the TZ of the run that made it, so a cron job under TZ=UTC and a shell in New York count the \
            same months.
            """)

    enum Get: PurseCommand {
        static let spec = CommandSpec(
            ["config", "get"], summary: "Print one setting of the ledger.",
            positionals: [PositionalSpec("NAME", help: "The setting: time-zone.")])

        static func run(_ context: CommandContext) throws { try get(context) }
    }

    enum Set: PurseCommand {
        static let spec = CommandSpec(
            ["config", "set"], summary: "Change a setting of the ledger (time-zone: every account's days move with it).",
            discussion: """
                Changing time-zone moves the days of every account without a zone of its own to the new zone, \
                classifies the ledger again in the same transaction, and keeps imported statement rows on the \
                days their statements wrote.
                """,
            positionals: [
                PositionalSpec("NAME", help: "The setting: time-zone."),
                PositionalSpec("VALUE", help: "Its value: for time-zone an IANA name such as Europe/London."),
            ])

        static func run(_ context: CommandContext) throws { try set(context) }
    }

    static func run(_ context: CommandContext) throws { try list(context) }

    /// Every setting, one `NAME VALUE` line each; one the ledger has not recorded yet shows the
    /// value that stands for it until then.
    static func list(_ context: CommandContext) throws {
        let settings = try context.reading { store in
            try LedgerSetting.allCases.map { setting in
                let (value, recorded) = try value(of: setting, store, context)
                return (setting: setting, value: value, recorded: recorded)
            }
        }
        try context.writingData { sink in sink.write(ConfigRendering.text(settings)) }
    }

    /// The value alone, for a script.
    static func get(_ context: CommandContext) throws {
        let setting = try setting(context)
        let value = try context.reading { store -> String in try Self.value(of: setting, store, context).value }
        try context.writingData { $0.write(ConfigRendering.value(value)) }
    }

    static func set(_ context: CommandContext) throws {
        let setting = try setting(context)
        let value = context.command.positionals[1]
        switch setting {
        case .timeZone:
            guard ZoneName.parse(value) != nil else { throw context.usageError(ZoneName.refusal(value, option: "")) }
        }
        let store = try context.openStore(.writeExisting)
        try store.transaction {
            let before = try ReportAccounts(store: store, base: context.environmentTimeZone())
            try store.setSetting(setting, to: value)
            let after = try ReportAccounts(store: store, base: context.environmentTimeZone())
            // Imported rows stay on the days their statements wrote, in their account's new zone
            // (the keeper classifies every account whose zone moved again before this commits).
            for account in after.all where after.zone(of: account.id).identifier != before.zone(of: account.id).identifier {
                try store.restampStatementDays(accountID: account.id, zone: after.zone(of: account.id))
            }
        }
        context.note("\(setting.rawValue): \(value)")
    }

    /// The setting the first argument names; another name is a usage error listing them.
    private static func setting(_ context: CommandContext) throws -> LedgerSetting {
        let name = context.command.positionals[0]
        guard let setting = LedgerSetting(rawValue: name) else {
            let names = LedgerSetting.allCases.map(\.rawValue)
            throw context.usageError(
                "unknown setting '\(name)' (one of \(names.joined(separator: ", ")))",
                suggestions: ClosestMatch.closest(name, among: names))
        }
        return setting
    }

    /// A setting's value, and whether the ledger recorded it (else the value that stands for it).
    private static func value(of setting: LedgerSetting, _ store: LedgerStore, _ context: CommandContext) throws -> (
        value: String, recorded: Bool
    ) {
        if let value = try store.setting(setting) { return (value, true) }
        switch setting {
        case .timeZone: return (try context.environmentTimeZone().identifier, false)
        }
    }
}
