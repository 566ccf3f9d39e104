/// One account's instants a query reads: `from` (inclusive) to `until` (exclusive), in Unix
/// seconds, nil where open. Each account has its own because its days are local to its own zone.
public struct AccountTimeRange: Sendable, Equatable {
    public let accountID: String
    public let from: Int64?
    public let until: Int64?

    public init(accountID: String, from: Int64?, until: Int64?) {
        self.accountID = accountID
        self.from = from
        self.until = until
    }
}
