import Analytics
import Ledger
import Testing

@testable import Rendering

/// What a converted report says it left out.
@Suite("Conversion rendering")
struct ConversionRenderingTests {
    let left = [
        UnconvertedAmounts(
            kind: .transactions, currency: "GBP", target: "USD", count: 8, units: 3_124_000, firstDay: CivilDate(iso: "2026-10-19")!),
        UnconvertedAmounts(
            kind: .balances, currency: "EUR", target: "USD", count: 1, units: 12_000_000, firstDay: CivilDate(iso: "2026-10-31")!),
    ]

    @Test("one warning per currency, naming counts, the transactions' sum, pair, first day and what to run")
    func warnings() {
        #expect(
            ConversionRendering.warnings(left) == [
                "8 GBP transactions (£312.40) left out: no GBP->USD rate within 7 days before 2026-10-19; run 'purse prices import'",
                "1 EUR balance left out: no EUR->USD rate within 7 days before 2026-10-31; run 'purse prices import'",
            ])
        let both =
            left + [
                UnconvertedAmounts(
                    kind: .balances, currency: "GBP", target: "USD", count: 3, units: 1, firstDay: CivilDate(iso: "2026-09-30")!)
            ]
        #expect(
            ConversionRendering.warnings(both.sorted { $0.currency > $1.currency })[0]
                == "8 GBP transactions (£312.40) and 3 GBP balances left out: no GBP->USD rate within 7 days before 2026-09-30; "
                + "run 'purse prices import'")
    }

    @Test("one line for text, nothing when nothing was left out, and a JSON list")
    func lineAndJSON() {
        #expect(ConversionRendering.textLine(left) == "Left out, no rate into USD: 8 GBP transactions (£312.40), 1 EUR balance")
        #expect(ConversionRendering.textLine([]) == nil)
        #expect(
            ConversionRendering.jsonValue(left).compact
                == #"[{"kind":"transactions","currency":"GBP","count":8,"amount":"312.40","first_day":"2026-10-19"},"#
                + #"{"kind":"balances","currency":"EUR","count":1,"amount":null,"first_day":"2026-10-31"}]"#)
    }
}
