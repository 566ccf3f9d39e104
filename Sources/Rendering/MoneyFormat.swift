import Ledger

/// The one place amounts become text: machine form for CSV and JSON, symbol and grouping for people.
public enum MoneyFormat {
    /// `-1234.50`: the currency's minor digits, more only when the amount really has them
    /// (USD `3.1415` stays `3.1415`, JPY `1200` has none), a `-` only for negatives.
    public static func machine(_ units: Int64, currency: String) -> String {
        let digits = max(CurrencyTable.minorDigits(for: currency) ?? 2, Money(units: units, currency: currency).significantFractionDigits)
        return plain(units, fractionDigits: digits, grouping: false)
    }

    public static func machine(_ money: Money) -> String { machine(money.units, currency: money.currency) }

    /// `-$1,234.50` or `1,234.50 XYZ` when the currency has no well-known symbol; when text must
    /// be ASCII, a symbol that is not (`£`, `€`) gives way to the code: `-GBP 1,234.50`.
    public static func text(_ units: Int64, currency: String) -> String {
        let digits = max(CurrencyTable.minorDigits(for: currency) ?? 2, Money(units: units, currency: currency).significantFractionDigits)
        let number = plain(units < 0 ? -units : units, fractionDigits: digits, grouping: true)
        let sign = units < 0 ? "-" : ""
        if let symbol = CurrencyTable.symbol(for: currency) {
            if ASCIIText.isRequired, !symbol.allSatisfy(\.isASCII) { return sign + currency + " " + number }
            return sign + symbol + number
        }
        return sign + number + " " + currency
    }

    public static func text(_ money: Money) -> String { text(money.units, currency: money.currency) }

    static func plain(_ units: Int64, fractionDigits: Int, grouping: Bool) -> String {
        let magnitude = units.magnitude
        let whole = magnitude / UInt64(Money.scale)
        var fraction = magnitude % UInt64(Money.scale)
        var wholeText = String(whole)
        if grouping, wholeText.count > 3 {
            var grouped = ""
            for (index, character) in wholeText.enumerated() {
                if index > 0, (wholeText.count - index) % 3 == 0 { grouped.append(",") }
                grouped.append(character)
            }
            wholeText = grouped
        }
        var text = (units < 0 ? "-" : "") + wholeText
        if fractionDigits > 0 {
            for _ in fractionDigits..<4 { fraction /= 10 }
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: fractionDigits - fractionText.count) + fractionText
        }
        return text
    }
}
