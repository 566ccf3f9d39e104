import Ledger

/// Which transactions to read, in which order.
public struct TransactionQuery: Sendable {
    /// The order transactions are listed in (`--sort`).
    public enum Sort: String, Sendable, CaseIterable {
        case date = "date"
        case dateDescending = "-date"
        case amount = "amount"
        case amountDescending = "-amount"
    }

    /// Only these accounts, each within its own range of instants; nil: every account, all time.
    public var accountRanges: [AccountTimeRange]?
    public var merchantCategoryCodes: [Int] = []
    public var statuses: [TransactionStatus] = []
    /// `unknown` also matches the types purse does not know, as the money rules count them.
    public var types: [TransactionType] = []
    /// Only transactions charged in another currency: with both a foreign amount and the rate.
    public var onlyForeign = false
    public var sort: Sort = .date

    public init() {}
}
