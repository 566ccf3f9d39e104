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

    /// The rate as `decimal` shows it when its decimal ends (`1.0912`, `161.25`), else rounded
    /// half to even to `places` digits (`1.2668997669` for 1087/858, a cross rate through EUR):
    /// where a reader wants a number to multiply by, not a fraction (`explain`, `report fx`). Worked out digit by digit on
    /// the exact fraction, never through Double.
    public static func decimal(_ rate: ExchangeRate, places: Int) -> String {
        var rest = rate.denominator
        while rest % 2 == 0 { rest /= 2 }
        while rest % 5 == 0 { rest /= 5 }
        guard rest != 1, places > 0 else { return decimal(rate) }
        let denominator = UInt64(rate.denominator)
        var whole = UInt64(rate.numerator) / denominator
        var remainder = UInt64(rate.numerator) % denominator
        var digits: [UInt64] = []
        while digits.count < places {
            // remainder < denominator < 2^63: remainder x 10 is taken in 128 bits, and its digit is below 10.
            let (digit, next) = denominator.dividingFullWidth(remainder.multipliedFullWidth(by: 10))
            digits.append(digit)
            remainder = next
        }
        // The decimal never ends, so what is left is never exactly half: above it rounds up.
        var carry = remainder * 2 > denominator
        for index in digits.indices.reversed() where carry {
            digits[index] += 1
            carry = digits[index] == 10
            if carry { digits[index] = 0 }
        }
        if carry { whole += 1 }
        return String(whole) + "." + digits.map(String.init).joined()
    }
}
