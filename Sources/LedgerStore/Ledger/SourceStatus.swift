import Ledger

/// A source as `purse status` shows it, with its streams.
public struct SourceStatus: Sendable {
    /// One stream of the source: its token, when it last changed and how many records it holds.
    public struct Stream: Sendable {
        public let name: String
        public let token: StreamToken
        public let changedAt: String
        /// Rows the stream holds now (accounts, balance observations or transactions).
        public let records: Int
    }

    public let kind: String
    public let externalID: String
    public let name: String
    public let location: String?
    public let createdAt: String
    /// When purse last synced it.
    public let lastSyncedAt: String?
    /// When its exporter says it wrote what it holds (a Wallet export's `exportedAt`).
    public let exportedAt: String?
    /// The newest capture applied from it (a Sure publisher's `captured_at`).
    public let lastCapturedAt: String?
    /// The newest transaction or balance observation of its accounts; looked up only when it has
    /// neither `exportedAt` nor `lastCapturedAt`.
    public let newestRecordAt: String?
    public let streams: [Stream]

    /// How new its data is: the time its exporter or publisher gave it, else its newest record.
    /// Never when purse received it: a month-old export synced today is a month old.
    public var dataAsOf: String? { exportedAt ?? lastCapturedAt ?? newestRecordAt }
}
