import Foundation
import PurseTestSupport
import Testing

/// `report spending --by tag` through the real binary, over the example ledger and an Apple Card
/// Family statement: each tag's totals equal the sums of the export's rows carrying it.
@Suite("Spending by tag")
struct SpendingByTagTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    /// Two people on one card, a purchase returned, and the card's payment (not spending).
    static let familyStatement = """
        Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD),Purchased By
        10/05/2026,10/06/2026,"TRADER JOE'S #123 OAKLAND CA",Trader Joe's,Grocery,Purchase,84.10,Ana Doe
        10/07/2026,10/08/2026,"SHELL OIL 5744 OAKLAND CA",Shell,Gas,Purchase,41.25,Ben Doe
        10/09/2026,10/10/2026,"TRADER JOE'S #123 OAKLAND CA",Trader Joe's,Grocery,Return,-12.30,Ana Doe
        10/12/2026,10/13/2026,"AMC THEATRES 1000 OAKLAND CA",AMC,Entertainment,Purchase,30.00,Ben Doe
        10/20/2026,10/20/2026,"ACH DEPOSIT INTERNET TRANSFER",Payment,Payment,Payment,-150.00,Ana Doe

        """

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        try Examples.syncedLedger(at: database)
        let statement = folder.file("family.csv")
        try Self.familyStatement.write(toFile: statement, atomically: true, encoding: .utf8)
        let imported = try run(["import", statement, "--new-account", "Family Card", "--kind", "liability", "--currency", "USD"])
        try #require(imported.status == 0, "\(imported.stderr)")
    }

    func exported() throws -> [[String: String]] {
        let result = try run(["export", "transactions", "--from", "2026-10-01", "--to", "2026-10-31"])
        try #require(result.status == 0, "\(result.stderr)")
        return CSVRows.parse(result.stdout)
    }

    /// Tags a Family Card purchase with two tags, its return and another with one, and one of the
    /// example ledger's expenses.
    func tag() throws {
        let rows = try exported()
        let family = rows.filter { $0["account"] == "Family Card" }
        let groceries = try #require(family.first { $0["flow"] == "expense" && $0["amount"] == "84.10" }?["id"])
        let returned = try #require(family.first { $0["flow"] == "refund" }?["id"])
        let fuel = try #require(family.first { $0["amount"] == "41.25" }?["id"])
        let example = try #require(
            rows.first { $0["account"] != "Family Card" && $0["flow"] == "expense" && $0["counted"] == "true" }?["id"])
        for (id, tags) in [(groceries, ["shared", "food"]), (returned, ["shared"]), (fuel, ["car"]), (example, ["shared", "car"])] {
            let set = try run(["set", id] + tags.flatMap { ["--tag", $0] })
            try #require(set.status == 0, "\(set.stderr)")
        }
    }

    /// Whole cents of a machine amount ("-12.30"), without floating point.
    static func cents(_ text: String) throws -> Int64 {
        let negative = text.hasPrefix("-")
        let parts = text.drop { $0 == "-" }.split(separator: ".", omittingEmptySubsequences: false)
        let whole = try #require(Int64(parts[0]))
        let fraction = parts.count > 1 ? try #require(Int64(parts[1].padding(toLength: 2, withPad: "0", startingAt: 0))) : 0
        return (negative ? -1 : 1) * (whole * 100 + fraction)
    }

    @Test("each tag's net, count and the total equal the export's counted rows: a row with several tags under each, once in the total")
    func totalsFromExport() throws {
        try tag()
        var expected: [String: (net: Int64, count: Int)] = [:]
        var total: [String: Int64] = [:]
        var multiTagged = 0
        for row in try exported() where row["counted"] == "true" && (row["flow"] == "expense" || row["flow"] == "refund") {
            let currency = try #require(row["currency"])
            let amount = try Self.cents(try #require(row["amount"]))
            let net = row["flow"] == "refund" ? -amount : amount
            let tags = (row["tags"] ?? "").split(separator: ";").map(String.init)
            if tags.count > 1 { multiTagged += 1 }
            for tag in tags.isEmpty ? ["(no tag)"] : tags {
                let known = expected["\(tag) \(currency)"] ?? (0, 0)
                expected["\(tag) \(currency)"] = (known.net + net, known.count + 1)
            }
            total[currency, default: 0] += net
        }
        #expect(multiTagged == 2)
        #expect(expected.filter { $0.key.hasPrefix("shared ") }.values.map(\.count).reduce(0, +) == 3)

        let csv = try run(["report", "spending", "--by", "tag", "--month", "2026-10", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.hasPrefix("period,tag,currency,spent,refunded,net,count\n"))
        var reported: [String: (net: Int64, count: Int)] = [:]
        for row in CSVRows.parse(csv.stdout) {
            reported["\(row["tag"]!) \(row["currency"]!)"] = (try Self.cents(row["net"]!), Int(row["count"]!)!)
        }
        #expect(reported.mapValues { "\($0.net) \($0.count)" } == expected.mapValues { "\($0.net) \($0.count)" })

        let json = try run(["report", "spending", "--by", "tag", "--month", "2026-10", "--format", "json"])
        let totals = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["totals"] as? [[String: Any]])
        var reportedTotals: [String: Int64] = [:]
        for row in totals { reportedTotals[row["currency"] as! String] = try Self.cents(row["net"] as! String) }
        #expect(reportedTotals == total)

        let text = try run(["report", "spending", "--by", "tag", "--month", "2026-10"])
        #expect(text.stdout.contains("\n2 transactions have more than one tag: counted under each, once in the total.\n"))
        try expectGolden(text.stdout, "by-tag.txt")
    }

    @Test("without tags everything is one (no tag) row, equal to the month's total by category")
    func untagged() throws {
        let byTag = try run(["report", "spending", "--by", "tag", "--month", "2026-10", "--format", "json"])
        let byCategory = try run(["report", "spending", "--month", "2026-10", "--format", "json"])
        func totals(_ text: String) throws -> String {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return String(describing: (object["totals"] as? [[String: Any]])?.map { "\($0["currency"]!) \($0["net"]!) \($0["count"]!)" })
        }
        #expect(try totals(byTag.stdout) == totals(byCategory.stdout))
        let rows = CSVRows.parse(try run(["report", "spending", "--by", "tag", "--month", "2026-10", "--format", "csv"]).stdout)
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0["tag"] == "(no tag)" })
        #expect(!(try run(["report", "spending", "--by", "tag", "--month", "2026-10"]).stdout.contains("more than one tag")))
    }

    @Test("--compare: the previous total counts a transaction with several tags once, as that month's own report does")
    func compareTotals() throws {
        let september = CSVRows.parse(try run(["export", "transactions", "--from", "2026-09-01", "--to", "2026-09-30"]).stdout)
        let id = try #require(september.first { $0["flow"] == "expense" && $0["counted"] == "true" }?["id"])
        #expect(try run(["set", id, "--tag", "a", "--tag", "b"]).status == 0)
        func totals(_ arguments: [String], _ field: String) throws -> [String] {
            let result = try run(["report", "spending", "--format", "json"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return ((object["totals"] as? [[String: Any]]) ?? []).map { "\($0["currency"]!) \($0[field] ?? "-")" }.sorted()
        }
        let previous = try totals(["--by", "tag", "--month", "2026-10", "--compare"], "previous_net")
        #expect(!previous.isEmpty)
        #expect(previous == (try totals(["--month", "2026-09"], "net")))
    }

    @Test("an unknown --by names the choices, exit 64")
    func unknownGrouping() throws {
        let result = try run(["report", "spending", "--by", "tags"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("category, mcc, merchant, account, month, tag, person or group"))
    }
}
