/// One source account of a Sure connection: its binding (lineage, mapping version), what it
/// was confirmed as (type, currency, time zone) and the ledger account it feeds.
public struct SureMappingRecord: Sendable, Equatable {
    var connectionID: String
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
    var accountOrigin: String
    public var unavailableAt: String?

    public init(
        connectionID: String, sourceAccountID: String, position: Int, accountID: String, lineageID: String,
        mappingVersion: Int64, accountableType: String, subtype: String?, currency: String, name: String,
        institutionName: String, ledgerTimezone: String, accountOrigin: String = "created",
        unavailableAt: String? = nil
    ) {
        self.connectionID = connectionID
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
        self.accountOrigin = accountOrigin
        self.unavailableAt = unavailableAt
    }
}
