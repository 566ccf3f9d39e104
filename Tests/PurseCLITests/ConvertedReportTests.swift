import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Testing

/// `--convert-to USD` on `report networth`, `report trend`, `report summary` and `explain`, on
/// `ConversionFixture`'s household (USD, GBP in London's days, EUR, and JPY without any rate):
/// the converted figures worked out here from the fixture's rates, golden files for every
/// format, the left-out amounts named on stderr and in the report, exit 0.
@Suite("Converted reports")
struct ConvertedReportTests {
    let harness: CLITestHarness

    init() throws {
        harness = try CLITestHarness(copying: Self.ledger)
    }

    static let ledger = SharedLedger { database in
        let harness = try CLITestHarness(database: database)
        let export = try ConversionFixture.export(in: harness.folder.url)
        let synced = harness.run(["sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
        let imported = harness.run(["prices", "import", try ConversionFixture.ratesFile(in: harness.folder.url)])
        try #require(imported.status == 0, "\(imported.stderr)")
    }

    static let range = ["--from", "2026-09-01", "--to", "2026-10-31"]

    /// `units` x `numerator / denominator`, rounded half to even to a whole unit (1/10,000).
    static func converted(_ units: Int64, _ numerator: Int64, _ denominator: Int64) -> Int64 {
        let product = units * numerator
        var quotient = product / denominator
        let twice = (product % denominator) * 2
        if twice > denominator || (twice == denominator && quotient % 2 == 1) { quotient += 1 }
        return quotient
    }

    /// Units rounded half to even to the cent, as a CSV shows them.
    static func cents(_ units: Int64) -> String {
        var hundreds = units / 100
        let twice = (units % 100) * 2
        if twice > 100 || (twice == 100 && hundreds % 2 == 1) { hundreds += 1 }
        let text = String(hundreds)
        return String(text.dropLast(2)) + "." + String(text.suffix(2))
    }

    @Test("networth CSV: one USD row per month end, GBP through EUR at the Friday before a Saturday, JPY left out and named")
    func netWorthCSV() {
        // 2026-10-31 is a Saturday: the rates of Friday the 30th. GBP reaches USD only as a cross
        // rate through EUR: (1.0834 USD/EUR) / (0.8571 GBP/EUR).
        let october = (
            checking: Int64(15_000_000), card: Int64(-3_000_000), current: Self.converted(9_000_000, 10_834, 8_571),
            giro: Self.converted(1_000_000, 10_834, 10_000)
        )
        let octoberAssets = october.checking + october.current + october.giro
        // 2026-09-30: that day's rates; the EUR and JPY accounts have no balance yet.
        let september = (checking: Int64(10_000_000), card: Int64(-2_500_000), current: Self.converted(8_000_000, 10_900, 8_600))
        let result = harness.run(["report", "networth", "--convert-to", "USD", "--format", "csv"] + Self.range)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                date,currency,assets,liabilities,net_worth
                2026-09-30,USD,\(Self.cents(september.checking + september.current)),-250.00,\(Self.cents(september.checking + september.current + september.card))
                2026-10-31,USD,\(Self.cents(octoberAssets)),-300.00,\(Self.cents(octoberAssets + october.card))

                """, "\(result.stdout)")
        #expect(
            result.stderr
                == "Warning: 1 JPY balance left out: no JPY->USD rate within 7 days before 2026-10-31; run 'purse prices import'\n"
        )
    }

    @Test("networth and trend golden files, every format", arguments: ["networth", "trend"], ["text", "csv", "json"])
    func balanceGolden(report: String, format: String) throws {
        let result = harness.run(["report", report, "--convert-to", "usd", "--format", format] + Self.range)
        #expect(result.status == 0)
        #expect(result.stderr.contains("1 JPY balance"))
        try expectGolden(result.stdout, "\(report)-usd.\(format == "text" ? "txt" : format)")
    }

    @Test("without --convert-to nothing is converted and nothing is said")
    func unconverted() {
        let result = harness.run(["report", "networth", "--format", "csv"] + Self.range)
        #expect(result.stderr == "")
        #expect(result.stdout.contains("2026-10-31,GBP,900.00,0.00,900.00"))
        #expect(result.stdout.contains("2026-10-31,JPY,50000,0,50000"))
    }

    @Test(
        "summary golden files in every format; stderr names what was left out",
        arguments: [("text", "txt"), ("csv", "csv"), ("json", "json"), ("html", "html"), ("email", "eml")])
    func summaryGolden(format: String, file: String) throws {
        let result = harness.run(
            ["report", "summary", "--month", "2026-10", "--convert-to", "USD", "--format", format, "--to", "ana@example.com"])
        #expect(result.status == 0)
        #expect(
            result.stderr == """
                Warning: 1 GBP transaction (£20.00) left out: no GBP->USD rate within 7 days before 2026-10-19; run 'purse prices import'
                Warning: 1 JPY transaction (¥1,200) and 1 JPY balance left out: no JPY->USD rate within 7 days before 2026-10-15; \
                run 'purse prices import'

                """, "\(result.stderr)")
        try expectGolden(result.stdout, "summary-usd.\(file)")
    }

    @Test("the summary's spending is one USD total: each transaction at its local day's rate, worked out here")
    func summarySpending() throws {
        let json = harness.run(["report", "summary", "--month", "2026-10", "--convert-to", "USD", "--format", "json"]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let currencies = try #require(object["currencies"] as? [[String: Any]])
        #expect(currencies.map { $0["currency"] as? String } == ["USD"])
        // Tesco at 00:30 on 5 October in London takes the 5th's rate (the 4th would take September 30th's);
        // the refund on the 12th still reaches the 5th's, seven days back; Pret on the 10th too.
        let tesco = Self.converted(300_000, 10_870, 8_580)
        let pret = Self.converted(125_000, 10_870, 8_580)
        let refund = Self.converted(50_000, 10_870, 8_580)
        // Rewe's €25.00 on the 20th: no imported rate since the 5th's reaches it; the card's of the 19th, 1.09.
        let rewe = Self.converted(250_000, 109, 100)
        let spent = 542_000 + 654_000 + tesco + pret + rewe  // Whole Foods $54.20, Café de Flore $65.40
        #expect(currencies[0]["spent"] as? String == Self.cents(spent))
        #expect(currencies[0]["refunded"] as? String == Self.cents(refund))
        #expect(currencies[0]["net"] as? String == Self.cents(spent - refund))
        // Salary on the 25th: the 23rd's rate; the checking account's payroll in USD as it is.
        #expect(currencies[0]["income"] as? String == Self.cents(30_000_000 + Self.converted(20_000_000, 10_850, 8_590)))
        let unconverted = try #require(object["unconverted"] as? [[String: Any]])
        #expect(
            unconverted.map { "\($0["kind"]!) \($0["currency"]!) \($0["count"]!) \($0["amount"]!) \($0["first_day"]!)" } == [
                "transactions GBP 1 20.00 2026-10-19", "transactions JPY 1 1200 2026-10-15", "balances JPY 1 <null> 2026-10-31",
            ])
    }

    @Test("a converted summary remembers what an unconverted one would: the ledger's own amounts per currency")
    func summaryRecord() throws {
        let plain = try CLITestHarness(copying: Self.ledger)
        #expect(plain.run(["report", "summary", "--month", "2026-10"]).status == 0)
        #expect(harness.run(["report", "summary", "--month", "2026-10", "--convert-to", "USD"]).status == 0)
        func records(_ database: String) throws -> [SummaryRecord] {
            try LedgerStore(path: database, mode: .readOnly, now: .utc(epochSeconds: 1_794_744_000)).summaryRecords()
        }
        let converted = try records(harness.database)
        #expect(converted == (try records(plain.database)))
        #expect(converted.first?.totals.map(\.currency) == ["EUR", "GBP", "JPY", "USD"])
        // Nothing was restated by converting: the next converted summary finds the month as reported.
        let again = harness.run(["report", "summary", "--month", "2026-10", "--convert-to", "USD", "--format", "json"])
        #expect(again.stdout.contains("\"restatements\": []"))
    }

    @Test("explain shows each converted amount with its rate, day, source and route", arguments: ["text", "csv", "json"])
    func explainGolden(format: String) throws {
        let result = harness.run(["explain", "--month", "2026-10", "--convert-to", "USD", "--format", format])
        #expect(result.status == 0)
        #expect(result.stderr.contains("1 GBP transaction (£20.00) left out"))
        try expectGolden(result.stdout, "explain-usd.\(format == "text" ? "txt" : format)")
    }

    @Test("explain without a rate says so under the transaction")
    func explainNoRate() {
        let text = harness.run(["explain", "--month", "2026-10", "--convert-to", "USD", "--merchant", "boots"]).stdout
        #expect(text.contains("no GBP->USD rate within 7 days before 2026-10-19: left out of the USD total"))
        #expect(text.contains("Left out, no rate into USD: 1 GBP transaction (£20.00)"))
    }
}
