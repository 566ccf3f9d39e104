import Ledger

extension UnconvertedAmounts {
    /// What several conversions left out, one entry per kind, currency and target: counts and
    /// amounts added, the earliest day kept; in the order each first appears.
    static func merged(_ amounts: [UnconvertedAmounts]) throws -> [UnconvertedAmounts] {
        var merged: [UnconvertedAmounts] = []
        for amount in amounts {
            guard
                let index = merged.firstIndex(where: { ($0.kind, $0.currency, $0.target) == (amount.kind, amount.currency, amount.target) })
            else {
                merged.append(amount)
                continue
            }
            merged[index].count += amount.count
            merged[index].units = try Money.sum(merged[index].units, amount.units, currency: amount.currency)
            merged[index].firstDay = min(merged[index].firstDay, amount.firstDay)
        }
        return merged
    }
}
