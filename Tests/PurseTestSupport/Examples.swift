import Foundation
import Testing

/// The repository's examples, for every test that reads them, and a ledger synced from the
/// Wallet export.
public enum Examples {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// examples/wallet-export: what `purse sample` writes with its defaults.
    public static let walletExport = root.appendingPathComponent("examples/wallet-export")
    /// examples/sure-inbox: a Sure connection and its batches.
    public static let sureInbox = root.appendingPathComponent("examples/sure-inbox")
    /// examples/statements: an Apple Card CSV, a card's OFX, a bank CSV and the script importing them.
    public static let statements = root.appendingPathComponent("examples/statements")
    /// examples/cron: the crontab and the systemd units.
    public static let cron = root.appendingPathComponent("examples/cron")

    /// The example Wallet export synced into a new ledger at `database` through the real binary,
    /// failing the test when the sync fails; returns `database`. The sync runs once per process
    /// and environment, and each test gets a copy; a `purse` with a launcher syncs on its own.
    @discardableResult
    public static func syncedLedger(
        at database: String, purse: PurseBinary = PurseBinary(), environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        guard purse.launcher.isEmpty else {
            try sync(into: database, purse: purse, environment: environment, sourceLocation: sourceLocation)
            return database
        }
        let shared = syncedLedgers.withLock { ledgers in
            if let ledger = ledgers[environment] { return ledger }
            let ledger = SharedLedger { database in
                try sync(into: database, purse: PurseBinary(), environment: environment, sourceLocation: sourceLocation)
            }
            ledgers[environment] = ledger
            return ledger
        }
        try shared.copy(to: database)
        return database
    }

    private static let syncedLedgers = Locked<[[String: String]: SharedLedger]>([:])

    private static func sync(
        into database: String, purse: PurseBinary, environment: [String: String], sourceLocation: SourceLocation
    ) throws {
        let synced = try purse.run(["--db", database, "sync", walletExport.path], environment: environment)
        try #require(synced.status == 0, "\(synced.stderr)", sourceLocation: sourceLocation)
    }
}
