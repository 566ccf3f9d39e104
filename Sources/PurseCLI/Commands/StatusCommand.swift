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
        let report = StatusReport(
            database: store.path, schemaVersion: version, accounts: counts.accounts, balanceObservations: counts.balances,
            transactions: counts.transactions, sources: sources, statementImports: try store.statementImports(), accountNames: names)
        if format == .json {
            context.stdout.write(StatusRendering.json(report).pretty + "\n")
        } else {
            context.stdout.write(StatusRendering.text(report))
        }
    }

    /// `status --check`: the findings, and exit 1 when there are any.
    static func check(_ store: LedgerStore, format: OutputFormat, context: CommandContext) throws {
        let findings = try store.check() + ClassificationKeeper(base: context.environmentTimeZone()).check(store)
        if format == .json {
            context.stdout.write(StatusRendering.checkJSON(database: store.path, findings: findings).pretty + "\n")
        } else {
            context.stdout.write(StatusRendering.checkText(database: store.path, findings: findings))
        }
        if !findings.isEmpty { throw CheckFailed() }
    }
}
