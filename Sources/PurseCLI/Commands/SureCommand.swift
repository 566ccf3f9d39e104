import Foundation
import Ledger
import LedgerStore
import Rendering
import SureProtocol
import Sync

/// `purse sure ...`: the control plane of Sure protocol 2 (connect, status, receipt, conflicts,
/// resolve, repair, rotate-credential, disconnect, capabilities).
enum SureCommand {
    enum Connect: PurseCommand {
        static let spec = CommandSpec(
            ["sure", "connect"], summary: "Create a Sure protocol 2 publisher connection.",
            options: [account, kind, currency, name, institution, timezone, inbox, formatOption])
        static let account = OptionSpec(
            "account", value: "SOURCE_UUID", help: "A source account; repeatable, each followed by its --kind and --currency.",
            repeatable: true)
        static let kind = OptionSpec(
            "kind", value: "KIND", help: "Depository or CreditCard, for the --account before it.", repeatable: true)
        static let currency = OptionSpec("currency", value: "CODE", help: "The currency of the --account before it.", repeatable: true)
        static let name = OptionSpec("name", value: "NAME", help: "The display name of the --account before it.", repeatable: true)
        static let institution = OptionSpec(
            "institution", value: "NAME", help: "The institution of the --account before it.", repeatable: true)
        static let timezone = OptionSpec("timezone", value: "IANA", help: "The time zone of the --account before it.", repeatable: true)

        static func run(_ context: CommandContext) throws { try connect(context) }
    }

    enum Status: PurseCommand {
        static let spec = CommandSpec(
            ["sure", "status"], summary: "Connection health: status, generation, stream, cursor, conflicts.",
            positionals: [anyConnection],
            options: [formatOption])

        static func run(_ context: CommandContext) throws { try status(context) }
    }

    enum Receipt: PurseCommand {
        static let spec = CommandSpec(
            ["sure", "receipt"], summary: "The receipt of a batch.",
            positionals: [PositionalSpec("BATCH_ID", help: "The batch's id.")],
            options: [formatOption])

        static func run(_ context: CommandContext) throws { try receipt(context) }
    }

    enum Conflicts: PurseCommand {
        static let spec = CommandSpec(
            ["sure", "conflicts"], summary: "Open conflicts.",
            positionals: [anyConnection],
            options: [formatOption])

        static func run(_ context: CommandContext) throws { try conflicts(context) }
    }

    enum Resolve: PurseCommand {
        static let spec = CommandSpec(
            ["sure", "resolve"], summary: "Resolve a conflict: keep_sure or retry_after_repair.",
            positionals: [
                PositionalSpec("CONFLICT", help: "The conflict's id."),
                PositionalSpec("RESOLUTION", help: "keep_sure or retry_after_repair."),
            ],
            options: [formatOption])

        static func run(_ context: CommandContext) throws { try resolve(context) }
    }

    enum Repair: PurseCommand {
        static let spec = CommandSpec(
            ["sure", "repair"], summary: "Repair a fenced connection: a new generation; prints the new configuration.",
            positionals: [connection],
            options: [inbox, formatOption])

        static func run(_ context: CommandContext) throws { try reissue(context, repair: true) }
    }

    enum RotateCredential: PurseCommand {
        static let spec = CommandSpec(
            ["sure", "rotate-credential"], summary: "Issue a new publisher credential; prints the new configuration.",
            positionals: [connection],
            options: [inbox, formatOption])

        static func run(_ context: CommandContext) throws { try reissue(context, repair: false) }
    }

    enum Disconnect: PurseCommand {
        static let spec = CommandSpec(
            ["sure", "disconnect"], summary: "Disconnect; discard purges what the connection brought in.",
            positionals: [connection],
            options: [disposition, formatOption])
        static let disposition = OptionSpec("disposition", value: "DISPOSITION", help: "retain (default) or discard.")

        static func run(_ context: CommandContext) throws { try disconnect(context) }
    }

    enum Capabilities: PurseCommand {
        static let spec = CommandSpec(
            ["sure", "capabilities"], summary: "What this purse accepts: protocol, limits, dispositions.",
            options: [formatOption])

        static func run(_ context: CommandContext) throws { try capabilities(context) }
    }

    /// `--format` of every Sure command: text for people, JSON for scripts, both on stdout.
    /// CONNECTION of the commands about one connection, and of those about one or all.
    static let connection = PositionalSpec("CONNECTION", help: "The connection id.")
    static let anyConnection = PositionalSpec("CONNECTION", help: "A connection id (default: all).", minCount: 0, maxCount: 1)
    /// `--inbox DIR` of the commands that make a configuration.
    static let inbox = OptionSpec("inbox", value: "DIR", help: "Write DIR/connection.json, the publisher configuration.")
    static let formatOption = OutputOptions.format(["text", "json"], fallback: "text", toFile: false)

    static func format(_ context: CommandContext) throws -> OutputFormat {
        try context.outputFormat(allowed: [.text, .json], fallback: .text)
    }

    // MARK: - connect

    static func connect(_ context: CommandContext) throws {
        let format = try format(context)
        let accounts = try accountRequests(context)
        let zone = try context.reportTimeZone().identifier
        let store = try context.openStore(.create)
        let configuration = try SureConnections(store: store, now: context.now).connect(accounts, defaultTimezone: zone)
        try emit(configuration, context: context, format: format, verb: "Created")
    }

    /// Pairs each --account with its --kind and --currency (and --name, --institution, --timezone
    /// when given for every account): values are matched by position.
    static func accountRequests(_ context: CommandContext) throws -> [SureAccountRequest] {
        let ids = try context.command.values(Connect.account, as: String.self)
        guard !ids.isEmpty else { throw context.usageError("give at least one --account SOURCE_UUID with its --kind and --currency") }
        func values(_ option: OptionSpec, required: Bool) throws -> [String?] {
            let name = option.name
            let given = try context.command.values(option, as: String.self)
            if given.count == ids.count { return given }
            if given.isEmpty, !required { return Array(repeating: nil, count: ids.count) }
            throw context.usageError(
                required
                    ? "give one --\(name) for each --account (\(ids.count) accounts, \(given.count) --\(name))"
                    : "give --\(name) for every --account or for none (\(ids.count) accounts, \(given.count) --\(name))")
        }
        let kinds = try values(Connect.kind, required: true)
        let currencies = try values(Connect.currency, required: true)
        let names = try values(Connect.name, required: false)
        let institutions = try values(Connect.institution, required: false)
        let zones = try values(Connect.timezone, required: false)
        return ids.indices.map { index in
            SureAccountRequest(
                sourceAccountID: ids[index], accountableType: kinds[index]!, currency: currencies[index]!,
                name: names[index], institutionName: institutions[index], ledgerTimezone: zones[index])
        }
    }

    /// Prints a configuration (the credential shown this once) and writes DIR/connection.json.
    static func emit(_ configuration: SureConfiguration, context: CommandContext, format: OutputFormat, verb: String) throws {
        let inbox = context.command.text(Self.inbox)
        if let inbox {
            try writeConfiguration(configuration, inbox: inbox)
        }
        let (connection, mappings, credential) = (configuration.connection, configuration.mappings, configuration.credential)
        switch format {
        case .json:
            context.stdout.write(
                SureRendering.configuration(connection, mappings: mappings, credential: credential, inbox: inbox).pretty + "\n")
        default:
            context.stdout.write(
                SureRendering.configurationText(
                    connection, mappings: mappings, credential: credential, verb: verb,
                    written: inbox.map { "\($0)/\(SureInbox.configurationName)" }))
        }
    }

    static func writeConfiguration(_ configuration: SureConfiguration, inbox: String) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: inbox + "/" + SureInbox.batchesName, withIntermediateDirectories: true)
        let path = inbox + "/" + SureInbox.configurationName
        let sink = try FileSink(path: path)
        sink.write(
            SureRendering.configuration(
                configuration.connection, mappings: configuration.mappings, credential: configuration.credential, inbox: inbox
            ).pretty + "\n")
        try sink.finish()
    }

    // MARK: - status, receipt, conflicts

    static func status(_ context: CommandContext) throws {
        let format = try format(context)
        // Only reads: `purse sync` drops old payload bytes.
        try context.reading { store in try status(store, format: format, context: context) }
    }

    static func status(_ store: LedgerStore, format: OutputFormat, context: CommandContext) throws {
        let connections: [SureConnectionRecord]
        if let id = context.command.positionals.first {
            connections = [try SureConnections(store: store, now: context.now).connection(id)]
        } else {
            connections = try store.sureConnections()
        }
        var healths: [JSONOutput] = []
        var text = ""
        for connection in connections {
            let mappings = try store.sureMappings(connectionID: connection.id)
            let open = try store.openSureConflictCount(connectionID: connection.id)
            healths.append(SureRendering.health(connection, mappings: mappings, openConflicts: open))
            text += SureRendering.healthText(connection, mappings: mappings, openConflicts: open)
        }
        switch format {
        case .json:
            let output = context.command.positionals.isEmpty ? JSONOutput.array(healths) : healths[0]
            context.stdout.write(output.pretty + "\n")
        default:
            context.stdout.write(connections.isEmpty ? SureRendering.noConnectionsText : text)
        }
    }

    static func receipt(_ context: CommandContext) throws {
        let format = try format(context)
        let batchID = context.command.positionals[0].lowercased()
        try context.reading { store in try receipt(batchID, store: store, format: format, context: context) }
    }

    static func receipt(_ batchID: String, store: LedgerStore, format: OutputFormat, context: CommandContext) throws {
        // The current generation first, as Sure looks; then older generations, newest first.
        var found: (SureBatchRecord, SureConnectionRecord)?
        for connection in try store.sureConnections() {
            let batches = try store.sureBatches(connectionID: connection.id, batchID: batchID)
            let batch = batches.first { $0.generation == connection.generation } ?? batches.first
            if let batch, found == nil || batch.generation == connection.generation { found = (batch, connection) }
        }
        guard let (batch, connection) = found else { throw SureError(.notFound, "there is no batch \(batchID)") }
        switch format {
        case .json:
            context.stdout.write(SureRendering.receipt(batch, publisherID: connection.publisherID).pretty + "\n")
        default:
            context.stdout.write(SureRendering.receiptText(batch))
        }
    }

    static func conflicts(_ context: CommandContext) throws {
        let format = try format(context)
        let conflicts = try context.reading { store in
            var connectionID: String?
            if let id = context.command.positionals.first {
                connectionID = try SureConnections(store: store, now: context.now).connection(id).id
            }
            return try store.openSureConflicts(connectionID: connectionID)
        }
        switch format {
        case .json:
            context.stdout.write(JSONOutput.array(conflicts.map(SureRendering.conflict)).pretty + "\n")
        default:
            context.stdout.write(SureRendering.conflictsText(conflicts))
        }
    }

    // MARK: - resolve, repair, rotate, disconnect, capabilities

    static func resolve(_ context: CommandContext) throws {
        let format = try format(context)
        let store = try context.openStore(.writeExisting)
        let conflict = try SureConnections(store: store, now: context.now)
            .resolve(conflictID: context.command.positionals[0], resolution: context.command.positionals[1])
        switch format {
        case .json: context.stdout.write(SureRendering.conflict(conflict).pretty + "\n")
        default: context.stdout.write(SureRendering.resolvedText(conflict))
        }
    }

    static func reissue(_ context: CommandContext, repair: Bool) throws {
        let format = try format(context)
        let store = try context.openStore(.writeExisting)
        let connections = SureConnections(store: store, now: context.now)
        let id = context.command.positionals[0]
        let configuration = repair ? try connections.repair(id) : try connections.rotateCredential(id)
        try emit(configuration, context: context, format: format, verb: repair ? "Repaired" : "New credential for")
    }

    static func disconnect(_ context: CommandContext) throws {
        let format = try format(context)
        let disposition = context.command.text(Disconnect.disposition) ?? "retain"
        let store = try context.openStore(.writeExisting)
        let record = try SureConnections(store: store, now: context.now).disconnect(
            context.command.positionals[0], disposition: disposition)
        switch format {
        case .json:
            context.stdout.write(
                SureRendering.disconnected(
                    record, mappings: try store.sureMappings(connectionID: record.id),
                    openConflicts: try store.openSureConflictCount(connectionID: record.id), disposition: disposition
                ).pretty + "\n")
        default:
            context.stdout.write(SureRendering.disconnectedText(record, disposition: disposition))
        }
    }

    static func capabilities(_ context: CommandContext) throws {
        switch try format(context) {
        case .json: context.stdout.write(SureRendering.capabilities.pretty + "\n")
        default: context.stdout.write(SureRendering.capabilitiesText)
        }
    }
}
