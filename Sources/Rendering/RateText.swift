import Analytics
import Ledger

/// An exchange rate and where it came from, as `explain --convert-to` shows them.
public enum RateText {
    /// Digits after the point of a rate whose decimal does not end (an inverse or cross rate
    /// such as 1/1.0834).
    static let places = 10

    /// The rate as a decimal: exact when it ends within `ExchangeRate.maximumDigits` digits
    /// (every rate read from a file does: `1.0912`, `161.25`), else rounded half to even to
    /// `places` digits (`0.9230074395`). Worked out digit by digit on the exact fraction, never
    /// through Double.
    public static func decimal(_ rate: ExchangeRate) -> String {
        let denominator = UInt64(rate.denominator)
        let whole = UInt64(rate.numerator) / denominator
        var remainder = UInt64(rate.numerator) % denominator
        var digits: [UInt8] = []
        var remainderAtPlaces: UInt64 = 0
        while remainder != 0, digits.count < ExchangeRate.maximumDigits {
            // remainder < denominator < 2^63, so remainder x 10 needs at most 67 bits, and the
            // digit it yields is below 10.
            let (digit, rest) = denominator.dividingFullWidth(remainder.multipliedFullWidth(by: 10))
            digits.append(UInt8(digit))
            remainder = rest
            if digits.count == places { remainderAtPlaces = rest }
        }
        if remainder == 0 { return text(whole, digits) }
        var kept = Array(digits.prefix(places))
        // Half to even on what lies past the last kept digit: remainderAtPlaces / denominator.
        let twice = remainderAtPlaces.multipliedFullWidth(by: 2)
        let half = twice.high > 0 || twice.low > denominator ? 1 : twice.low == denominator ? 0 : -1
        var carry = half > 0 || (half == 0 && kept[places - 1] % 2 == 1)
        var index = places - 1
        while carry, index >= 0 {
            kept[index] += 1
            carry = kept[index] == 10
            if carry { kept[index] = 0 }
            index -= 1
        }
        return text(carry ? whole + 1 : whole, kept)
    }

    static func text(_ whole: UInt64, _ digits: [UInt8]) -> String {
        digits.isEmpty ? String(whole) : String(whole) + "." + digits.map(String.init).joined()
    }

    /// `direct`, `inverse`, `cross via EUR` or `same currency`.
    public static func route(_ route: RateChoice.Route) -> String {
        switch route {
        case .sameCurrency: "same currency"
        case .direct: "direct"
        case .inverse: "inverse"
        case .cross(let via): "cross via \(via)"
        }
    }

    /// `1 GBP = 1.2640324288 USD on 2026-10-02 (imported, cross via EUR)`.
    public static func sentence(_ choice: RateChoice, from: String, to: String) -> String {
        "1 \(from) = \(decimal(choice.rate)) \(to) on \(choice.date) ("
            + [choice.source?.rawValue, route(choice.route)].compactMap { $0 }
            .joined(separator: ", ") + ")"
    }
}
