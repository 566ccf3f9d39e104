import Ledger

/// An exact rate as a decimal a person can read: as it was written when that takes at most 8
/// fraction digits (the ECB's `1.0876`), else rounded half to even to 8 (a cross rate such as
/// GBP->USD through EUR has no end). Only the text rounds; every amount uses the exact fraction.
enum RateText {
    static let fractionDigits = 8

    static func decimal(_ rate: ExchangeRate) -> String {
        var scale: Int64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let scaled = Percent.roundedHalfEven(rate.numerator.multipliedFullWidth(by: scale), rate.denominator)
        var fraction = String(scaled % scale)
        fraction = String(repeating: "0", count: fractionDigits - fraction.count) + fraction
        if scale % rate.denominator == 0 {
            while fraction.last == "0" { fraction.removeLast() }
        }
        return String(scaled / scale) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
