import Ledger

/// A sum of the spending summary, kept exact past 64 bits as `high` × 10^12 + `low` units (in
/// the table, two integer columns each): a row's amount adds `amount / 10^12` to one and
/// `amount % 10^12` to the other, so no addition in SQL can overflow, and a total that passed
/// the limit is exact again once rows go.
public struct SpendingSum: Sendable, Hashable {
    /// Units of one `high`: 10^12, a hundred million of a currency.
    public static let base: Int64 = 1_000_000_000_000

    public private(set) var high: Int64
    /// Always in `0..<base`, so equal sums are equal values.
    public private(set) var low: Int64

    public init(high: Int64 = 0, low: Int64 = 0) {
        self.high = high + low / Self.base
        self.low = low % Self.base
        if self.low < 0 {
            self.high -= 1
            self.low += Self.base
        }
    }

    public mutating func add(_ amount: Int64) {
        self = SpendingSum(high: high + amount / Self.base, low: low + amount % Self.base)
    }

    /// The sum as one number of units; `MoneyError.overflow` when it does not fit 64 bits.
    public func units(currency: String) throws -> Int64 {
        // A negative total is built from the high part one above, so Int64.min still fits.
        let (upper, lower) = high < 0 && low > 0 ? (high + 1, low - Self.base) : (high, low)
        let (scaled, scaleOverflow) = upper.multipliedReportingOverflow(by: Self.base)
        let (total, addOverflow) = scaled.addingReportingOverflow(lower)
        guard !scaleOverflow, !addOverflow else { throw MoneyError.overflow(currency) }
        return total
    }
}
