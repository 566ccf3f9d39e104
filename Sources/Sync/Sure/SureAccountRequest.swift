/// One source account to connect: what `purse sure connect --account ... --kind ... --currency ...` gives.
public struct SureAccountRequest: Sendable, Equatable {
    public var sourceAccountID: String
    /// `Depository` or `CreditCard`.
    public var accountableType: String
    public var currency: String
    public var name: String?
    public var institutionName: String?
    public var ledgerTimezone: String?

    public init(sourceAccountID: String, accountableType: String, currency: String, name: String? = nil,
                institutionName: String? = nil, ledgerTimezone: String? = nil) {
        self.sourceAccountID = sourceAccountID
        self.accountableType = accountableType
        self.currency = currency
        self.name = name
        self.institutionName = institutionName
        self.ledgerTimezone = ledgerTimezone
    }
}
