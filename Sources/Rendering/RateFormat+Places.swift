import Ledger

extension RateFormat {
    /// The rate as `decimal` shows it when its decimal ends (`1.0912`, `161.25`), else rounded
    /// half to even to `places` digits (`1.2668997669` for 1087/858, a cross rate through EUR):
    /// where a reader wants a number to multiply by, not a fraction. Worked out digit by digit on
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
