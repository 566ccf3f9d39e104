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

    /// Syncs the example Wallet export into a new ledger at `database` through the real binary,
    /// failing the test when the sync fails; returns `database`.
    @discardableResult
    public static func syncedLedger(
        at database: String, purse: PurseBinary = PurseBinary(), environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let synced = try purse.run(["--db", database, "sync", walletExport.path], environment: environment)
        try #require(synced.status == 0, "\(synced.stderr)", sourceLocation: sourceLocation)
        return database
    }
}
