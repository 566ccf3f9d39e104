/// Where a ledger comes from, shaped like FinanceKit's history API: per stream, a sequence of
/// change sets after a saved token. An iPhone app could adopt it over FinanceKit itself.
public protocol LedgerSource: AnyObject {
    /// Names the source in the database: one row per (kind, externalID).
    var kind: String { get }
    var externalID: String { get }
    var displayName: String { get }
    /// Where it was read from, for `purse status`.
    var location: String { get }

    /// The streams there are, accounts first (their balances and transactions need them).
    func streams() throws -> [LedgerStream]

    /// The change sets after `token` (from the start when nil). Creating the sequence checks
    /// what can be checked up front (a source behind the database throws here, before anything
    /// is applied); the sequence then validates each change set as it reads it.
    func changes(for stream: LedgerStream, after token: StreamToken?) throws -> any ChangeSequence
}
