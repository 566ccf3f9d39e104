import Analytics
import LedgerStore
import Rendering

/// `purse status`: where the database is and what it holds, stream by stream.
enum StatusCommand: PurseCommand {
    static let spec = CommandSpec(
        ["status"], summary: "Database, sources, streams with their tokens, counts, last sync, data as of.",
        options: [check, OutputOptions.format(["text", "json"], fallback: "text", toFile: false)])

    static let check = OptionSpec("check", help: "Run SQLite's integrity check and the ledger's invariants; exit 1 with findings.")

    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .json], fallback: .text)
        try context.reading { store in try report(store, format: format, context: context) }
    }

    static func report(_ store: LedgerStore, format: OutputFormat, context: CommandContext) throws {
        if context.command.has(Self.check) { return try check(store, format: format, context: context) }
        let version = try store.schemaVersion
        let counts = try store.counts()
        let sources = try store.sourceStatuses()
        let names = Dictionary(try store.ledgerAccounts().map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        let imports = try store.statementImports()
        if format == .json {
            let output = json(store, version: version, counts: counts, sources: sources, imports: imports, names: names)
            context.stdout.write(output.pretty + "\n")
        } else {
            context.stdout.write(text(store, version: version, counts: counts, sources: sources) + importsText(imports, names: names))
        }
    }

    /// `status --check`: the findings, and exit 1 when there are any.
    static func check(_ store: LedgerStore, format: OutputFormat, context: CommandContext) throws {
        let findings = try store.check() + ClassificationKeeper(base: context.environmentTimeZone()).check(store)
        if format == .json {
            context.stdout.write(
                JSONOutput.object([
                    ("schema", .string("purse.check.v1")), ("database", .string(store.path)),
                    ("ok", .bool(findings.isEmpty)), ("findings", .array(findings.map(JSONOutput.string))),
                ]).pretty + "\n")
        } else if findings.isEmpty {
            context.stdout.write("\(store.path): ok (integrity check, ledger invariants, stored classification and summary)\n")
        } else {
            context.stdout.write(findings.map { $0 + "\n" }.joined())
        }
        if !findings.isEmpty { throw CheckFailed() }
    }

    typealias Counts = (accounts: Int, balances: Int, transactions: Int)

    static func json(
        _ store: LedgerStore, version: Int, counts: Counts, sources: [SourceStatus], imports: [StatementImportRecord],
        names: [String: String]
    ) -> JSONOutput {
        .object([
            ("schema", .string("purse.status.v1")),
            ("database", .string(store.path)),
            ("schema_version", .integer(Int64(version))),
            ("accounts", .integer(Int64(counts.accounts))),
            ("balance_observations", .integer(Int64(counts.balances))),
            ("transactions", .integer(Int64(counts.transactions))),
            (
                "sources",
                .array(
                    sources.map { source in
                        .object([
                            ("kind", .string(source.kind)),
                            ("id", .string(source.externalID)),
                            ("name", .string(source.name)),
                            ("location", .optional(source.location)),
                            ("created_at", .string(source.createdAt)),
                            ("last_synced_at", .optional(source.lastSyncedAt)),
                            ("data_as_of", .optional(source.dataAsOf)),
                            (
                                "streams",
                                .array(
                                    source.streams.map { stream in
                                        .object([
                                            ("name", .string(stream.name)),
                                            (
                                                "token",
                                                .object([
                                                    ("generation", .string(stream.token.generation)),
                                                    ("sequence", .integer(stream.token.sequence)),
                                                ])
                                            ),
                                            ("records", .integer(Int64(stream.records))),
                                            ("changed_at", .string(stream.changedAt)),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
            ("statement_imports", .array(imports.map { importJSON($0, accountName: names[$0.accountID]) })),
        ])
    }

    /// The statement files imported, per account, oldest first (README, "Importing statements").
    static func importsText(_ imports: [StatementImportRecord], names: [String: String]) -> String {
        guard !imports.isEmpty else { return "" }
        var table = TextTable(columns: [
            .init("Account"), .init("File"), .init("Format"), .init("Imported"), .init("Rows", .right), .init("New", .right),
            .init("Changed", .right), .init("SHA-256"),
        ])
        for record in imports {
            table.append([
                names[record.accountID] ?? record.accountID, record.file, record.format, record.importedAt, String(record.transactions),
                String(record.inserted), String(record.updated), String(record.sha256.prefix(12)),
            ])
        }
        return "\nStatement imports:\n"
            + table.rendered().split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
            .joined(separator: "\n")
    }

    static func importJSON(_ record: StatementImportRecord, accountName: String?) -> JSONOutput {
        .object([
            ("account_id", .string(record.accountID)), ("account", .optional(accountName)), ("file", .string(record.file)),
            ("format", .string(record.format)), ("sha256", .string(record.sha256)), ("imported_at", .string(record.importedAt)),
            ("transactions", .integer(Int64(record.transactions))), ("inserted", .integer(Int64(record.inserted))),
            ("updated", .integer(Int64(record.updated))),
        ])
    }

    static func text(_ store: LedgerStore, version: Int, counts: Counts, sources: [SourceStatus]) -> String {
        var text = "Database: \(store.path)\nSchema version: \(version)\n"
        text += "Ledger: \(counts.accounts) accounts, \(counts.balances) balance observations, \(counts.transactions) transactions\n"
        if sources.isEmpty {
            text += "\nNo sources yet: run 'purse sync PATH' on a Wallet export.\n"
        }
        for source in sources {
            text += "\nSource: \(source.name) (\(source.kind) \(source.externalID))\n"
            if let location = source.location { text += "  Location: \(location)\n" }
            text += "  Last sync: \(source.lastSyncedAt ?? "never")\n"
            text += "  Data as of: \(source.dataAsOf ?? "no data yet")\n"
            var table = TextTable(columns: [
                .init("Stream"), .init("Generation"), .init("Sequence", .right),
                .init("Records", .right), .init("Changed"),
            ])
            for stream in source.streams {
                table.append([
                    stream.name, stream.token.generation, String(stream.token.sequence),
                    String(stream.records), stream.changedAt,
                ])
            }
            text += table.rendered().split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
        }
        return text
    }
}
