import Foundation
import PurseTestSupport
import Testing

/// `report fx` through the real binary: euro and pound purchases (and a pound refund) on a dollar
/// card in New York, against an ECB file without the weekend of 17 and 18 October. Every markup
/// is checked against the test's own integer arithmetic.
@Suite("report fx: what the card's exchange cost")
struct CardExchangeCostTests: PurseLedgerSuite {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    /// Rates per 1 EUR, newest first, a trailing comma on each line, as the ECB writes them.
    static let ecb = """
        Date,USD,JPY,GBP,
        2026-10-20,1.0950,162.10,0.8600,
        2026-10-19,1.0900,161.90,0.8580,
        2026-10-16,1.0850,161.50,0.8560,
        2026-10-15,1.0800,N/A,0.8550,

        """

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        let export = try ExportFixture(in: folder.url)
        try export.append(
            "accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CARD", kind: "liability", name: "Apple Card")]))
        try export.append(
            "transactions/CARD",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    // Saturday in New York: Friday's rate.
                    F.transaction("E1", account: "CARD", date: "2026-10-17T15:00:00Z", amount: "55.00", foreign: ("50.00", "EUR", "1.10")),
                    // Monday 02:00 in UTC, Sunday 22:00 in New York: still Friday's rate.
                    F.transaction("E2", account: "CARD", date: "2026-10-19T02:00:00Z", amount: "21.70", foreign: ("20.00", "EUR", "1.085")),
                    // Monday: pounds crossed through the euro.
                    F.transaction("G1", account: "CARD", date: "2026-10-19T16:00:00Z", amount: "51.20", foreign: ("40.00", "GBP", "1.28")),
                    F.transaction(
                        "G2", account: "CARD", date: "2026-10-20T15:00:00Z", amount: "12.80", indicator: "credit", type: "refund",
                        foreign: ("10.00", "GBP", "1.28")),
                    // Nine and ten days after the last rate: no reference.
                    F.transaction("G3", account: "CARD", date: "2026-10-29T15:00:00Z", amount: "6.50", foreign: ("5.00", "GBP", "1.30")),
                    F.transaction("E3", account: "CARD", date: "2026-10-30T15:00:00Z", amount: "33.00", foreign: ("30.00", "EUR", "1.10")),
                    F.transaction("D1", account: "CARD", date: "2026-10-21T15:00:00Z", amount: "54.20"),
                ]))
        let synced = try purse.run(["--db", database, "sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
        try #require(try purse.run(["--db", database, "--quiet", "accounts", "set", "Apple Card", "--tz", "America/New_York"]).status == 0)
        let file = folder.file("eurofxref-hist.csv")
        try Data(Self.ecb.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try purse.run(["--db", database, "--quiet", "prices", "import", file])
        try #require(imported.status == 0, "\(imported.stderr)")
    }

    /// units x numerator / denominator, rounded half to even: the test's own reference amount.
    static func reference(_ units: Int64, _ numerator: Int64, _ denominator: Int64) -> Int64 {
        let product = units * numerator
        var quotient = product / denominator
        let twice = 2 * abs(product % denominator)
        if twice > denominator || (twice == denominator && quotient % 2 != 0) { quotient += product < 0 ? -1 : 1 }
        return quotient
    }

    /// 1/10,000 units to cents, half to even, as text: `0.38`, `-0.07`.
    static func cents(_ units: Int64) -> String {
        let cents = reference(units, 1, 100)
        return (cents < 0 ? "-" : "") + "\(abs(cents) / 100).\(String(format: "%02d", abs(cents) % 100))"
    }

    @Test("each markup is the amount charged less the foreign amount at the day's ECB rate; the weekend takes Friday's")
    func markups() throws {
        let result = try run(["report", "fx", "--month", "2026-10", "--format", "csv"])
        #expect(result.status == 0)
        let rows = CSVRows.parse(result.stdout)
        #expect(rows.map { $0["merchant"] } == Array(repeating: "Whole Foods Market", count: 6))
        let byAmount = Dictionary(uniqueKeysWithValues: rows.map { ($0["amount"]!, $0) })
        // EUR->USD is the ECB's quote itself; GBP->USD is USD per EUR over GBP per EUR.
        let expected: [(amount: String, charged: Int64, reference: Int64, rate: String, date: String)] = [
            ("55.00", 550_000, Self.reference(500_000, 10_850, 10_000), "1.085", "2026-10-17"),
            ("21.70", 217_000, Self.reference(200_000, 10_850, 10_000), "1.085", "2026-10-18"),
            ("51.20", 512_000, Self.reference(400_000, 10_900, 8_580), "1.27039627", "2026-10-19"),
            ("-12.80", -128_000, Self.reference(-100_000, 10_950, 8_600), "1.27325581", "2026-10-20"),
        ]
        for row in expected {
            let listed = try #require(byAmount[row.amount], "\(row.amount)")
            #expect(listed["date"] == row.date)
            #expect(listed["reference_rate"] == row.rate)
            #expect(listed["markup"] == Self.cents(row.charged - row.reference), "\(row.amount)")
        }
        #expect(byAmount["55.00"]?["markup_percent"] == "1.38")
        #expect(byAmount["21.70"]?["markup"] == "0.00")
        #expect(byAmount["51.20"]?["markup_percent"] == "0.76")
        // The refund gave back more than the reference amount: the exchange saved 7 cents.
        #expect(byAmount["-12.80"]?["markup"] == "-0.07")
        #expect(byAmount["-12.80"]?["markup_percent"] == "-0.53")
        for unreferenced in ["6.50", "33.00"] {
            let row = try #require(byAmount[unreferenced])
            #expect(row["reference_rate"] == "" && row["markup"] == "" && row["markup_percent"] == "")
        }
        #expect(
            result.stderr == """
                Warning: 1 EUR purchase (€30.00) without a reference rate: no EUR->USD rate within 7 days before 2026-10-30; \
                run 'purse prices import'
                Warning: 1 GBP purchase (£5.00) without a reference rate: no GBP->USD rate within 7 days before 2026-10-29; \
                run 'purse prices import'

                """)
    }

    @Test("the totals per foreign currency sum the exact markups, then round once")
    func totals() throws {
        let result = try run(["report", "fx", "--month", "2026-10", "--format", "json"])
        #expect(result.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let totals = try #require(report["totals"] as? [[String: Any]])
        let euro = 550_000 + 217_000 - Self.reference(500_000, 10_850, 10_000) - Self.reference(200_000, 10_850, 10_000)
        let pound = 512_000 - 128_000 - Self.reference(400_000, 10_900, 8_580) - Self.reference(-100_000, 10_950, 8_600)
        #expect(totals.map { $0["foreign_currency"] as? String } == ["EUR", "GBP"])
        #expect(totals.map { $0["markup"] as? String } == [Self.cents(euro), Self.cents(pound)])
        #expect(totals.map { $0["foreign_amount"] as? String } == ["70.00", "30.00"])
        #expect(totals.map { $0["without_reference"] as? Int } == [1, 1])
    }

    @Test("the summary says what the card's exchange cost, per foreign currency, in every form")
    func summaryLine() throws {
        let euro = 550_000 + 217_000 - Self.reference(500_000, 10_850, 10_000) - Self.reference(200_000, 10_850, 10_000)
        let pound = 512_000 - 128_000 - Self.reference(400_000, 10_900, 8_580) - Self.reference(-100_000, 10_950, 8_600)
        func line(_ markup: Int64, _ purchases: String) -> String {
            markup < 0
                ? "Card exchange beat the ECB rate by $\(Self.cents(-markup)) on \(purchases) of purchases"
                : "Card exchange cost $\(Self.cents(markup)) over the ECB rate on \(purchases) of purchases"
        }
        let text = try run(["report", "summary", "--month", "2026-10"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains(line(euro, "€70.00") + "\n" + line(pound, "£30.00") + "\n"), "\(text.stdout)")
        let html = try run(["report", "summary", "--month", "2026-10", "--format", "html"])
        #expect(html.stdout.contains("<p>" + line(euro, "€70.00") + "</p>"))
        let csv = CSVRows.parse(try run(["report", "summary", "--month", "2026-10", "--format", "csv"]).stdout)
        #expect(
            csv.filter { $0["section"] == "card_exchange" }.map { [$0["item"]!, $0["measure"]!, $0["value"]!] } == [
                ["EUR", "markup", Self.cents(euro)], ["EUR", "foreign_amount", "70.00"], ["GBP", "markup", Self.cents(pound)],
                ["GBP", "foreign_amount", "30.00"],
            ])
    }
}
