import Analytics
import Ledger
import Rendering
import Testing

/// How `explain --convert-to` writes a rate: the exact decimal when it ends, else ten places
/// rounded half to even (`RateFormat.decimal(_:places:)`); and where the rate came from.
@Suite("RateChoiceText")
struct RateChoiceTextTests {
    @Test(
        "a rate as a decimal: exact when it ends, else ten places half to even",
        arguments: [
            (Int64(682), Int64(625), "1.0912"),  // 1.0912 as read from a file
            (645, 4, "161.25"),
            (161, 1, "161"),
            (1, 2048, "0.00048828125"),  // ends after eleven digits: still exact
            (1, 3, "0.3333333333"),
            (2, 3, "0.6666666667"),
            (10_834, 8_571, "1.2640298682"),  // 1.0834 / 0.8571, a cross rate through EUR
            (8_571, 10_834, "0.7911205464"),
            (999_999_999_999, 1_000_000_000_001, "1.0000000000"),  // rounding carries into the whole part
        ])
    func decimal(numerator: Int64, denominator: Int64, text: String) throws {
        #expect(RateFormat.decimal(try ExchangeRate(numerator: numerator, denominator: denominator), places: 10) == text)
    }

    @Test("a rate's sentence names its day, source and route")
    func sentence() throws {
        let cross = RateChoice(
            rate: try ExchangeRate(numerator: 10_834, denominator: 8_571), date: CivilDate(iso: "2026-10-30")!, source: .imported,
            route: .cross(via: "EUR"))
        #expect(
            RateChoiceText.sentence(cross, from: "GBP", to: "USD") == "1 GBP = 1.2640298682 USD on 2026-10-30 (imported, cross via EUR)")
        let card = RateChoice(rate: try ExchangeRate(parsing: "1.09"), date: CivilDate(iso: "2026-10-19")!, source: .card, route: .inverse)
        #expect(RateChoiceText.sentence(card, from: "EUR", to: "USD") == "1 EUR = 1.09 USD on 2026-10-19 (card, inverse)")
    }
}
