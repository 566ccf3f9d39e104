import Ledger

/// An `account_upsert` event: the account's names, currency, kind and dates as the publisher sees them.
public struct SureAccountUpsert: Sendable {
    public let binding: SureBinding
    public let displayName: String
    public let institutionName: String
    public let currency: String
    public let kind: AccountKind
    public let accountDescription: String?
    public let openingDate: Timestamp?
}
