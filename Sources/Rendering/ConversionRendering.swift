import Analytics
import Ledger

/// How a converted report says what it left out: a stderr warning per currency, a line in the
/// text, HTML and email forms, and an `unconverted` list in JSON.
public enum ConversionRendering {
    /// One warning per currency (its transactions and balances together), without the `Warning: `
    /// the command puts before it.
    public static func warnings(_ unconverted: [UnconvertedAmounts]) -> [String] {
        var currencies: [String] = []
        for left in unconverted where !currencies.contains(left.currency) { currencies.append(left.currency) }
        return currencies.map { currency in
            let lefts = unconverted.filter { $0.currency == currency }
            let first = lefts.map(\.firstDay).min()!
            return "\(lefts.map(counted).joined(separator: " and ")) left out: no \(currency)->\(lefts[0].target) rate within "
                + "\(RateTable.lookbackDays) days before \(first); run 'purse prices import'"
        }
    }

    /// The line a report shows under its table; nil when nothing was left out.
    public static func textLine(_ unconverted: [UnconvertedAmounts]) -> String? {
        guard let target = unconverted.first?.target else { return nil }
        return "Left out, no rate into \(target): " + unconverted.map(counted).joined(separator: ", ")
    }

    /// `[{"kind", "currency", "count", "amount", "first_day"}]`, in the order of the warnings.
    public static func jsonValue(_ unconverted: [UnconvertedAmounts]) -> JSONOutput {
        .array(
            unconverted.map { left in
                .object([
                    ("kind", .string(left.kind.rawValue)), ("currency", .string(left.currency)), ("count", .integer(Int64(left.count))),
                    // Balances of one account at several dates add up to nothing anyone has.
                    ("amount", left.kind == .balances ? .null : .string(MoneyFormat.machine(left.units, currency: left.currency))),
                    ("first_day", .string(left.firstDay.description)),
                ])
            })
    }

    /// `8 GBP transactions (£312.40)`, `3 GBP balances`: balances of one account at several dates
    /// add up to nothing anyone has, so they are only counted.
    private static func counted(_ left: UnconvertedAmounts) -> String {
        let noun = left.count == 1 ? String(left.kind.rawValue.dropLast()) : left.kind.rawValue
        let counted = "\(left.count) \(left.currency) \(noun)"
        return left.kind == .balances ? counted : counted + " (\(MoneyFormat.text(left.units, currency: left.currency)))"
    }
}
