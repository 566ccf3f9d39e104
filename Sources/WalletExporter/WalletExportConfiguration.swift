import Foundation

/// Where and how an exporter writes: the export folder purse reads, the folder of the
/// exporter's own state (history tokens, never synced), and what the manifest says.
public struct WalletExportConfiguration: Sendable {
    /// The Wallet export: `export.json`, `accounts.jsonl`, `balances/`, `transactions/`.
    public var exportFolder: URL
    /// The exporter's state: the source ID, one small file per stream with its history token,
    /// and a lock file. Keep it out of the export folder's syncing (the tokens are this device's).
    public var stateFolder: URL
    /// Names the source in purse's messages and `purse status`.
    public var sourceName: String
    /// The device's time zone, written to the manifest as `timeZone`.
    public var timeZone: TimeZone
    /// Accounts kept in another country's time zone, written to the manifest as `accountTimeZones`.
    public var accountTimeZones: [String: TimeZone]
    /// A stream file longer than this (in bytes) is rewritten as one snapshot of its records.
    public var compactionThreshold: Int
    /// The clock, for the manifest's `exportedAt`.
    public var now: @Sendable () -> Date
    /// Called at each step of writing, so tests can stop a run there as a kill would.
    package var events: (@Sendable (ExportWriterEvent) throws -> Void)?

    public init(
        exportFolder: URL, stateFolder: URL, sourceName: String, timeZone: TimeZone = .current,
        accountTimeZones: [String: TimeZone] = [:], compactionThreshold: Int = 8 << 20,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.exportFolder = exportFolder
        self.stateFolder = stateFolder
        self.sourceName = sourceName
        self.timeZone = timeZone
        self.accountTimeZones = accountTimeZones
        self.compactionThreshold = compactionThreshold
        self.now = now
    }
}
