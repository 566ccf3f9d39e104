import Ledger
import PurseTestSupport
import Rendering
import Testing

/// A rate is shown as the exact decimal it was read from: never rounded, never through Double.
@Suite("RateFormat")
struct RateFormatTests {
    @Test(
        "a rate read from decimal text prints as that decimal, without trailing zeros",
        arguments: [
            ("1.0912", "1.0912"), ("161.25", "161.25"), ("161.250", "161.25"), ("1", "1"), ("1.0", "1"), ("100", "100"),
            ("0.5", "0.5"), ("0.125", "0.125"), ("0.00000000000000001", "0.00000000000000001"),
            ("999999999999999999", "999999999999999999"), ("99999999.9999999999", "99999999.9999999999"),
            ("0.85430", "0.8543"), ("007.50", "7.5"),
        ])
    func decimalText(text: String, shown: String) throws {
        #expect(RateFormat.decimal(try ExchangeRate(parsing: text)) == shown)
    }

    @Test("a fraction whose decimal never ends is shown exactly as a fraction, not rounded")
    func fractionWithoutDecimal() throws {
        #expect(RateFormat.decimal(try ExchangeRate(numerator: 1, denominator: 3)) == "1/3")
        #expect(RateFormat.decimal(try ExchangeRate(parsing: "1.0912").inverse) == "625/682")
    }

    @Test("a denominator of 2^62 ends after 62 digits, with no overflow on the way")
    func largePowerOfTwo() throws {
        let rate = try ExchangeRate(numerator: 1, denominator: 1 << 62)
        // 2^-62 = 5^62 / 10^62: 62 fraction digits.
        #expect(RateFormat.decimal(rate) == "0." + String(repeating: "0", count: 18) + "21684043449710088680149056017398834228515625")
    }

    @Test("property: any canonical decimal of up to 18 digits prints back as itself, and the printed text parses to the same rate")
    func roundTrips() throws {
        var random = SeededRandom(state: 26)
        for _ in 0..<5_000 {
            let whole = random.below(4) == 0 ? "0" : String(1 + random.below(999_999))
            let fractionLength = random.below(19 - whole.count)
            var fraction = String((0..<fractionLength).map { _ in Character(String(random.below(10))) })
            while fraction.last == "0" { fraction.removeLast() }
            let text = fraction.isEmpty ? whole : whole + "." + fraction
            guard let rate = try? ExchangeRate(parsing: text) else { continue }  // 0 and 0.000 are no rate
            let shown = RateFormat.decimal(rate)
            #expect(shown == text)
            #expect(try ExchangeRate(parsing: shown) == rate)
        }
    }

    @Test("property: any fraction n / (2^a x 5^b) prints as a decimal that parses back to it")
    func fractionsRoundTrip() throws {
        var random = SeededRandom(state: 2026)
        for _ in 0..<5_000 {
            var denominator: Int64 = 1
            for _ in 0..<random.below(12) { denominator *= 2 }
            for _ in 0..<random.below(6) { denominator *= 5 }
            let rate = try ExchangeRate(numerator: Int64(1 + random.below(999_999)), denominator: denominator)
            let shown = RateFormat.decimal(rate)
            #expect(!shown.contains("/"))
            #expect(try ExchangeRate(parsing: shown) == rate, "\(rate) printed as \(shown)")
        }
    }

    @Test("to a number of places: a rate that ends is exact however long, one that never ends (a cross rate) rounds")
    func places() throws {
        // 1.0912 / 0.8566 = 1.27387345318701...; 1/(2 x 10^8) ends, so it is shown whole.
        let cross = try ExchangeRate(parsing: "1.0912").dividing(by: try ExchangeRate(parsing: "0.8566"))
        #expect(RateFormat.decimal(cross, places: 8) == "1.27387345")
        #expect(RateFormat.decimal(try ExchangeRate(parsing: "1.0912"), places: 8) == "1.0912")
        #expect(RateFormat.decimal(try ExchangeRate(numerator: 1, denominator: 200_000_000), places: 8) == "0.000000005")
        #expect(RateFormat.decimal(try ExchangeRate(numerator: 2, denominator: 3), places: 8) == "0.66666667")
    }
}
