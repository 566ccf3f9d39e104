import Ledger
import Testing

@testable import Analytics

/// Converting into one currency: each amount at its day's rate, rounded once, and what finds no
/// rate counted per currency rather than converted 1:1.
@Suite("Currency conversion")
struct CurrencyConversionTests {
    static func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    static func quote(_ day: String, _ from: String, _ to: String, _ rate: String, _ source: RateSource = .imported) throws -> DatedRate {
        DatedRate(date: Self.day(day), from: from, to: to, rate: try ExchangeRate(parsing: rate), source: source)
    }

    @Test("the target's own amounts pass through; another currency's are rounded half to even to 1/10,000 once")
    func converts() throws {
        var conversion = CurrencyConversion(
            into: "USD",
            rates: RateTable([try Self.quote("2026-10-01", "EUR", "USD", "1.0912"), try Self.quote("2026-10-01", "EUR", "GBP", "0.865")]))
        #expect(try conversion.convert(123_456, currency: "USD", on: Self.day("2020-01-01")) == 123_456)
        // 45.00 EUR x 1.0912 = 49.104 USD.
        #expect(try conversion.convert(450_000, currency: "EUR", on: Self.day("2026-10-01")) == 491_040)
        // 0.0001 GBP x 1.0912 / 0.865 = 0.000126150... USD: one unit; 0.0003 GBP is 3.784... -> 4 units.
        #expect(try conversion.convert(1, currency: "GBP", on: Self.day("2026-10-01")) == 1)
        #expect(try conversion.convert(-3, currency: "GBP", on: Self.day("2026-10-01")) == -4)
        // Exactly half a unit: 0.0001 EUR x 1.5 = 1.5 units -> 2; 0.0005 x 1.5 = 7.5 -> 8; 0.0003 x 1.5 = 4.5 -> 4.
        var halves = CurrencyConversion(into: "USD", rates: RateTable([try Self.quote("2026-10-01", "EUR", "USD", "1.5")]))
        #expect(try halves.convert(1, currency: "EUR", on: Self.day("2026-10-01")) == 2)
        #expect(try halves.convert(5, currency: "EUR", on: Self.day("2026-10-01")) == 8)
        #expect(try halves.convert(3, currency: "EUR", on: Self.day("2026-10-01")) == 4)
        #expect(conversion.unconverted.isEmpty)
    }

    @Test("amounts with no rate within 7 days are counted per kind and currency, with their sum signs aside and first day")
    func leftOut() throws {
        var conversion = CurrencyConversion(into: "USD", rates: RateTable([try Self.quote("2026-10-01", "EUR", "USD", "1.1")]))
        #expect(try conversion.convert(10_000, currency: "EUR", on: Self.day("2026-10-08")) == 11_000)
        #expect(try conversion.convert(10_000, currency: "EUR", on: Self.day("2026-10-09")) == nil)
        #expect(try conversion.convert(-25_000, currency: "EUR", on: Self.day("2026-10-12")) == nil)
        #expect(try conversion.convert(3_124_000, currency: "GBP", on: Self.day("2026-10-19")) == nil)
        #expect(try conversion.convert(1_000, currency: "GBP", on: Self.day("2026-10-02"), kind: .balances) == nil)
        #expect(
            conversion.unconverted == [
                UnconvertedAmounts(
                    kind: .transactions, currency: "EUR", target: "USD", count: 2, units: 35_000, firstDay: Self.day("2026-10-09")),
                UnconvertedAmounts(
                    kind: .transactions, currency: "GBP", target: "USD", count: 1, units: 3_124_000, firstDay: Self.day("2026-10-19")),
                UnconvertedAmounts(
                    kind: .balances, currency: "GBP", target: "USD", count: 1, units: 1_000, firstDay: Self.day("2026-10-02")),
            ])
    }

    @Test("the choice is the rate table's, card rates only without an imported one")
    func choiceFollowsTheTable() throws {
        var conversion = CurrencyConversion(
            into: "USD",
            rates: RateTable([
                try Self.quote("2026-10-01", "EUR", "USD", "1.1"), try Self.quote("2026-10-03", "EUR", "USD", "1.2", .card),
                try Self.quote("2026-10-20", "EUR", "USD", "1.3", .card),
            ]))
        #expect(try conversion.choice(currency: "EUR", on: Self.day("2026-10-03"))?.source == .imported)
        #expect(try conversion.choice(currency: "EUR", on: Self.day("2026-10-20"))?.rate == ExchangeRate(parsing: "1.3"))
        #expect(try conversion.choice(currency: "EUR", on: Self.day("2026-10-30")) == nil)
    }
}
