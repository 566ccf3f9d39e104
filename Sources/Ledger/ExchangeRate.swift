/// How many units of one currency one unit of another is worth, kept as an exact fraction.
///
/// Rates are read from decimal text (the ECB's `1.0912`, a CSV's `161.25`) and combined into
/// inverse and cross rates; a decimal type or a Double would round at each step, so a converted
/// amount could differ by a unit depending on the route its rate took. A fraction of two
/// positive Int64 values, always reduced, keeps every route exact and makes equal rates equal.
public struct ExchangeRate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The most digits a rate's text may have: 18 digits always fit an Int64, 19 may not.
    public static let maximumDigits = 18

    public let numerator: Int64
    public let denominator: Int64

    /// 1: the rate between a currency and itself.
    public static let one = ExchangeRate(reducedNumerator: 1, denominator: 1)

    /// `numerator / denominator`, reduced; both must be positive, as no currency is worth 0.
    public init(numerator: Int64, denominator: Int64) throws(ExchangeRateError) {
        guard numerator > 0, denominator > 0 else { throw .notARate("\(numerator)/\(denominator)") }
        let divisor = Self.gcd(UInt64(numerator), UInt64(denominator))
        self.numerator = numerator / Int64(divisor)
        self.denominator = denominator / Int64(divisor)
    }

    /// Reads a positive decimal such as `1.0912` or `161.25`: digits with at most one point that
    /// has digits on both sides, at most 18 digits in all. A sign, an exponent, spaces, grouping
    /// or 0 are refused; an empty cell or `N/A` is refused too, and the caller, which knows the
    /// file, decides whether that means "no rate".
    public init(parsing text: String) throws(ExchangeRateError) {
        var numerator: Int64 = 0
        var denominator: Int64 = 1
        var digits = 0
        var wholeDigits = 0
        var fractionDigits = 0
        var seenPoint = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard digits <= Self.maximumDigits else { throw .notARate(text) }
                // 18 digits stay below 10^18, so neither product can overflow.
                numerator = numerator * 10 + Int64(byte - UInt8(ascii: "0"))
                if seenPoint {
                    fractionDigits += 1
                    denominator *= 10
                } else {
                    wholeDigits += 1
                }
            case UInt8(ascii: ".") where !seenPoint:
                seenPoint = true
            default:
                throw .notARate(text)
            }
        }
        guard wholeDigits > 0, !seenPoint || fractionDigits > 0, numerator > 0 else { throw .notARate(text) }
        try self.init(numerator: numerator, denominator: denominator)
    }

    /// The rate the other way round: 1 / self. Swapping a reduced fraction keeps it reduced.
    public var inverse: ExchangeRate {
        ExchangeRate(reducedNumerator: denominator, denominator: numerator)
    }

    /// `self / other`, exactly. A cross rate from a to b through c is `rate(a, c) / rate(b, c)`.
    public func dividing(by other: ExchangeRate) throws(ExchangeRateError) -> ExchangeRate {
        try multiplying(by: other.inverse)
    }

    /// `self x other`, exactly; refused when the reduced result does not fit 64-bit integers.
    public func multiplying(by other: ExchangeRate) throws(ExchangeRateError) -> ExchangeRate {
        // Both fractions are reduced, so cancelling across (a/b x c/d: gcd(a, d), gcd(c, b)) leaves
        // the product reduced too (Knuth, TAOCP 4.5.1): an overflow here is a real one.
        let first = Self.gcd(UInt64(numerator), UInt64(other.denominator))
        let second = Self.gcd(UInt64(other.numerator), UInt64(denominator))
        let top = (numerator / Int64(first)).multipliedReportingOverflow(by: other.numerator / Int64(second))
        let bottom = (denominator / Int64(second)).multipliedReportingOverflow(by: other.denominator / Int64(first))
        guard !top.overflow, !bottom.overflow else { throw .fractionTooLarge }
        return ExchangeRate(reducedNumerator: top.partialValue, denominator: bottom.partialValue)
    }

    /// `units x rate`, rounded half to even to a whole unit (1/10,000 of the currency) once.
    ///
    /// The product is taken in 128 bits, so nothing is lost before the one rounding; a result
    /// beyond `Money.maximumUnits` is refused, as a parsed amount would be, so later sums stay
    /// checkable.
    public func convert(_ units: Int64) throws(ExchangeRateError) -> Int64 {
        let product = units.magnitude.multipliedFullWidth(by: UInt64(numerator))
        let divisor = UInt64(denominator)
        // dividingFullWidth traps when the quotient needs more than 64 bits.
        guard product.high < divisor else { throw .conversionOverflow(units: units) }
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        let limit = UInt64(Money.maximumUnits)
        // Checked before rounding up, so the increment below cannot overflow either.
        guard quotient <= limit else { throw .conversionOverflow(units: units) }
        // remainder < divisor < 2^63, so doubling it cannot overflow.
        let twice = remainder * 2
        var rounded = quotient
        if twice > divisor || (twice == divisor && quotient % 2 == 1) { rounded += 1 }
        guard rounded <= limit else { throw .conversionOverflow(units: units) }
        let magnitude = Int64(rounded)
        return units < 0 ? -magnitude : magnitude
    }

    /// a/b < c/d exactly: a x d < c x b, both products taken in 128 bits.
    public static func < (lhs: ExchangeRate, rhs: ExchangeRate) -> Bool {
        let left = lhs.numerator.multipliedFullWidth(by: rhs.denominator)
        let right = rhs.numerator.multipliedFullWidth(by: lhs.denominator)
        return (left.high, left.low) < (right.high, right.low)
    }

    /// `161.25` reads as `645/4`; the decimal form is Rendering's to choose.
    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    private init(reducedNumerator: Int64, denominator: Int64) {
        self.numerator = reducedNumerator
        self.denominator = denominator
    }

    private static func gcd(_ left: UInt64, _ right: UInt64) -> UInt64 {
        var (a, b) = (left, right)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
