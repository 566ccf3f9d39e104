import Analytics
import Ledger

/// How a converted report says what it left out: a stderr warning per currency, a line in the
/// text, HTML and email forms, and an `unconverted` list in JSON.
public enum ConversionRendering {
    /// One warning per currency and kind, without the `Warning: ` the command puts before it.
    public static func warnings(_ unconverted: [UnconvertedAmounts]) -> [String] {
        unconverted.map { left in
            "\(counted(left)) left out: no \(left.currency)->\(left.target) rate within \(RateTable.lookbackDays) days before "
                + "\(left.firstDay); run 'purse prices import'"
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
                    ("amount", .string(MoneyFormat.machine(left.units, currency: left.currency))),
                    ("first_day", .string(left.firstDay.description)),
                ])
            })
    }

    /// `8 GBP transactions (£312.40)`.
    private static func counted(_ left: UnconvertedAmounts) -> String {
        let noun = left.count == 1 ? String(left.kind.rawValue.dropLast()) : left.kind.rawValue
        return "\(left.count) \(left.currency) \(noun) (\(MoneyFormat.text(left.units, currency: left.currency)))"
    }
}
