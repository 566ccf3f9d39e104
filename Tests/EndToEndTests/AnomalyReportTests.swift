import Foundation
import PurseTestSupport
import Testing

/// `report anomalies` through the real binary, on the example ledger plus a second Wallet export
/// with a planted double charge (two coffees 4 minutes apart), a planted spike (a bookshop at
/// $30.00 in each of three months, on no cadence, then $150.00), two first charges either side of the new-merchant floor,
/// and a merchant charged in February and again in October (not new).
/// Expected rows are worked out here from the planted entries and from `export transactions`.
@Suite("report anomalies end to end")
struct AnomalyReportTests: PurseLedgerSuite {
    typealias F = ExportFixture

    /// ID, instant, amount, merchant, MCC.
    static let planted: [(id: String, time: String, amount: String, merchant: String, mcc: Int)] = [
        ("P1", "2026-10-14T09:00:00Z", "6.50", "Blue Bottle Coffee", 5814),
        ("P2", "2026-10-14T09:04:00Z", "6.50", "Blue Bottle Coffee", 5814),
        ("B1", "2026-07-10T12:00:00Z", "30.00", "Corner Bookshop", 5942),
        ("B2", "2026-08-25T12:00:00Z", "30.00", "Corner Bookshop", 5942),
        ("B3", "2026-09-05T12:00:00Z", "30.00", "Corner Bookshop", 5942),
        ("B4", "2026-10-10T12:00:00Z", "150.00", "Corner Bookshop", 5942),
        ("N1", "2026-10-05T12:00:00Z", "100.00", "Harbor Tools", 5251),
        ("N2", "2026-10-06T12:00:00Z", "100.01", "Lakeside Furniture", 5712),
        // Charged long before the three months the spike rule reads: not new in October.
        ("O1", "2026-02-10T12:00:00Z", "20.00", "Old Hardware", 5251),
        ("O2", "2026-10-07T12:00:00Z", "150.00", "Old Hardware", 5251),
    ]

    let folder: TemporaryFolder
    let database: String
    /// The example ledger alone.
    let examples: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        examples = try Examples.syncedLedger(at: folder.file("examples.sqlite"))
        database = try Examples.syncedLedger(at: folder.file("ledger.sqlite"))
        let export = try ExportFixture(in: folder.url, name: "planted")
        try export.writeManifest(
            """
            {"format":"wallet-export","version":1,"sourceID":"S-PLANTED","sourceName":"Test phone","exportedAt":"2026-11-01T08:00:00Z",\
            "accountTimeZones":{"PLANT":"UTC"}}
            """)
        try export.append(
            "accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("PLANT", kind: "liability", name: "Test Card")]))
        try export.append(
            "transactions/PLANT",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: Self.planted.map { row in
                    F.transaction(
                        row.id, account: "PLANT", date: row.time, amount: row.amount, mcc: row.mcc, merchant: row.merchant,
                        description: row.merchant.uppercased())
                }))
        let synced = try purse.run(["--db", database, "sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
    }

    func anomalies(_ db: String, _ extra: [String] = []) throws -> PurseBinary.Result {
        try purse.run(["--db", db, "--now", "2026-11-20", "report", "anomalies", "--month", "2026-10", "--format", "csv"] + extra)
    }

    func lines(_ result: PurseBinary.Result) -> [String] {
        Array(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().filter { !$0.isEmpty }.map(String.init))
    }

    /// The counted export rows of a ledger.
    func exported(_ db: String) throws -> [[String: String]] {
        let export = try purse.run(["--db", db, "export", "transactions", "--format", "csv"])
        try #require(export.status == 0, "\(export.stderr)")
        return CSVRows.parse(export.stdout).filter { $0["counted"] == "true" }
    }

    func category(of id: String, in rows: [[String: String]]) throws -> String {
        try #require(rows.first { $0["id"] == id }?["category"])
    }

    /// The spike rows the README's rule gives, worked out from `export transactions`: net by
    /// category (or merchant) and month, October against the rounded average of July to
    /// September, more than 50 % and more than the floor above it.
    func expectedSpikes(_ rows: [[String: String]], merchants: Bool) -> Set<String> {
        var nets: [String: [String: Int]] = [:]
        var lastDays: [String: String] = [:]
        for row in rows where row["flow"] == "expense" || row["flow"] == "refund" {
            guard row["currency"] == "USD" else { continue }
            let merchant = row["merchant"].flatMap { $0.isEmpty ? nil : $0 } ?? row["description"]!
            let key = merchants ? merchant : row["category"]!
            let day = row["transaction_date"]!
            let month = String(day.prefix(7))
            let cents = CSVRows.cents(row["amount"]!) * (row["flow"] == "expense" ? 1 : -1)
            nets[key, default: [:]][month, default: 0] += cents
            if month == "2026-10" { lastDays[key] = max(lastDays[key] ?? day, day) }
        }
        var spikes = Set<String>()
        for (key, months) in nets {
            guard let october = months["2026-10"] else { continue }
            let total = ["2026-07", "2026-08", "2026-09"].map { months[$0] ?? 0 }.reduce(0, +)
            // Half to even, to the cent.
            var average = total / 3
            let remainder = total % 3
            if remainder * 2 > 3 || (remainder * 2 == 3 && average % 2 != 0) { average += 1 }
            let floor = merchants ? 2_500 : 5_000
            let rise = october - average
            guard average > 0, 2 * rise > average, rise > floor else { continue }
            func money(_ cents: Int) -> String { String(format: "%d.%02d", cents / 100, cents % 100) }
            spikes.insert(
                "spike,\(lastDays[key]!),,,\(merchants ? key : ""),\(merchants ? "" : key),\(money(october)),USD,\(money(average)),"
                    + "\(merchants ? "this merchant's" : "this category's") net is +$\(money(rise)) over its average of July 2026 to September 2026"
            )
        }
        return spikes
    }

    @Test("the planted double charge, spike and new merchant are found, with exactly these rows; the floor is exclusive")
    func planted() throws {
        let before = try anomalies(examples)
        let after = try anomalies(database)
        #expect(after.status == 0 && before.status == 0, "\(after.stderr)")
        #expect(after.stdout.hasPrefix("kind,date,account_id,account,merchant,category,amount,currency,baseline,detail\n"))
        let rows = try exported(database)
        let added = Set(lines(after)).subtracting(lines(before))
        let coffee = try category(of: "P2", in: rows)
        let furniture = try category(of: "N2", in: rows)
        var expected: Set<String> = [
            "double-charge,2026-10-14,PLANT,Test Card,Blue Bottle Coffee,\(coffee),6.50,USD,6.50,"
                + "\"the same charge as P1 of 2026-10-14, 4 minutes after it\"",
            "new-merchant,2026-10-06,PLANT,Test Card,Lakeside Furniture,\(furniture),100.01,USD,,"
                + "\"the first charge ever from this merchant, over $100.00\"",
        ]
        expected.insert(
            "spike,2026-10-10,,,Corner Bookshop,,150.00,USD,30.00,this merchant's net is +$120.00 over its average of July 2026 to September 2026"
        )
        // The category spikes the planted rows make, from the export of both ledgers.
        let categorySpikes = expectedSpikes(rows, merchants: false).subtracting(expectedSpikes(try exported(examples), merchants: false))
        expected.formUnion(categorySpikes)
        #expect(added == expected, "\(after.stdout)")
        #expect(!after.stdout.contains("Harbor Tools"), "100.00 is not over the 100.00 floor")
        #expect(!after.stdout.contains("Old Hardware"), "a merchant charged in February is not new in October")
        // Every spike, planted or not, is the README's rule applied to the export.
        let spikes = Set(lines(after).filter { $0.hasPrefix("spike,") && $0.contains(",USD,") })
        #expect(spikes == expectedSpikes(rows, merchants: false).union(expectedSpikes(rows, merchants: true)))
    }

    @Test("--not-anomaly on either charge dismisses the double charge, and unset restores it; --exclude removes it")
    func dismissal() throws {
        let listed = try anomalies(database)
        #expect(listed.stdout.contains("double-charge,2026-10-14,PLANT"))
        for id in ["P1", "P2"] {
            let set = try purse.run(["--db", database, "set", id, "--not-anomaly"])
            #expect(set.status == 0, "\(set.stderr)")
            #expect(set.stderr.contains("not an anomaly"))
            #expect(!(try anomalies(database)).stdout.contains("double-charge,2026-10-14,PLANT"))
            #expect(try purse.run(["--db", database, "unset", id, "--not-anomaly"]).status == 0)
            #expect(try anomalies(database).stdout == listed.stdout)
        }
        // Dismissed, it still counts: the spending report is the same either way.
        let spending = ["--db", database, "report", "spending", "--month", "2026-10", "--format", "csv"]
        let counted = try purse.run(spending)
        #expect(try purse.run(["--db", database, "set", "B4", "--not-anomaly"]).status == 0)
        #expect(try purse.run(spending).stdout == counted.stdout)
        #expect(!(try anomalies(database)).stdout.contains("Corner Bookshop"), "the spike without its dismissed charge is gone")
        #expect(try purse.run(["--db", database, "set", "P2", "--exclude"]).status == 0)
        #expect(!(try anomalies(database)).stdout.contains("double-charge,2026-10-14,PLANT"))
    }

    @Test("--check exits 1 when anything is listed, with the listing; 0 on a month with nothing")
    func check() throws {
        let flagged = try anomalies(database, ["--check"])
        #expect(flagged.status == 1)
        #expect(flagged.stdout == (try anomalies(database)).stdout)
        let quiet = try purse.run(["--db", database, "--now", "2026-11-20", "report", "anomalies", "--month", "2020-01", "--check"])
        #expect(quiet.status == 0, "\(quiet.stdout)\(quiet.stderr)")
        #expect(quiet.stdout.contains("Nothing looks out of the ordinary."))
    }

    @Test("the exact output of each format", arguments: ["text", "csv", "json"])
    func golden(format: String) throws {
        let result = try purse.run(
            ["--db", database, "--tz", "UTC", "--now", "2026-11-20", "report", "anomalies", "--month", "2026-10", "--format", format],
            environment: ["LANG": "en_US.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        try expectGolden(result.stdout, "anomalies.\(format == "text" ? "txt" : format)")
    }
}

extension AnomalyReportTests {
    func summary(_ format: String) throws -> PurseBinary.Result {
        try purse.run(["--db", database, "--now", "2026-11-20", "report", "summary", "--month", "2026-10", "--format", format])
    }

    @Test("the summary's Worth a look: the double charge first, then the new merchant, then spikes; five, and how many more")
    func worthALook() throws {
        let listing = lines(try anomalies(database))
        let text = try summary("text")
        #expect(text.status == 0, "\(text.stderr)")
        let section = text.stdout.components(separatedBy: "Worth a look\n============\n").last?.components(separatedBy: "\n\n").first ?? ""
        let entries = section.split(separator: "\n").filter { !$0.hasPrefix("    ") }.map(String.init)
        #expect(entries.count == 6, "\(section)")
        #expect(entries.first?.hasPrefix("  2026-10-14 double-charge: Blue Bottle Coffee $6.50") == true, "\(section)")
        #expect(entries.dropFirst().first?.hasPrefix("  2026-10-20 price-change: Verizon") == true, "\(section)")
        #expect(entries.dropFirst(2).first?.hasPrefix("  2026-10-06 new-merchant: Lakeside Furniture") == true, "\(section)")
        #expect(entries.last == "  and \(listing.count - 5) more (purse report anomalies --month 2026-10)")
        #expect(text.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        // CSV and JSON carry every one of them, as the anomalies report lists them.
        let csv = CSVRows.parse(try summary("csv").stdout).filter { $0["section"] == "anomaly" }
        #expect(csv.count == listing.count)
        let json = try JSONSerialization.jsonObject(with: Data(try summary("json").stdout.utf8)) as? [String: Any]
        #expect((json?["anomalies"] as? [Any])?.count == listing.count)
    }

    @Test("no anomaly, no Worth a look section")
    func nothingWorthALook() throws {
        // The example ledger's first months have no usual yet, so nothing is flagged in them.
        let listing = try purse.run(["--db", examples, "--now", "2026-11-20", "report", "anomalies", "--month", "2025-12"])
        try #require(listing.stdout.contains("Nothing looks out of the ordinary."), "\(listing.stdout)")
        let quiet = try purse.run(["--db", examples, "--now", "2026-11-20", "report", "summary", "--month", "2025-12"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stdout.contains("Recurring") || quiet.stdout.contains("Balances"), "\(quiet.stdout)")
        #expect(!quiet.stdout.contains("Worth a look"))
        let json = try purse.run(["--db", examples, "--now", "2026-11-20", "report", "summary", "--month", "2025-12", "--format", "json"])
        #expect(json.stdout.contains("\"anomalies\": []") || json.stdout.contains("\"anomalies\":[]"), "\(json.stdout.prefix(200))")
    }

    @Test("a split read between two charges of a zone far east joins only its own transaction: the double charge stays found")
    func splitBetweenZones() throws {
        // EAST's two taxis are five minutes apart across its midnight into October; WEST's split
        // comes between them in UTC, dated two days earlier where it is (UTC-12).
        let export = try ExportFixture(in: folder.url, name: "zones")
        try export.writeManifest(
            """
            {"format":"wallet-export","version":1,"sourceID":"S-ZONES","sourceName":"Test phone","exportedAt":"2026-11-01T08:00:00Z",\
            "accountTimeZones":{"EAST":"Pacific/Kiritimati","WEST":"Etc/GMT+12"}}
            """)
        try export.append(
            "accounts",
            F.changeSet("G", 1, snapshot: true, inserted: [F.account("EAST", name: "East Card"), F.account("WEST", name: "West Card")]))
        for (account, rows) in [
            ("EAST", [("E1", "2026-09-30T09:58:00Z", "18.00", "Night Taxi"), ("E2", "2026-09-30T10:03:00Z", "18.00", "Night Taxi")]),
            ("WEST", [("W1", "2026-09-30T10:00:00Z", "40.00", "Hardware Depot")]),
        ] {
            try export.append(
                "transactions/\(account)",
                F.changeSet(
                    "T", 1, snapshot: true,
                    inserted: rows.map { F.transaction($0.0, account: account, date: $0.1, amount: $0.2, mcc: 4121, merchant: $0.3) }))
        }
        let zones = folder.file("zones.sqlite")
        let synced = try purse.run(["--db", zones, "sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
        let split = try purse.run(["--db", zones, "split", "W1", "Groceries=25.00", "Home & Garden=15.00"])
        try #require(split.status == 0, "\(split.stderr)")
        let result = try anomalies(zones)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            lines(result).filter { $0.hasPrefix("double-charge,") } == [
                "double-charge,2026-10-01,EAST,East Card,Night Taxi,Transit,18.00,USD,18.00,"
                    + "\"the same charge as E1 of 2026-09-30, 5 minutes after it\""
            ], "\(result.stdout)")
    }

    @Test("a merchant and a category without a row in the month are never summed for a spike: sums too large to add there are no error")
    func nothingInTheMonthIsNotSummed() throws {
        // Each amount fits; July's and August's together do not (Int64 in ten-thousandths), and
        // October has nothing of either merchant or of their category.
        let file = folder.file("huge.csv")
        try """
        Date,Description,Amount
        2026-07-05,BIGCO A,-900000000000000.00
        2026-08-05,BIGCO B,-900000000000000.00

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let ledger = folder.file("huge.sqlite")
        let imported = try purse.run([
            "--db", ledger, "import", file, "--new-account", "Big Bank", "--kind", "asset", "--currency", "USD",
            "--columns", "date=Date,description=Description,amount=Amount", "--date-format", "YYYY-MM-DD",
        ])
        try #require(imported.status == 0, "\(imported.stderr)")
        let result = try anomalies(ledger)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(lines(result).isEmpty, "\(result.stdout)")
    }
}
