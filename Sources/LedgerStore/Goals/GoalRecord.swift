import Ledger

/// A goal as stored (`purse goal set`): reach `target` on one account by the end of `byMonth`.
/// On an asset account that is a balance of at least `target`; on a liability, owing at most it.
public struct GoalRecord: Equatable, Sendable {
    /// Unique ignoring case.
    public var name: String
    public var accountID: String
    /// In 1/10,000 units of `currency`, never negative.
    public var target: Int64
    /// The account's currency.
    public var currency: String
    public var byMonth: YearMonth

    public init(name: String, accountID: String, target: Int64, currency: String, byMonth: YearMonth) {
        self.name = name
        self.accountID = accountID
        self.target = target
        self.currency = currency
        self.byMonth = byMonth
    }
}
