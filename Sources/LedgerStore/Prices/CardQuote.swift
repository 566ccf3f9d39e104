/// A rate a card charged, as the transaction carries it: 1 `foreignCurrency` cost `rate`
/// `accountCurrency` at `time`. The day it counts for is the account's local day, which the
/// store does not know, so Analytics turns it into a dated rate.
public struct CardQuote: Sendable, Equatable {
    public let accountID: String
    /// The transaction's instant, in seconds since 1970.
    public let time: Int64
    public let foreignCurrency: String
    public let accountCurrency: String
    /// FinanceKit's text, unparsed: a rate that does not read as one is the caller's to skip.
    public let rate: String

    public init(accountID: String, time: Int64, foreignCurrency: String, accountCurrency: String, rate: String) {
        self.accountID = accountID
        self.time = time
        self.foreignCurrency = foreignCurrency
        self.accountCurrency = accountCurrency
        self.rate = rate
    }
}
