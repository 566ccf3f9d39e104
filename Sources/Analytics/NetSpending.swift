import Ledger

/// Net spending (spent - refunded) and how it changed from the net of a period before: what the
/// spending-shaped report values derive, in one place, checked for overflow once where a value
/// is made, so nothing downstream does arithmetic.
enum NetSpending {
    static func net(spent: Int64, refunded: Int64, currency: String) throws(MoneyError) -> Int64 {
        try Money.difference(spent, refunded, currency: currency)
    }

    static func of(
        spent: Int64, refunded: Int64, previousNet: Int64, currency: String
    ) throws(MoneyError) -> (net: Int64, change: Int64) {
        let net = try Self.net(spent: spent, refunded: refunded, currency: currency)
        return (net, try Money.difference(net, previousNet, currency: currency))
    }

    /// Without a period before (no --compare), no change.
    static func of(
        spent: Int64, refunded: Int64, previousNet: Int64?, currency: String
    ) throws(MoneyError) -> (net: Int64, change: Int64?) {
        guard let previousNet else { return (try Self.net(spent: spent, refunded: refunded, currency: currency), nil) }
        let (net, change) = try of(spent: spent, refunded: refunded, previousNet: previousNet, currency: currency)
        return (net, change)
    }
}
