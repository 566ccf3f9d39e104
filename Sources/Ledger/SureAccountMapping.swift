/// One consented source account of a connection as Sure binds it: its binding (lineage,
/// mapping version), what it was confirmed as (type, currency, time zone) and the ledger
/// account it feeds.
public struct SureAccountMapping: Sendable, Equatable {
    /// Lowercased, as bindings are compared.
    public var sourceAccountID: String
    public var position: Int
    /// The ledger account's ID: the source account UUID as first given.
    public var accountID: String
    public var lineageID: String
    public var mappingVersion: Int64
    /// `Depository` or `CreditCard`.
    public var accountableType: String
    public var subtype: String?
    public var currency: String
    public var name: String
    public var institutionName: String
    public var ledgerTimezone: String

    public init(
        sourceAccountID: String, position: Int, accountID: String, lineageID: String, mappingVersion: Int64,
        accountableType: String, subtype: String?, currency: String, name: String, institutionName: String,
        ledgerTimezone: String
    ) {
        self.sourceAccountID = sourceAccountID
        self.position = position
        self.accountID = accountID
        self.lineageID = lineageID
        self.mappingVersion = mappingVersion
        self.accountableType = accountableType
        self.subtype = subtype
        self.currency = currency
        self.name = name
        self.institutionName = institutionName
        self.ledgerTimezone = ledgerTimezone
    }

    /// A credit card is a liability; everything else an asset.
    public var isLiability: Bool { accountableType == "CreditCard" }
}
