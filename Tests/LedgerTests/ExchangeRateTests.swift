import PurseTestSupport
import Testing

@testable import Ledger

/// Exchange rates as exact fractions: read from decimal text, inverted and crossed without loss,
/// and applied to an amount with one half-to-even rounding to 1/10,000.
@Suite("Exchange rates: exact fractions")
struct ExchangeRateTests {
    // MARK: - Parsing

    @Test(
        "decimal text becomes the reduced fraction it writes",
        arguments: [
            ("1.0912", Int64(682), Int64(625)),
            ("161.25", 645, 4),
            ("1", 1, 1),
            ("1.50", 3, 2),
            ("0.0001", 1, 10_000),
            ("007.5", 15, 2),
            ("0.8566", 4283, 5000),
            ("999999999999999999", 999_999_999_999_999_999, 1),
            ("0.00000000000000001", 1, 100_000_000_000_000_000),
            ("123456789.123456789", 123_456_789_123_456_789, 1_000_000_000),
        ])
    func parses(text: String, numerator: Int64, denominator: Int64) throws {
        let rate = try ExchangeRate(parsing: text)
        #expect(rate.numerator == numerator)
        #expect(rate.denominator == denominator)
    }

    @Test(
        "text that is not a positive plain decimal is refused; 'N/A' and empty are the caller's to excuse",
        arguments: [
            "", "N/A", "0", "0.0", "00.000", "-1.2", "+1.2", "1e3", "1E-2", "1.", ".5", ".", " 1.2", "1.2 ", "1,2",
            "1.2.3", "NaN", "inf", "１", "1_000",
            "1234567890.123456789",  // 19 digits
            "0.000000000000000001",  // 19 digits
            "1000000000000000000",
        ])
    func refuses(text: String) {
        #expect(throws: ExchangeRateError.notARate(text)) { try ExchangeRate(parsing: text) }
    }

    @Test("a fraction is kept reduced and positive")
    func fractionInit() throws {
        let rate = try ExchangeRate(numerator: 30, denominator: 12)
        #expect((rate.numerator, rate.denominator) == (5, 2))
        #expect(throws: ExchangeRateError.self) { try ExchangeRate(numerator: 0, denominator: 1) }
        #expect(throws: ExchangeRateError.self) { try ExchangeRate(numerator: 1, denominator: -2) }
        #expect(ExchangeRate.one == (try ExchangeRate(parsing: "1.000")))
    }

    /// A reference formatter writes random integers at random scales as decimal text; each must
    /// read back as exactly integer / 10^scale, checked by cross-multiplying in 128 bits rather
    /// than by the parser's own reduction.
    @Test("random integers written at random scales parse to their exact fraction")
    func parsesReferenceText() throws {
        var random = SeededRandom(state: 26)
        for _ in 0..<5_000 {
            let scale = Int(random.next() % 18)
            let digits = Int(random.next() % 18) + 1
            var bound: UInt64 = 1
            for _ in 0..<digits { bound *= 10 }
            let integer = Int64(random.next() % bound)
            guard integer > 0 else { continue }
            let text = Self.decimalText(integer, scale: scale)
            let rate = try ExchangeRate(parsing: text)
            var power: Int64 = 1
            for _ in 0..<scale { power *= 10 }
            let left = rate.numerator.multipliedFullWidth(by: power)
            let right = integer.multipliedFullWidth(by: rate.denominator)
            #expect(left == right, "\(text) read as \(rate)")
            #expect(Self.gcd(rate.numerator, rate.denominator) == 1, "\(text) read as \(rate)")
        }
    }

    // MARK: - Inverse and cross

    @Test("the inverse swaps the fraction and inverting twice gives the rate back")
    func inverse() throws {
        let rate = try ExchangeRate(parsing: "161.25")
        #expect((rate.inverse.numerator, rate.inverse.denominator) == (4, 645))
        #expect(rate.inverse.inverse == rate)
        #expect(try rate.multiplying(by: rate.inverse) == .one)
    }

    @Test("a cross rate through EUR is the exact quotient of the two EUR rates")
    func cross() throws {
        let eurUSD = try ExchangeRate(parsing: "1.0912")
        let eurGBP = try ExchangeRate(parsing: "0.8566")
        // USD -> GBP via EUR: rate(USD, EUR) / rate(GBP, EUR) = 0.8566 / 1.0912.
        let usdGBP = try eurUSD.inverse.dividing(by: eurGBP.inverse)
        #expect((usdGBP.numerator, usdGBP.denominator) == (4283, 5456))
        #expect(try usdGBP.inverse == eurUSD.dividing(by: eurGBP))
        // $100 -> 785,007.33 units: rounded once from the exact product, not per leg.
        #expect(try usdGBP.convert(1_000_000) == 785_007)
    }

    @Test("a product whose factors overflow but whose reduced fraction fits is kept exact")
    func crossCancels() throws {
        let x = try ExchangeRate(numerator: 4_611_686_018_427_387_904, denominator: 3)  // 2^62 / 3
        let y = try ExchangeRate(numerator: 4_611_686_018_427_387_904, denominator: 5)
        let quotient = try x.dividing(by: y)
        #expect((quotient.numerator, quotient.denominator) == (5, 3))
    }

    @Test("a fraction too large for 64 bits after reduction is refused, never wrapped")
    func fractionOverflow() throws {
        let large = try ExchangeRate(parsing: "999999999999999999")
        let tiny = try ExchangeRate(parsing: "0.00000000000000001")
        #expect(throws: ExchangeRateError.fractionTooLarge) { try large.dividing(by: tiny) }
        #expect(throws: ExchangeRateError.fractionTooLarge) { try large.multiplying(by: large) }
        #expect(throws: ExchangeRateError.fractionTooLarge) { try tiny.multiplying(by: tiny) }
    }

    @Test("rates compare exactly, even when their cross products need 128 bits")
    func ordering() throws {
        let a = try ExchangeRate(numerator: 999_999_999_999_999_998, denominator: 999_999_999_999_999_999)
        #expect(a < .one)
        #expect(!(ExchangeRate.one < a))
        #expect(try ExchangeRate(parsing: "1.0912") < ExchangeRate(parsing: "1.0913"))
    }

    // MARK: - Converting

    @Test(
        "units x rate is rounded half to even to 1/10,000, once, for either sign",
        arguments: [
            // 0.0001 x 0.5 = 0.00005: a tie, down to the even 0.0000.
            (Int64(1), "0.5", Int64(0)),
            // 0.0003 x 0.5 = 0.00015: a tie, up to the even 0.0002.
            (3, "0.5", 2),
            (5, "0.5", 2),
            (7, "0.5", 4),
            (-1, "0.5", 0),
            (-3, "0.5", -2),
            (-5, "0.5", -2),
            // Just off the tie goes to the nearer side whatever the parity.
            (1, "0.50001", 1),
            (1, "0.49999", 0),
            (-1, "0.50001", -1),
            (-1, "0.49999", 0),
            (3, "0.49999", 1),
            // 12.3456 x 1.0912 = 13.47151872 -> 13.4715.
            (123_456, "1.0912", 134_715),
            (-123_456, "1.0912", -134_715),
            (0, "161.25", 0),
            (10_000, "161.25", 1_612_500),
        ])
    func converts(units: Int64, rate text: String, expected: Int64) throws {
        #expect(try ExchangeRate(parsing: text).convert(units) == expected)
    }

    @Test("a fraction that is no decimal rounds half to even too: 2/3 and 1/3 of a unit")
    func convertsThirds() throws {
        let third = try ExchangeRate(numerator: 1, denominator: 3)
        #expect(try third.convert(2) == 1)
        #expect(try third.convert(1) == 0)
        #expect(try third.convert(-2) == -1)
        #expect(try third.inverse.convert(3) == 9)
    }

    /// Against a reference written with plain Int64 arithmetic on small values, where nothing
    /// can overflow.
    @Test("random conversions agree with a small-number reference")
    func convertsLikeReference() throws {
        var random = SeededRandom(state: 10_000)
        for _ in 0..<5_000 {
            let units = Int64(random.next() % 2_000_001) - 1_000_000
            let numerator = Int64(random.next() % 100_000) + 1
            let denominator = Int64(random.next() % 100_000) + 1
            let rate = try ExchangeRate(numerator: numerator, denominator: denominator)
            let product = units * numerator
            var quotient = product / denominator
            let remainder = abs(product % denominator)
            if remainder * 2 > denominator || (remainder * 2 == denominator && quotient % 2 != 0) {
                quotient += product < 0 ? -1 : 1
            }
            #expect(try rate.convert(units) == quotient, "\(units) x \(numerator)/\(denominator)")
        }
    }

    @Test("a converted amount beyond 900 trillion or 64 bits is refused, never wrapped")
    func conversionOverflow() throws {
        let two = try ExchangeRate(parsing: "2")
        #expect(throws: ExchangeRateError.conversionOverflow(units: Int64.max)) { try two.convert(Int64.max) }
        #expect(throws: ExchangeRateError.conversionOverflow(units: Int64.min)) { try ExchangeRate.one.convert(Int64.min) }
        let slightlyMore = try ExchangeRate(parsing: "1.0001")
        #expect(throws: ExchangeRateError.self) { try slightlyMore.convert(Money.maximumUnits) }
        #expect(throws: ExchangeRateError.self) { try slightlyMore.convert(-Money.maximumUnits) }
        #expect(try ExchangeRate.one.convert(Money.maximumUnits) == Money.maximumUnits)
        #expect(try ExchangeRate.one.convert(-Money.maximumUnits) == -Money.maximumUnits)
        // A huge product that divides back down is fine: the 128-bit product loses nothing.
        let huge = try ExchangeRate(numerator: 999_999_999_999_999_999, denominator: 999_999_999_999_999_998)
        #expect(try huge.convert(1_000_000) == 1_000_000)
    }

    // MARK: - Helpers

    /// The reference formatter: `integer` with `scale` fraction digits, zero-padded, as a person
    /// or the ECB would write it.
    private static func decimalText(_ integer: Int64, scale: Int) -> String {
        let digits = String(integer)
        guard scale > 0 else { return digits }
        let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
        return String(padded.dropLast(scale)) + "." + String(padded.suffix(scale))
    }

    private static func gcd(_ left: Int64, _ right: Int64) -> Int64 {
        var (a, b) = (left, right)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
