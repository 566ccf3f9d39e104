/// Where a ledger comes from, shaped like FinanceKit's history API: per stream, a sequence of
/// change sets after a saved token. An iPhone app could adopt it over FinanceKit itself.
public protocol LedgerSource: AnyObject {
    /// Names the source in the database: one row per (kind, externalID).
    var kind: String { get }
    var externalID: String { get }
    var displayName: String { get }
    /// Where it was read from, for `purse status`.
    var location: String { get }
    /// The IANA zone whose days the source's accounts keep (the device's), nil when it does not say.
    var timeZone: String? { get }
    /// Zones of single accounts that keep another's days (a UK bank account on a New York
    /// phone), by account ID.
    var accountTimeZones: [String: String] { get }
    /// When the source wrote what it holds, nil when it does not say.
    var exportedAt: Timestamp? { get }

    /// The streams there are, accounts first (their balances and transactions need them).
    func streams() throws -> [LedgerStream]

    /// The change sets after `token` (from the start when nil). Creating the sequence checks
    /// what can be checked up front (a source behind the database throws here, before anything
    /// is applied); the sequence then validates each change set as it reads it.
    func changes(for stream: LedgerStream, after token: StreamToken?) throws -> any ChangeSequence
}

extension LedgerSource {
    public var timeZone: String? { nil }
    public var accountTimeZones: [String: String] { [:] }
    public var exportedAt: Timestamp? { nil }
}
