import Foundation
import PurseTestSupport
import Testing

/// `report networth --convert-to USD` through the real binary on `ConversionFixture`'s ledger:
/// the month end's net worth is the sum worked out here from the fixture's balances and rates,
/// the JPY balance no rate reaches is left out and named on stderr and in JSON, and the exit
/// status stays 0.
@Suite("Converted net worth")
struct ConvertedNetWorthTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        let export = try ConversionFixture.export(in: folder.url)
        let synced = try purse.run(["--db", database, "sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
        let imported = try purse.run(["--db", database, "prices", "import", try ConversionFixture.ratesFile(in: folder.url)])
        try #require(imported.status == 0, "\(imported.stderr)")
    }

    /// `units` x `numerator / denominator`, half to even to 1/10,000.
    static func converted(_ units: Int64, _ numerator: Int64, _ denominator: Int64) -> Int64 {
        let (quotient, remainder) = (units * numerator).quotientAndRemainder(dividingBy: denominator)
        return remainder * 2 > denominator || (remainder * 2 == denominator && quotient % 2 == 1) ? quotient + 1 : quotient
    }

    @Test("at 31 October: $1,500.00 + £900.00 and €100.00 at the 30th's rates - $300.00; ¥50,000 left out and named")
    func monthEnd() throws {
        // Saturday the 31st takes Friday's rates: 1 EUR = 1.0834 USD = 0.8571 GBP, so 1 GBP =
        // 1.0834 / 0.8571 USD. Each balance converted exactly, rounded once to 1/10,000; the
        // sum rounded half to even to the cent.
        let sum = 15_000_000 + Self.converted(9_000_000, 10_834, 8_571) + Self.converted(1_000_000, 10_834, 10_000) - 3_000_000
        var cents = sum / 100
        if (sum % 100) * 2 > 100 || ((sum % 100) * 2 == 100 && cents % 2 == 1) { cents += 1 }
        let expected = "\(cents / 100).\(String(format: "%02d", Int(cents % 100)))"
        let result = try run(["report", "networth", "--convert-to", "USD", "--from", "2026-10-01", "--to", "2026-10-31", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.first == ["date", "currency", "assets", "liabilities", "net_worth"])
        #expect(rows.dropFirst().map { [$0[0], $0[1], $0[4]] } == [["2026-10-31", "USD", expected]])
        #expect(expected == "2445.97")
        #expect(
            result.stderr
                == "Warning: 1 JPY balance left out: no JPY->USD rate within 7 days before 2026-10-31; run 'purse prices import'\n"
        )

        let json = try run(["report", "networth", "--convert-to", "USD", "--from", "2026-10-01", "--to", "2026-10-31", "--format", "json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["converted_to"] as? String == "USD")
        let unconverted = try #require(object["unconverted"] as? [[String: Any]])
        #expect(unconverted.count == 1)
        #expect(unconverted.first?["currency"] as? String == "JPY")
        // Balances are counted, never summed: one account's at several dates add up to nothing.
        #expect(unconverted.first?["amount"] is NSNull)
    }

    @Test("a code that is not a currency is a usage error, before anything is read")
    func badCode() throws {
        let result = try run(["report", "networth", "--convert-to", "XYZ"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
    }
}
