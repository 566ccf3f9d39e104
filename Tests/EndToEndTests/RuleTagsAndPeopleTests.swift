import Foundation
import PurseTestSupport
import Testing

/// `rules add ... --tag` and `--person` through the real binary, over the example ledger and an
/// Apple Card Family statement: what `rules list` and `rules test` show, and `report spending
/// --by tag` counting a rule's tag like one set by hand, its figures summed from the export.
@Suite("Rules that tag and name a person")
struct RuleTagsAndPeopleTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        try Examples.syncedLedger(at: database)
        let statement = folder.file("family.csv")
        try SpendingByTagTests.familyStatement.write(toFile: statement, atomically: true, encoding: .utf8)
        let imported = try run(["import", statement, "--new-account", "Family Card", "--kind", "liability", "--currency", "USD"])
        try #require(imported.status == 0, "\(imported.stderr)")
    }

    func output(_ arguments: [String]) throws -> String {
        let result = try run(arguments)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    func exported() throws -> [[String: String]] {
        CSVRows.parse(try output(["export", "transactions", "--from", "2026-10-01", "--to", "2026-10-31"]))
    }

    @Test("rules list shows a rule's tag and person in text, CSV and JSON; neither stops a later rule from filing")
    func listed() throws {
        #expect(try output(["rules", "add", "--account", "Family Card", "--person", "Ana Doe"]).isEmpty)
        let added = try run(["rules", "add", "--merchant", "AMC", "--tag", "fun"])
        #expect(added.stderr == "Added rule #2: merchant contains \"AMC\" -> tag \"fun\"\n")
        _ = try output(["rules", "add", "--merchant", "AMC", "--category", "Movies"])
        let csv = CSVRows.parse(try output(["rules", "list", "--format", "csv"]))
        #expect(csv.map { $0["person"]! } == ["Ana Doe", "", ""])
        #expect(csv.map { $0["tag"]! } == ["", "fun", ""])
        let json = try #require(
            (try JSONSerialization.jsonObject(with: Data(try output(["rules", "list", "--format", "json"]).utf8)) as? [String: Any])?[
                "rules"] as? [[String: Any]])
        #expect(json.map { $0["person"] as? String } == ["Ana Doe", nil, nil])
        #expect(json.map { $0["tag"] as? String } == [nil, "fun", nil])
        let text = try output(["rules", "list"])
        #expect(text.contains("person \"Ana Doe\""))
        #expect(text.contains("every matching rule adds its tag"))
        let amc = try #require(try exported().first { $0["merchant"] == "AMC" })
        #expect(amc["category"] == "Movies")
    }

    @Test("rules test: a person rule's count and amount are the account's counted rows; every tag rule counts its matches")
    func tested() throws {
        _ = try output(["rules", "add", "--account", "Family Card", "--person", "Ana Doe"])
        // A later person rule for the same rows names nobody: the first one wins.
        _ = try output(["rules", "add", "--account", "Family Card", "--person", "Ben Doe"])
        _ = try output(["rules", "add", "--account", "Family Card", "--tag", "family"])
        _ = try output(["rules", "add", "--merchant", "Trader Joe", "--tag", "food"])
        let counted = try exported().filter { $0["counted"] == "true" }
        let family = counted.filter { $0["account"] == "Family Card" }
        // The example ledger's too.
        let traderJoes = counted.filter { $0["merchant"]!.lowercased().contains("trader joe") }
        #expect(traderJoes.count > 2)
        #expect(Set(traderJoes.map { $0["currency"]! }) == ["USD"])
        func sum(_ rows: [[String: String]]) -> Int { rows.map { CSVRows.cents($0["amount"]!) }.reduce(0, +) }

        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try output(["rules", "test", "--month", "2026-10", "--format", "json"]).utf8))
                as? [String: Any])
        let rules = try #require(json["rules"] as? [[String: Any]])
        #expect(rules.map { $0["matches"] as? Int } == [family.count, 0, family.count, traderJoes.count])
        let labels = rules.map { rule in
            (rule["labels"] as? [[String: Any]] ?? []).map { label in
                "\(label["kind"]!) \(label["name"]!) \(label["count"]!) \(CSVRows.cents(label["amount"] as! String))"
            }
        }
        #expect(
            labels == [
                ["person Ana Doe \(family.count) \(sum(family))"], [], ["tag family \(family.count) \(sum(family))"],
                ["tag food \(traderJoes.count) \(sum(traderJoes))"],
            ])
        let text = try output(["rules", "test", "--month", "2026-10"])
        #expect(text.contains("Rule #2: matches 0 transactions, changes nothing\n"))
        #expect(text.contains("person Ana Doe"))
        #expect(text.contains("tag food"))

        // Where your own set --person wins, the rule changes nothing.
        let mine = try #require(family.first?["id"])
        _ = try output(["set", mine, "--person", "Ben Doe"])
        let again = try #require(
            try JSONSerialization.jsonObject(with: Data(try output(["rules", "test", "--month", "2026-10", "--format", "json"]).utf8))
                as? [String: Any])
        let rest = family.filter { $0["id"] != mine }
        let first = try #require((again["rules"] as? [[String: Any]])?.first?["labels"] as? [[String: Any]])
        #expect(
            first.map { "\($0["name"]!) \($0["count"]!) \(CSVRows.cents($0["amount"] as! String))" } == [
                "Ana Doe \(rest.count) \(sum(rest))"
            ])
    }

    @Test(
        "--by tag counts a rule's tag like one set by hand (a tag from both once): each tag's net and count, and the total, from the export"
    )
    func byTag() throws {
        _ = try output(["rules", "add", "--merchant", "Trader Joe", "--tag", "food"])
        let rows = try exported()
        let groceries = try #require(rows.first { $0["account"] == "Family Card" && $0["amount"] == "84.10" }?["id"])
        let fuel = try #require(rows.first { $0["account"] == "Family Card" && $0["amount"] == "41.25" }?["id"])
        _ = try output(["set", groceries, "--tag", "food", "--tag", "shared"])
        _ = try output(["set", fuel, "--tag", "car"])

        var expected: [String: (net: Int, count: Int)] = [:]
        var total: [String: Int] = [:]
        var multiTagged = 0
        for row in try exported() where row["counted"] == "true" && (row["flow"] == "expense" || row["flow"] == "refund") {
            let currency = row["currency"]!
            let net = (row["flow"] == "refund" ? -1 : 1) * CSVRows.cents(row["amount"]!)
            // The export's tags are the resolved ones: set by hand and the rule's, once.
            let tags = row["tags"]!.split(separator: ";").map(String.init)
            if row["merchant"]!.lowercased().contains("trader joe") { #expect(tags.filter { $0 == "food" }.count == 1, "\(row)") }
            if tags.count > 1 { multiTagged += 1 }
            for tag in tags.isEmpty ? ["(no tag)"] : tags {
                let known = expected["\(tag) \(currency)"] ?? (0, 0)
                expected["\(tag) \(currency)"] = (known.net + net, known.count + 1)
            }
            total[currency, default: 0] += net
        }
        let traderJoes = rows.filter { $0["counted"] == "true" && $0["merchant"]!.lowercased().contains("trader joe") }
        #expect(expected["food USD"]?.count == traderJoes.filter { $0["flow"] == "expense" || $0["flow"] == "refund" }.count)
        #expect(multiTagged == 1)

        var reported: [String: (net: Int, count: Int)] = [:]
        for row in CSVRows.parse(try output(["report", "spending", "--by", "tag", "--month", "2026-10", "--format", "csv"])) {
            reported["\(row["tag"]!) \(row["currency"]!)"] = (CSVRows.cents(row["net"]!), Int(row["count"]!)!)
        }
        #expect(reported.mapValues { "\($0.net) \($0.count)" } == expected.mapValues { "\($0.net) \($0.count)" })
        let json = try output(["report", "spending", "--by", "tag", "--month", "2026-10", "--format", "json"])
        let totals = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["totals"] as? [[String: Any]])
        #expect(Dictionary(uniqueKeysWithValues: totals.map { ($0["currency"] as! String, CSVRows.cents($0["net"] as! String)) }) == total)
        #expect(try output(["report", "spending", "--by", "tag", "--month", "2026-10"]).contains("\n1 transaction has more than one tag"))
    }
}
