import Ledger

/// An account with its latest balance observation (booked else available, signed).
public struct AccountSummary: Sendable {
    public let account: Account
    public let sourceName: String
    public let latestBalance: Money?
    public let latestBalanceAsOf: String?
}
