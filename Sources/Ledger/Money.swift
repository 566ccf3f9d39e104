/// An exact amount of one currency: a signed count of 1/10,000 units.
///
/// Four fraction digits hold every ISO 4217 currency and Sure's protocol amounts; amounts are
/// parsed from their decimal text and never pass through binary floating point.
public struct Money: Hashable, Sendable {
    /// Units per whole currency unit.
    public static let scale: Int64 = 10_000
    /// The largest magnitude accepted: 900 trillion whole units, so any sum of a few of them
    /// still fits an Int64 and overflow is caught rather than wrapped.
    public static let maximumUnits: Int64 = 900_000_000_000_000 * scale

    public let units: Int64
    public let currency: String

    public init(units: Int64, currency: String) {
        self.units = units
        self.currency = currency
    }

    public static func zero(_ currency: String) -> Money { Money(units: 0, currency: currency) }

    /// Parses an unsigned decimal string such as `12.50` or `1200` (at most four fraction digits).
    public init(parsing text: String, currency: String) throws(MoneyError) {
        self.init(units: try Money.parseUnits(text, allowSign: false), currency: currency)
    }

    /// Parses a decimal string into units. With `allowSign` a leading `-` is accepted.
    public static func parseUnits(_ text: String, allowSign: Bool) throws(MoneyError) -> Int64 {
        var utf8 = Substring(text).utf8[...]
        var negative = false
        if allowSign, utf8.first == UInt8(ascii: "-") {
            negative = true
            utf8 = utf8.dropFirst()
        }
        var whole: Int64 = 0
        var wholeDigits = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var seenPoint = false
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int64(byte - UInt8(ascii: "0"))
                if seenPoint {
                    fractionDigits += 1
                    guard fractionDigits <= 4 else { throw .tooManyFractionDigits(text) }
                    fraction = fraction * 10 + digit
                } else {
                    wholeDigits += 1
                    // 16 significant digits already exceed the limit; stop before Int64 could overflow.
                    guard whole < 10_000_000_000_000_000 else { throw .outOfRange(text) }
                    whole = whole * 10 + digit
                }
            case UInt8(ascii: ".") where !seenPoint:
                seenPoint = true
            default:
                throw .notADecimal(text)
            }
        }
        guard wholeDigits > 0, !seenPoint || fractionDigits > 0 else { throw .notADecimal(text) }
        while fractionDigits < 4 {
            fraction *= 10
            fractionDigits += 1
        }
        guard whole <= maximumUnits / scale else { throw .outOfRange(text) }
        let units = whole * scale + fraction
        guard units <= maximumUnits else { throw .outOfRange(text) }
        return negative ? -units : units
    }

    var isNegative: Bool { units < 0 }
    var magnitude: Money { Money(units: units < 0 ? -units : units, currency: currency) }
    var negated: Money { Money(units: -units, currency: currency) }

    /// Adds within one currency; mixing currencies or overflowing is an error, never a guess.
    public func adding(_ other: Money) throws(MoneyError) -> Money {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
        return Money(units: try Money.sum(units, other.units, currency: currency), currency: currency)
    }

    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
        return Money(units: try Money.difference(units, other.units, currency: currency), currency: currency)
    }

    /// `left + right`, both in units of `currency`: the one overflow-checked addition every total
    /// purse reports goes through. A sum too large for 64 bits is `MoneyError.overflow`, never a
    /// wrap or a crash.
    public static func sum(_ left: Int64, _ right: Int64, currency: String) throws(MoneyError) -> Int64 {
        let (sum, overflow) = left.addingReportingOverflow(right)
        guard !overflow else { throw .overflow(currency) }
        return sum
    }

    /// The sum of `values`, all in units of `currency`, checked as `sum(_:_:currency:)` is.
    public static func sum(_ values: some Sequence<Int64>, currency: String) throws(MoneyError) -> Int64 {
        var total: Int64 = 0
        for value in values { total = try sum(total, value, currency: currency) }
        return total
    }

    /// `left - right`, both in units of `currency`, checked as `sum` is.
    public static func difference(_ left: Int64, _ right: Int64, currency: String) throws(MoneyError) -> Int64 {
        let (difference, overflow) = left.subtractingReportingOverflow(right)
        guard !overflow else { throw .overflow(currency) }
        return difference
    }

    /// `units` of `currency` rounded half to even to the currency's minor unit (a cent for USD,
    /// a yen for JPY; two digits for a code purse does not know): a converted sum carries
    /// ten-thousandths no one paid, so it is shown as an amount the currency can have.
    public static func roundedToMinorUnit(_ units: Int64, currency: String) -> Int64 {
        let step = minorUnitStep(currency)
        guard step > 1 else { return units }
        let (quotient, remainder) = units.quotientAndRemainder(dividingBy: step)
        let twice = remainder.magnitude * 2
        var rounded = quotient
        if twice > UInt64(step) || (twice == UInt64(step) && quotient % 2 != 0) { rounded += units < 0 ? -1 : 1 }
        // |units| <= Int64.max, so |rounded x step| exceeds it only when units was within a step of
        // the limit; amounts are far below it (Money.maximumUnits).
        return rounded.multipliedReportingOverflow(by: step).overflow ? quotient * step : rounded * step
    }

    /// The units of one minor unit of `currency`: 100 for a cent, 10,000 for a yen.
    public static func minorUnitStep(_ currency: String) -> Int64 {
        let digits = min(max(CurrencyTable.minorDigits(for: currency) ?? 2, 0), 4)
        var step: Int64 = 1
        for _ in digits..<4 { step *= 10 }
        return step
    }

    /// How many fraction digits the amount really has (0 to 4).
    public var significantFractionDigits: Int {
        var remainder = (units < 0 ? -units : units) % Money.scale
        guard remainder != 0 else { return 0 }
        var digits = 4
        while remainder % 10 == 0 {
            remainder /= 10
            digits -= 1
        }
        return digits
    }
}
