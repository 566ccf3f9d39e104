/// A FinanceKit account: an asset (Apple Cash, Savings, a bank account) or a liability (Apple Card).
public struct Account: Equatable, Sendable {
    public var id: String
    public var kind: AccountKind
    public var displayName: String
    public var institutionName: String
    public var accountDescription: String?
    public var currencyCode: String
    public var openingDate: Timestamp?
    public var creditInformation: CreditInformation?

    public init(
        id: String, kind: AccountKind, displayName: String, institutionName: String,
        accountDescription: String? = nil, currencyCode: String, openingDate: Timestamp? = nil,
        creditInformation: CreditInformation? = nil
    ) {
        self.id = id
        self.kind = kind
        self.displayName = displayName
        self.institutionName = institutionName
        self.accountDescription = accountDescription
        self.currencyCode = currencyCode
        self.openingDate = openingDate
        self.creditInformation = creditInformation
    }

    /// How the ID of an account made by `purse import --new-account` starts; the rest is a hash
    /// of its name.
    public static let statementIDPrefix = "statement-account-"
}
