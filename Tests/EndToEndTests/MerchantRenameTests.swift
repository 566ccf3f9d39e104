import Foundation
import PurseTestSupport
import Testing

/// `rules add ... --rename NAME` through the real binary: Amazon's raw texts become one merchant
/// in spending by merchant and one recurring series, while `explain` and `export transactions`
/// keep the text the bank sent.
@Suite("Rename rules: one clean merchant name")
struct MerchantRenameTests {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    /// A monthly 14.99 charge from Amazon under two raw names, a one-off Amazon purchase (above the
    /// new-merchant floor) and a grocery run, July to October 2026.
    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1", name: "Checking")]))
        let charges: [(String, String, String, String)] = [
            ("T1", "2026-07-05T12:00:00-04:00", "14.99", "AMZN Mktp US*2K3AB1"),
            ("T2", "2026-08-05T12:00:00-04:00", "14.99", "AMAZON.COM*7Y1AA"),
            ("T3", "2026-09-05T12:00:00-04:00", "14.99", "AMZN Mktp US*9QZ11"),
            ("T4", "2026-10-05T12:00:00-04:00", "14.99", "AMAZON.COM*44XK2"),
            ("T5", "2026-10-12T12:00:00-04:00", "162.40", "AMZN Mktp US*RT55B"),
            ("T6", "2026-10-14T12:00:00-04:00", "54.20", "Whole Foods Market"),
        ]
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: charges.map { id, date, amount, name in
                    F.transaction(id, account: "A1", date: date, amount: amount, mcc: 5942, merchant: name, description: name.uppercased())
                }))
        try #require(try purse.run(["--db", database, "sync", export.path]).status == 0)
    }

    func run(_ arguments: [String]) throws -> String {
        let result = try purse.run(["--db", database, "--now", "2026-10-31"] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    func addRules() throws {
        _ = try run(["rules", "add", "--description-regex", "AMZN|AMAZON", "--rename", "Amazon"])
        // After a rule that only renames, a later one still sets the category.
        _ = try run(["rules", "add", "--description-regex", "AMZN|AMAZON", "--category", "Shopping"])
    }

    @Test("spending by merchant shows one Amazon row, its net the sum of the export's Amazon rows")
    func oneRow() throws {
        try addRules()
        let exported = CSVRows.parse(try run(["export", "transactions"]))
        let amazon = exported.filter { row in ["AMZN", "AMAZON"].contains { row["merchant"]!.hasPrefix($0) } }
        #expect(amazon.count == 5)
        // The export keeps the original text, and names what reports show last.
        #expect(Set(amazon.map { $0["merchant_shown"]! }) == ["Amazon"])
        #expect(amazon.contains { $0["merchant"] == "AMAZON.COM*7Y1AA" })
        let expected = amazon.filter { $0["transaction_date"]!.hasPrefix("2026-10") }.map { CSVRows.cents($0["amount"]!) }
            .reduce(0, +)
        let rows = CSVRows.parse(try run(["report", "spending", "--by", "merchant", "--month", "2026-10", "--format", "csv"]))
        let named = rows.filter { $0["merchant"]!.uppercased().contains("AMAZON") || $0["merchant"]!.contains("AMZN") }
        #expect(named.map { $0["merchant"]! } == ["Amazon"])
        #expect(named.first.map { CSVRows.cents($0["net"]!) } == expected)
        #expect(named.first?["category"] == "Shopping")
        // Whole months (the summary's fast path) and days agree.
        let days = CSVRows.parse(
            try run(["report", "spending", "--by", "merchant", "--from", "2026-10-01", "--to", "2026-10-31", "--format", "csv"]))
        #expect(days.filter { $0["merchant"] == "Amazon" }.map { CSVRows.cents($0["net"]!) } == [expected])
    }

    @Test("a monthly charge under two raw names is one recurring series once renamed")
    func oneSeries() throws {
        let before = CSVRows.parse(try run(["report", "recurring", "--format", "csv"]))
        #expect(!before.contains { $0["merchant"]!.contains("AMZN") || $0["merchant"]!.contains("AMAZON") })
        try addRules()
        let after = CSVRows.parse(try run(["report", "recurring", "--format", "csv"]))
        let series = after.filter { $0["merchant"] == "Amazon" }
        #expect(series.count == 1)
        #expect(series.first?["cadence"] == "monthly")
        #expect(series.first?["count"] == "4")
    }

    @Test("a new reference code of a renamed merchant is not a new merchant in report anomalies")
    func anomalies() throws {
        func newMerchants() throws -> [String] {
            CSVRows.parse(try run(["report", "anomalies", "--month", "2026-10", "--format", "csv"]))
                .filter { $0["kind"] == "new-merchant" }.map { $0["merchant"]! }
        }
        #expect(try newMerchants() == ["AMZN Mktp US*RT55B"])
        try addRules()
        #expect(try newMerchants() == [])
    }

    @Test("transactions --merchant finds the renamed name as well as the raw text; the listing shows the name")
    func transactionsFilter() throws {
        try addRules()
        let named = CSVRows.parse(try run(["export", "transactions", "--merchant", "amazon"]))
        #expect(Set(named.map { $0["id"]! }) == ["T1", "T2", "T3", "T4", "T5"])
        let raw = CSVRows.parse(try run(["export", "transactions", "--merchant", "AMZN"]))
        #expect(Set(raw.map { $0["id"]! }) == ["T1", "T3", "T5"])
        #expect(try run(["transactions", "--merchant", "amazon", "--month", "2026-10"]).contains("Amazon"))
    }

    @Test("explain shows the name and what it was renamed from")
    func explain() throws {
        try addRules()
        let text = try run(["explain", "--month", "2026-08"])
        #expect(text.contains("Amazon"))
        #expect(text.contains("renamed from AMAZON.COM*7Y1AA"))
        let json = try run(["explain", "--month", "2026-08", "--format", "json"])
        #expect(json.contains("\"merchant\": \"AMAZON.COM*7Y1AA\""))
        #expect(json.contains("\"merchant_shown\": \"Amazon\""))
        let csv = CSVRows.parse(try run(["explain", "--month", "2026-08", "--format", "csv"]))
        #expect(csv.map { [$0["merchant"]!, $0["merchant_shown"]!] } == [["AMAZON.COM*7Y1AA", "Amazon"]])
    }

    @Test("a rule needs something to set: --rename counts; rules list shows it")
    func ruleAction() throws {
        let refused = try purse.run(["--db", database, "rules", "add", "--merchant", "amzn"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--rename"))
        try addRules()
        let listed = CSVRows.parse(try run(["rules", "list", "--format", "csv"]))
        #expect(listed.map { $0["rename"] } == ["Amazon", ""])
    }
}

extension MerchantRenameTests {
    @Test("rules test lists each raw text a rule renames; merchants suggests a rule and --unnamed drops covered texts")
    func testAndMerchants() throws {
        // The suggested rule matches the name without its reference code, so it cleans every
        // reference of the merchant, those of other months too.
        let suggested = CSVRows.parse(try run(["merchants", "--month", "2026-10", "--format", "csv"]))
        let command = try #require(suggested.first { $0["merchant"] == "AMAZON.COM*44XK2" }?["rule"])
        #expect(command == "purse rules add --merchant 'AMAZON.COM' --rename 'AMAZON.COM'")
        #expect(suggested.first { $0["merchant"] == "Whole Foods Market" }?["rule"] == "")
        _ = try run(["rules", "add", "--merchant", "AMAZON.COM", "--rename", "AMAZON.COM"])
        let august = CSVRows.parse(try run(["merchants", "--month", "2026-08", "--format", "csv"]))
        #expect(august.map { $0["shown"]! } == ["AMAZON.COM"])
        #expect(august.map { $0["rule"]! } == [""])
        _ = try run(["rules", "remove", "1"])
        try addRules()
        let tested = try run(["rules", "test", "--month", "2026-10"])
        #expect(tested.contains("AMAZON.COM*44XK2"))
        #expect(tested.contains("Rule #1: matches 2 transactions"))
        let rows = CSVRows.parse(try run(["merchants", "--month", "2026-10", "--format", "csv"]))
        // Largest net first, each raw text on its own row with the name shown now.
        #expect(rows.map { $0["merchant"]! } == ["AMZN Mktp US*RT55B", "Whole Foods Market", "AMAZON.COM*44XK2"])
        #expect(rows.map { $0["shown"]! } == ["Amazon", "Whole Foods Market", "Amazon"])
        // A renamed text needs no rule.
        #expect(rows.map { $0["rule"]! } == ["", "", ""])
        let unnamed = CSVRows.parse(try run(["merchants", "--month", "2026-10", "--unnamed", "--format", "csv"]))
        #expect(unnamed.map { $0["merchant"]! } == ["Whole Foods Market"])
        #expect(CSVRows.parse(try run(["merchants", "--month", "2026-10", "--uncategorized", "--format", "csv"])).isEmpty)
    }

    @Test("merchants in text, CSV and JSON (golden)")
    func golden() throws {
        try addRules()
        for (format, name) in [("text", "merchants.txt"), ("csv", "merchants.csv"), ("json", "merchants.json")] {
            try expectGolden(try run(["merchants", "--from", "2026-07-01", "--to", "2026-10-31", "--format", format]), name)
        }
    }
}

extension MerchantRenameTests {
    @Test("the summary's pending charges show a renamed merchant under its name, as its largest expenses do")
    func pendingRenamed() throws {
        let export = try ExportFixture(in: folder.url, name: "pending")
        // The same phone's next export: one pending charge more.
        try export.append("accounts", F.changeSet("G", 2, snapshot: true, inserted: [F.account("A1", name: "Checking")]))
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T", 2,
                inserted: [
                    F.transaction(
                        "P1", account: "A1", date: "2026-10-30T12:00:00-04:00", amount: "31.50", status: "pending", mcc: 5942,
                        merchant: "AMZN Mktp US*PEND1", description: "AMZN MKTP US*PEND1")
                ]))
        try #require(try purse.run(["--db", database, "sync", export.path]).status == 0)
        let before = try run(["report", "summary", "--month", "2026-10"])
        #expect(before.contains("AMZN Mktp US*PEND1"), "\(before)")
        try addRules()
        let after = try run(["report", "summary", "--month", "2026-10"])
        #expect(!after.contains("AMZN Mktp US*PEND1"), "\(after)")
        let pendingLines = after.split(separator: "\n").filter { $0.hasPrefix("2026-10-30") }
        #expect(!pendingLines.isEmpty && pendingLines.allSatisfy { $0.contains("Amazon") }, "\(after)")
    }
}
