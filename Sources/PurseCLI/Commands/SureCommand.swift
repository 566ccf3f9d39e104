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
        let json = SureJSON.configuration(configuration, inbox: inbox)
        switch format {
        case .json:
            context.stdout.write(json.pretty + "\n")
        default:
            let connection = configuration.connection
            var text = "\(verb) Sure connection \(connection.id)\n"
            text += "  publisher:  \(connection.publisherID)\n"
            text += "  generation: \(connection.generation)\n"
            text += "  stream:     \(connection.streamID)\n"
            for mapping in configuration.mappings {
                text +=
                    "  account:    \(mapping.accountID) \(mapping.accountableType) \(mapping.currency) \"\(mapping.name)\" lineage \(mapping.lineageID) version \(mapping.mappingVersion)\n"
            }
            if let credential = configuration.credential {
                text += "  credential: \(credential)\n"
                text += "The credential is shown only this once; purse keeps only its SHA-256.\n"
            }
            if let inbox { text += "Wrote \(inbox)/\(SureInbox.configurationName)\n" }
            context.stdout.write(text)
        }
    }

    static func writeConfiguration(_ configuration: SureConfiguration, inbox: String) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: inbox + "/" + SureInbox.batchesName, withIntermediateDirectories: true)
        let path = inbox + "/" + SureInbox.configurationName
        let sink = try FileSink(path: path)
        sink.write(SureJSON.configuration(configuration, inbox: inbox).pretty + "\n")
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
            healths.append(SureJSON.health(connection, mappings: mappings, openConflicts: open))
            text += "Sure connection \(connection.id): \(connection.status.rawValue)"
            if let reason = connection.repairReason { text += " (\(reason))" }
            text += "\n  generation \(connection.generation), stream \(connection.streamID), next sequence \(connection.nextSequence)\n"
            text +=
                "  last accepted \(connection.lastAcceptedAt ?? "never"), last imported \(connection.lastImportedAt ?? "never"), last captured \(connection.lastCapturedAt ?? "never")\n"
            text += "  open conflicts: \(open)\n"
            if let purge = connection.purgeCompletedAt { text += "  purged at \(purge)\n" }
            for mapping in mappings {
                text += "  account \(mapping.accountID) \(mapping.accountableType) \(mapping.currency) \"\(mapping.name)\""
                if let unavailable = mapping.unavailableAt { text += " unavailable since \(unavailable)" }
                text += "\n"
            }
        }
        switch format {
        case .json:
            let output = context.command.positionals.isEmpty ? JSONOutput.array(healths) : healths[0]
            context.stdout.write(output.pretty + "\n")
        default:
            context.stdout.write(connections.isEmpty ? "No Sure connections. Create one with 'purse sure connect'.\n" : text)
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
            context.stdout.write(SureJSON.receipt(batch, publisherID: connection.publisherID).pretty + "\n")
        default:
            var text = "Batch \(batch.batchID): \(batch.status.rawValue)"
            if let code = batch.errorCode { text += " (\(code))" }
            text += "\n  connection \(batch.connectionID), generation \(batch.generation), sequence \(batch.sequence)\n"
            text += "  payload digest \(batch.payloadDigest)\(batch.hasPayload ? "" : " (bytes dropped)")\n"
            text += "  accepted \(batch.acceptedAt)" + (batch.appliedAt.map { ", applied \($0)" } ?? "") + "\n"
            context.stdout.write(text)
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
            context.stdout.write(JSONOutput.array(conflicts.map(SureJSON.conflict)).pretty + "\n")
        default:
            if conflicts.isEmpty { context.stdout.write("No open conflicts.\n") }
            for conflict in conflicts {
                context.stdout.write(
                    "\(conflict.id) \(conflict.kind) \(conflict.status.rawValue) \(SureJSON.details(conflict.details).compact)\n")
            }
        }
    }

    // MARK: - resolve, repair, rotate, disconnect, capabilities

    static func resolve(_ context: CommandContext) throws {
        let format = try format(context)
        let store = try context.openStore(.writeExisting)
        let conflict = try SureConnections(store: store, now: context.now)
            .resolve(conflictID: context.command.positionals[0], resolution: context.command.positionals[1])
        switch format {
        case .json: context.stdout.write(SureJSON.conflict(conflict).pretty + "\n")
        default:
            var text = "Conflict \(conflict.id) resolved: \(conflict.resolution ?? "")\n"
            if conflict.resolution == "retry_after_repair" {
                text += "Connection \(conflict.connectionID) now needs 'purse sure repair \(conflict.connectionID)'.\n"
            }
            context.stdout.write(text)
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
            guard
                case .object(var members) = SureJSON.health(
                    record, mappings: try store.sureMappings(connectionID: record.id),
                    openConflicts: try store.openSureConflictCount(connectionID: record.id))
            else { return }
            members.append(("disposition", .string(disposition)))
            context.stdout.write(JSONOutput.object(members).pretty + "\n")
        default:
            var text = "Disconnected Sure connection \(record.id) (\(disposition))"
            if disposition == "discard" {
                text += ": purge requested \(record.purgeRequestedAt ?? "-"), completed \(record.purgeCompletedAt ?? "-")"
            }
            context.stdout.write(text + "\n")
        }
    }

    static func capabilities(_ context: CommandContext) throws {
        switch try format(context) {
        case .json: context.stdout.write(SureJSON.capabilities.pretty + "\n")
        default:
            context.stdout.write(
                """
                Sure protocol versions: 2 (delivery: background_publisher)
                Limits: \(SureBatchValidator.maximumPayloadBytes) bytes per batch, \(SureBatchValidator.maximumRecords) events per batch, \(SureBatchValidator.maximumAccounts) accounts per connection, \(SureBatchValidator.maximumQueuedBatches) queued batches, \(SureBatchValidator.maximumChunks) chunks per capture
                Transaction statuses: authorized, pending, booked, rejected, memo, unknown
                Amounts: precision 19, scale 4
                Disconnect dispositions: retain, discard
                """ + "\n")
        }
    }
}
