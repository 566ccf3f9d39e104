import Ledger
import Testing

@testable import Analytics

/// The markup of one foreign purchase: amount charged - foreign amount x reference rate, the
/// product rounded half to even to 1/10,000 once, the difference exact.
@Suite("report fx: the markup arithmetic")
struct FXMarkupTests {
    static let day = CivilDate(year: 2026, month: 10, day: 16)

    static func reference(_ foreign: Int64, charged: Int64, rate: String) throws -> FXReport.Reference {
        try FXReport.Reference(
            foreignAmount: foreign, amount: charged, rate: try ExchangeRate(parsing: rate), date: day, currency: "USD")
    }

    @Test("a product exactly half a unit rounds to the even unit: up from an odd one, down from an even one")
    func halfEven() throws {
        // €12.34 x 1.0875 = $13.41975 = 134,197.5 units: 134,197 is odd, so up.
        let up = try Self.reference(123_400, charged: 138_000, rate: "1.0875")
        #expect(up.amount == 134_198)
        #expect(up.markup == 3_802)
        // €12.34 x 1.0925 = $13.48145 = 134,814.5 units: 134,814 is even, so down.
        let down = try Self.reference(123_400, charged: 138_000, rate: "1.0925")
        #expect(down.amount == 134_814)
        #expect(down.markup == 3_186)
    }

    @Test("just off the half rounds to the nearer unit, whichever side is even")
    func nearest() throws {
        // 123,400 x 1.08751 = 134,198.734: up; 123,400 x 1.08749 = 134,196.266: down.
        #expect(try Self.reference(123_400, charged: 0, rate: "1.08751").amount == 134_199)
        #expect(try Self.reference(123_400, charged: 0, rate: "1.08749").amount == 134_196)
    }

    @Test("a card rate better than the reference is a negative markup")
    func cardBeatReference() throws {
        let reference = try Self.reference(1_000_000, charged: 1_080_000, rate: "1.0912")
        #expect(reference.amount == 1_091_200)
        #expect(reference.markup == -11_200)
    }

    @Test("a refund is negative in both currencies: giving back less than the reference is a positive markup")
    func refund() throws {
        let reference = try Self.reference(-1_000_000, charged: -1_080_000, rate: "1.0912")
        #expect(reference.amount == -1_091_200)
        #expect(reference.markup == 11_200)
    }

    @Test("a cross rate is kept exact until the one rounding: GBP->USD through EUR")
    func crossRate() throws {
        // 1 GBP = 1.0912 / 0.8566 USD; £100 x that = $127.3873... = 1,273,873.45 units: down.
        let rate = try ExchangeRate(parsing: "1.0912").dividing(by: try ExchangeRate(parsing: "0.8566"))
        let reference = try FXReport.Reference(foreignAmount: 1_000_000, amount: 1_300_000, rate: rate, date: Self.day, currency: "USD")
        #expect(reference.amount == 1_273_873)
        #expect(reference.markup == 26_127)
    }

    @Test("totals sum the rows with a reference, and count the others apart")
    func sums() throws {
        func row(_ foreign: Int64, _ amount: Int64, _ reference: FXReport.Reference?) -> FXReport.Row {
            FXReport.Row(
                date: Self.day, time: 0, transactionID: "T", accountID: "A", accountName: "Card", accountLabel: "Card", merchant: "M",
                foreignAmount: foreign, foreignCurrency: "EUR", amount: amount, currency: "USD", cardRate: "1.1", reference: reference)
        }
        var sums = FXReport.Sums()
        try sums.add(row(1_000_000, 1_100_000, try Self.reference(1_000_000, charged: 1_100_000, rate: "1.0912")))
        try sums.add(row(-200_000, -220_000, try Self.reference(-200_000, charged: -220_000, rate: "1.0912")))
        try sums.add(row(300_000, 330_000, nil))
        #expect(sums.count == 2)
        #expect(sums.foreignAmount == 800_000)
        #expect(sums.amount == 880_000)
        #expect(sums.referenceAmount == 872_960)
        #expect(sums.markup == 7_040)
        #expect(sums.unreferenced == 1)
        #expect(sums.unreferencedForeignAmount == 300_000)
    }
}
