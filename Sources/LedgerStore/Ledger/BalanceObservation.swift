import Ledger

/// One balance observation of an account, as reports read it: the booked balance when present,
/// else the available one, signed by its indicator (a debt is negative).
public struct BalanceObservation: Sendable, Equatable {
    let id: String
    let accountID: String
    /// Unix seconds of the observed side's `asOfDate`.
    public let time: Int64
    /// The observed value with its sign, in the currency of the observed side's amount.
    public let balance: Money
}
