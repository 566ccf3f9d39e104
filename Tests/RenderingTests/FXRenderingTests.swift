import Ledger
import Testing

@testable import Rendering

/// How `report fx` shows a markup: to the cent, half to even, and its percent of the reference
/// amount with two decimals, rounded once from the exact amounts.
@Suite("report fx: markup and percent as shown")
struct FXRenderingTests {
    @Test(
        "a markup is shown to the currency's minor unit, half to even",
        arguments: [
            (3_850, "USD", 3_800), (3_750, "USD", 3_800), (3_751, "USD", 3_800), (3_849, "USD", 3_800), (-3_850, "USD", -3_800),
            (-3_750, "USD", -3_800), (5_000, "JPY", 0), (15_000, "JPY", 20_000), (12_345, "KWD", 12_340),
        ])
    func shownToTheCent(units: Int64, currency: String, shown: Int64) {
        #expect(FXRendering.shown(units, currency: currency) == shown)
    }

    @Test(
        "the percent has two decimals, a half of the last one to even",
        arguments: [
            // 150/1,000,000 = 0.015 %: 1.5 hundredths, to 2; 250 is 2.5 hundredths, to 2 as well.
            (150, 1_000_000, "0.02"), (250, 1_000_000, "0.02"), (350, 1_000_000, "0.04"), (251, 1_000_000, "0.03"),
            (3_802, 134_198, "2.83"), (-11_200, 1_091_200, "-1.03"),
            // A refund: the reference amount is negative, the percent keeps the markup's sign.
            (11_200, -1_091_200, "1.03"), (-250, -1_000_000, "-0.02"),
        ])
    func percent(markup: Int64, reference: Int64, text: String) {
        #expect(FXRendering.percent(markup, of: reference) == text)
    }

    @Test("no percent of a zero reference amount")
    func zeroReference() {
        #expect(FXRendering.percent(100, of: 0) == nil)
    }
}
