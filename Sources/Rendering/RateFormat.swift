import Ledger

/// The one place exchange rates become text.
public enum RateFormat {
    /// The rate as its exact decimal: `645/4` is `161.25`, `1/8` is `0.125`, with no trailing
    /// zeros. Every quote purse keeps was read from decimal text, so its reduced denominator has
    /// no prime factors but 2 and 5 and the decimal ends; a rate whose decimal would not end (a
    /// computed inverse such as `1/3`) is shown as its exact fraction rather than rounded.
    public static func decimal(_ rate: ExchangeRate) -> String {
        var rest = rate.denominator
        while rest % 2 == 0 { rest /= 2 }
        while rest % 5 == 0 { rest /= 5 }
        guard rest == 1 else { return rate.description }
        let divisor = UInt64(rate.denominator)
        var text = String(UInt64(rate.numerator) / divisor)
        var remainder = UInt64(rate.numerator) % divisor
        guard remainder != 0 else { return text }
        text += "."
        // Long division, one digit at a time: a denominator of 2^a x 5^b ends after max(a, b)
        // digits. remainder x 10 can pass 2^64 for a large denominator, so it is taken in 128 bits.
        while remainder != 0 {
            let (digit, next) = divisor.dividingFullWidth(remainder.multipliedFullWidth(by: 10))
            text += String(digit)
            remainder = next
        }
        return text
    }

    /// The rate in a column read beside others (`report fx`): its exact decimal when that ends
    /// within `fractionDigits`, else rounded half to even to `fractionDigits` (a cross rate such
    /// as GBP->USD through EUR never ends). Only the text rounds; every amount uses the fraction.
    public static func decimal(_ rate: ExchangeRate, roundedTo fractionDigits: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        guard scale % rate.denominator != 0 else { return decimal(rate) }
        let scaled = Percent.roundedHalfEven(rate.numerator.multipliedFullWidth(by: scale), rate.denominator)
        let fraction = String(scaled % scale)
        return "\(scaled / scale)." + String(repeating: "0", count: fractionDigits - fraction.count) + fraction
    }
}
