import PurseTestSupport
import Testing

@testable import Ledger

/// A converted sum is shown to its currency's minor unit, half to even.
@Suite("Rounding to the minor unit")
struct MinorUnitRoundingTests {
    @Test(
        "half to even at the boundary, away from zero past it, by the currency's digits",
        arguments: [
            (12_345, "USD", 12_300), (12_350, "USD", 12_400), (12_250, "USD", 12_200), (12_251, "USD", 12_300),
            (-12_250, "USD", -12_200), (-12_350, "USD", -12_400), (-12_351, "USD", -12_400), (49, "USD", 0), (50, "USD", 0),
            (150, "USD", 200), (5_000, "JPY", 0), (15_000, "JPY", 20_000), (25_001, "JPY", 30_000), (12_345, "KWD", 12_340),
            (12_355, "KWD", 12_360), (12_345, "CLF", 12_345), (12_350, "XYZ", 12_400),
        ] as [(Int64, String, Int64)])
    func boundary(units: Int64, currency: String, expected: Int64) {
        #expect(Money.roundedToMinorUnit(units, currency: currency) == expected)
    }

    @Test("agrees with rounding done on the decimal text, for 20,000 seeded amounts")
    func againstDecimalText() {
        var random = SeededRandom(state: 26)
        for _ in 0..<20_000 {
            let magnitude = Int64(random.next() % 2_000_000_000_000)
            let units = random.next() % 2 == 0 ? magnitude : -magnitude
            let currency = ["USD", "JPY", "KWD"][random.below(3)]
            #expect(
                Money.roundedToMinorUnit(units, currency: currency)
                    == Self.roundedByText(units, digits: CurrencyTable.minorDigits(for: currency)!))
        }
    }

    /// Rounds the amount's four-digit decimal text by hand: the kept digits, then the dropped ones
    /// compared with "5000…" as text, the last kept digit's parity breaking a tie.
    static func roundedByText(_ units: Int64, digits: Int) -> Int64 {
        let text = String(units.magnitude)
        let padded = String(repeating: "0", count: max(0, 5 - text.count)) + text
        let dropped = 4 - digits
        let kept = padded.dropLast(dropped)
        let rest = padded.suffix(dropped)
        let half = "5" + String(repeating: "0", count: dropped - 1)
        var keptValue = Int64(kept)!
        if rest > half || (rest == half && keptValue % 2 == 1) { keptValue += 1 }
        var scale: Int64 = 1
        for _ in 0..<dropped { scale *= 10 }
        return (units < 0 ? -1 : 1) * keptValue * scale
    }
}
