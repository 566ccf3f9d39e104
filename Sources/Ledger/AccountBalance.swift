/// A point-in-time balance observation of an account (FinanceKit's `AccountBalance`).
public struct AccountBalance: Equatable, Sendable {
    public var id: String
    public var accountID: String
    public var currencyCode: String
    public var available: Balance?
    public var booked: Balance?

    /// Nil when neither side is present: FinanceKit always gives at least one.
    public init?(id: String, accountID: String, currencyCode: String, available: Balance?, booked: Balance?) {
        guard available != nil || booked != nil else { return nil }
        self.id = id
        self.accountID = accountID
        self.currencyCode = currencyCode
        self.available = available
        self.booked = booked
    }

    /// The value reports use: booked when present, else available.
    /// How the ID of a balance imported from a statement starts: syncs leave such rows alone.
    public static let statementIDPrefix = "statement-balance-"

    public var observed: Balance {
        // The initializer guarantees one of the two.
        booked ?? available!
    }
}
