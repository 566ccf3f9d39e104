import Foundation
import PurseTestSupport
import Storage
import Testing

/// Category groups through the real binary over the example ledger: `report spending --by group`
/// against the export's rows mapped through the groups, `explain --group`, a group's budget over
/// and under, and the summary's Groups section in every format.
@Suite("Category groups")
struct CategoryGroupTests: PurseLedgerSuite {
    static let environment = ["TZ": "America/New_York"]
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()
    var environment: [String: String] { Self.environment }

    /// Going out and Trips; every other category stands alone.
    static let groups = [
        "Going out": ["Dining", "Entertainment"],
        "Trips": ["Air Travel", "Lodging", "Travel"],
    ]

    init() throws {
        folder = try TemporaryFolder()
        database = try Examples.syncedLedger(at: folder.file("ledger.sqlite"), environment: Self.environment)
    }

    /// Runs purse on a fixed day, 5 November 2026.
    func on(_ arguments: [String]) throws -> PurseBinary.Result {
        try run(["--now", "2026-11-05"] + arguments)
    }

    func makeGroups() throws {
        for (name, categories) in Self.groups.sorted(by: { $0.key < $1.key }) {
            let result = try run(["categories", "group", name] + categories)
            try #require(result.status == 0, "\(result.stderr)")
        }
    }

    /// The group a category is counted under: its group, else itself.
    static func key(_ category: String) -> String {
        groups.first { $0.value.contains(category) }?.key ?? category
    }

    /// The counted expenses and refunds of a month from `export transactions`.
    func spending(_ month: String) throws -> [[String: String]] {
        let result = try run(["export", "transactions", "--month", month])
        try #require(result.status == 0, "\(result.stderr)")
        return CSVRows.parse(result.stdout).filter { $0["counted"] == "true" && ($0["flow"] == "expense" || $0["flow"] == "refund") }
    }

    /// Net (in cents) and count per "KEY CURRENCY", each row under `key(category)`.
    func sums(_ rows: [[String: String]], key: (String) -> String = CategoryGroupTests.key) throws -> [String: String] {
        var sums: [String: (net: Int64, count: Int)] = [:]
        for row in rows {
            let amount = try SpendingByTagTests.cents(try #require(row["amount"]))
            let name = "\(key(try #require(row["category"]))) \(try #require(row["currency"]))"
            let known = sums[name] ?? (0, 0)
            sums[name] = (known.net + (row["flow"] == "refund" ? -amount : amount), known.count + 1)
        }
        return sums.mapValues { "\($0.net) \($0.count)" }
    }

    @Test("--by group: each group's net and count equal the export's rows mapped through the groups; ungrouped categories stand alone")
    func byGroup() throws {
        try makeGroups()
        let expected = try sums(try spending("2026-10"))
        #expect(expected["Going out USD"] != nil && expected["Trips USD"] != nil && expected["Groceries USD"] != nil)
        let csv = try on(["report", "spending", "--by", "group", "--month", "2026-10", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.hasPrefix("period,group,currency,spent,refunded,net,count\n"))
        var reported: [String: String] = [:]
        for row in CSVRows.parse(csv.stdout) {
            reported["\(row["group"]!) \(row["currency"]!)"] = "\(try SpendingByTagTests.cents(row["net"]!)) \(row["count"]!)"
        }
        #expect(reported == expected)
        #expect(reported["Dining USD"] == nil)

        // --compare: each previous net is September's, grouped the same way.
        let september = try sums(try spending("2026-09")).mapValues { String($0.split(separator: " ")[0]) }
        let json = try on(["report", "spending", "--by", "group", "--month", "2026-10", "--compare", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        var previous: [String: String] = [:]
        for row in try #require(object["rows"] as? [[String: Any]]) {
            let net = try SpendingByTagTests.cents(try #require(row["previous_net"] as? String))
            if net != 0 { previous["\(row["group"]!) \(row["currency"]!)"] = String(net) }
        }
        #expect(previous == september.filter { $0.value != "0" })

        // Converted, the totals are those of the same report by category: a group is a function of the category.
        func totals(_ by: String) throws -> String {
            let result = try on(["report", "spending", "--by", by, "--month", "2026-10", "--convert-to", "USD", "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return String(describing: (object["totals"] as? [[String: Any]])?.map { "\($0["currency"]!) \($0["net"]!) \($0["count"]!)" })
        }
        #expect(try totals("group") == totals("category"))
        let text = try on(["report", "spending", "--by", "group", "--month", "2026-10"])
        try expectGolden(text.stdout, "by-group.txt")
    }

    @Test("without groups, --by group is --by category")
    func noGroups() throws {
        let byGroup = CSVRows.parse(try on(["report", "spending", "--by", "group", "--month", "2026-10", "--format", "csv"]).stdout)
        let byCategory = CSVRows.parse(try on(["report", "spending", "--month", "2026-10", "--format", "csv"]).stdout)
        #expect(!byGroup.isEmpty)
        #expect(
            byGroup.map { "\($0["group"]!) \($0["currency"]!) \($0["net"]!)" }
                == byCategory.map { "\($0["category"]!) \($0["currency"]!) \($0["net"]!)" })
    }

    @Test("categories group moves a category and says so; the listing shows each category's group; ungroup takes out or removes")
    func grouping() throws {
        let first = try run(["categories", "group", "Fun", "dining", "Entertainment"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr == "Group Fun: Dining, Entertainment\n")
        let moved = try run(["categories", "group", "Going out", "Dining"])
        #expect(moved.status == 0)
        #expect(moved.stderr == "Dining moved from Fun to Going out\nGroup Going out: Dining\n")
        // Quiet: no line on stderr.
        #expect(try run(["--quiet", "categories", "group", "fun", "Shopping"]).stderr == "")

        let listing = CSVRows.parse(try run(["categories", "--format", "csv"]).stdout)
        let groups = Dictionary(uniqueKeysWithValues: listing.map { ($0["category"]!, $0["group"]!) })
        #expect(groups["Dining"] == "Going out")
        #expect(groups["Entertainment"] == "Fun")
        #expect(groups["Shopping"] == "Fun")
        #expect(groups["Groceries"] == "")
        #expect(try run(["categories"]).stdout.contains("\n  Dining\n    MCC 5811-5814\n    Group: Going out\n  Transit\n"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try run(["categories", "--format", "json"]).stdout.utf8)) as? [String: Any])
        let entries = try #require(json["categories"] as? [[String: Any]])
        #expect(entries.first { $0["category"] as? String == "Shopping" }?["group"] as? String == "Fun")
        #expect(entries.first { $0["category"] as? String == "Groceries" }?["group"] is NSNull)

        let out = try run(["categories", "ungroup", "fun", "shopping"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr == "Group Fun: Entertainment\n")
        let removed = try run(["categories", "ungroup", "Going out"])
        #expect(removed.stderr == "Group Going out removed\n")
        let after = CSVRows.parse(try run(["categories", "--format", "csv"]).stdout)
        #expect(after.filter { $0["group"] != "" }.map { "\($0["category"]!) \($0["group"]!)" } == ["Entertainment Fun"])
        // No group left: the listing is as it was before groups.
        #expect(try run(["categories", "ungroup", "Fun"]).status == 0)
        #expect(try run(["categories", "--format", "csv"]).stdout.hasPrefix("category,mccs,rules\n"))
    }

    @Test(
        "bad group commands are one-line usage errors, exit 64",
        arguments: [
            (["categories", "group", "dining", "Travel"], "Error: 'dining' is a category's name: give the group another."),
            (
                ["categories", "group", "Trips", "Travle"],
                "Error: unknown category 'Travle' (see 'purse categories'). Did you mean 'Travel'?"
            ),
            (["categories", "ungroup", "Nope"], "Error: there is no group 'Nope' (see 'purse categories')."),
            (
                ["categories", "ungroup", "Trips", "Dining"],
                "Error: 'Dining' is not in the group Trips (it has Air Travel, Lodging, Travel)."
            ),
            (
                ["explain", "--group", "Trip", "--month", "2026-10"],
                "Error: there is no group 'Trip' (see 'purse categories'). Did you mean 'Trips'?"
            ),
            (
                ["budget", "set", "--group", "Nope", "100", "--currency", "USD"],
                "Error: there is no group 'Nope' (see 'purse categories')."
            ),
            (["budget", "set", "Trips", "100", "--currency", "USD"], "Error: 'Trips' is a group: give --group to budget it."),
            (
                ["rules", "add", "--merchant", "Hilton", "--category", "trips"],
                "Error: 'Trips' is a category group, not a category (see 'purse categories')."
            ),
        ])
    func refusals(arguments: [String], message: String) throws {
        try makeGroups()
        let result = try run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message, "\(result.stderr)")
        #expect(result.stdout == "")
    }

    @Test("explain --group lists exactly the counted transactions of the group's categories, and their net")
    func explainGroup() throws {
        try makeGroups()
        let expected = try spending("2026-10").filter { Self.key($0["category"]!) == "Trips" }
        #expect(!expected.isEmpty)
        let result = try on(["explain", "--group", "trips", "--month", "2026-10", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = CSVRows.parse(result.stdout)
        let counted = rows.filter { $0["counted"] == "true" }
        #expect(Set(counted.map { $0["transaction_id"]! }) == Set(expected.map { $0["id"]! }))
        #expect(counted.count == expected.count)
        #expect(rows.allSatisfy { Self.groups["Trips"]!.contains($0["category"]!) })
        let net = try counted.map { try SpendingByTagTests.cents($0["signed_amount"]!) }.reduce(0, +)
        #expect("\(net) \(counted.count)" == (try sums(expected))["Trips USD"])
        let text = try on(["explain", "--group", "Trips", "--month", "2026-10"])
        #expect(text.stdout.contains("Only group Trips (Air Travel, Lodging, Travel).\n"))
    }

    /// Net in cents of `group` in USD in October, from the export.
    func octoberNet(_ group: String) throws -> Int64 {
        let net = try #require(try sums(try spending("2026-10"))["\(group) USD"]).split(separator: " ")[0]
        return try #require(Int64(net))
    }

    static func amount(_ cents: Int64) -> String { "\(cents / 100).\(String(format: "%02d", cents % 100))" }

    @Test("a group's budget counts its categories: over below their net, under above it; a category's own budget counts too")
    func groupBudget() throws {
        try makeGroups()
        let goingOut = try octoberNet("Going out")
        let trips = try octoberNet("Trips")
        for arguments in [
            ["--group", "Going out", Self.amount(goingOut - 100)], ["--group", "trips", Self.amount(trips + 100)],
            ["Dining", "100000"],
        ] {
            let set = try run(["budget", "set"] + arguments + ["--currency", "USD", "--from", "2026-10"])
            try #require(set.status == 0, "\(set.stderr)")
        }
        let check = try on(["budget", "check", "--month", "2026-10"])
        #expect(check.status == 1)
        #expect(
            check.stdout
                == "over: Going out (group, USD), October 2026: net $\(Self.amount(goingOut).withGrouping) of "
                + "$\(Self.amount(goingOut - 100).withGrouping) available, $1.00 over\n")

        let csv = CSVRows.parse(try on(["report", "budget", "--month", "2026-10", "--format", "csv"]).stdout)
        func row(_ category: String) -> [String: String]? { csv.first { $0["category"] == category && $0["currency"] == "USD" } }
        #expect(row("Going out")?["net"] == Self.amount(goingOut))
        #expect(row("Going out")?["scope"] == "group")
        #expect(row("Going out")?["status"] == "over")
        #expect(row("Trips")?["net"] == Self.amount(trips))
        // Under by a dollar: at the warn level, not over.
        #expect(row("Trips")?["remaining"] == "1.00")
        #expect(row("Trips")?["status"] == "warn")
        #expect(row("Dining")?["scope"] == "category")
        // The grouped and the budgeted categories are not Unbudgeted.
        let unbudgeted = try SpendingByTagTests.cents(try #require(row("Unbudgeted")?["net"]))
        let total = try sums(try spending("2026-10"), key: { _ in "all" })["all USD"]!.split(separator: " ")[0]
        #expect(unbudgeted == Int64(total)! - goingOut - trips)

        let raised = try run(["budget", "set", "--group", "Going out", Self.amount(goingOut), "--currency", "USD", "--from", "2026-10"])
        #expect(raised.status == 0)
        #expect(try on(["budget", "check", "--month", "2026-10"]).status == 0)

        let list = try run(["budget", "list"])
        #expect(list.stdout.contains("Going out (group)"))
        #expect(
            CSVRows.parse(try run(["budget", "list", "--format", "csv"]).stdout).map { $0["scope"]! } == ["category", "group", "group"])
    }

    @Test("--all-currencies over a group counts its categories converted, as their own such budgets do; remove --group stops it")
    func everyCurrencyAndRemove() throws {
        try makeGroups()
        let rates = try run(["prices", "import", Examples.walletExport.appendingPathComponent("ecb-rates.csv").path])
        try #require(rates.status == 0, "\(rates.stderr)")
        for arguments in [["--group", "Going out"], ["Dining"], ["Entertainment"]] {
            let set = try run(
                ["budget", "set"] + arguments + ["100000", "--currency", "USD", "--all-currencies", "--from", "2026-10"])
            try #require(set.status == 0, "\(set.stderr)")
        }
        let rows = CSVRows.parse(try on(["report", "budget", "--month", "2026-10", "--format", "csv"]).stdout)
        func cents(_ category: String, _ field: String) throws -> Int64 {
            try SpendingByTagTests.cents(try #require(rows.first { $0["category"] == category }?[field]))
        }
        // Going out spent in pounds too: the group counts it converted, as its categories do.
        #expect(try cents("Going out", "converted") > 0)
        #expect(try cents("Going out", "net") == (try cents("Dining", "net")) + (try cents("Entertainment", "net")))
        #expect(try cents("Going out", "converted") == (try cents("Dining", "converted")) + (try cents("Entertainment", "converted")))

        let removed = try run(["budget", "remove", "--group", "going out", "--currency", "USD", "--from", "2026-10"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stderr == "Budget for the group Going out (USD) removed from 2026-10 on\n")
        let after = CSVRows.parse(try on(["report", "budget", "--month", "2026-10", "--format", "csv"]).stdout)
        #expect(!after.contains { $0["category"] == "Going out" })
        #expect(after.contains { $0["category"] == "Dining" })
        #expect(try run(["budget", "remove", "--group", "Going out", "--currency", "USD", "--from", "2026-10"]).status == 64)
    }

    @Test("--projected: a group's projection is the sum of its categories' projections")
    func projectedGroup() throws {
        try makeGroups()
        for arguments in [["--group", "Going out", "1"], ["Dining", "1"], ["Entertainment", "1"]] {
            let set = try run(["budget", "set"] + arguments + ["--currency", "USD", "--from", "2026-11"])
            try #require(set.status == 0, "\(set.stderr)")
        }
        let result = try run(["--now", "2026-11-20", "report", "budget", "--projected", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = CSVRows.parse(result.stdout)
        func projected(_ category: String) throws -> Int64 {
            try SpendingByTagTests.cents(try #require(rows.first { $0["category"] == category }?["projected"]))
        }
        #expect(try projected("Going out") > 0)
        #expect(try projected("Going out") == (try projected("Dining")) + (try projected("Entertainment")))
    }

    @Test(
        "the summary's Groups section: each group's net this month and last, per currency; golden files for every format",
        arguments: [
            ("text", "summary.txt"), ("csv", "summary.csv"), ("json", "summary.json"), ("html", "summary.html"), ("email", "summary.eml"),
        ])
    func summary(format: String, file: String) throws {
        // The data freshness names when the ledger was synced: a fixed time, not the test run's.
        try Connection(path: database).execute("UPDATE sources SET last_synced_at = '2026-11-01T06:00:00Z'")
        let addresses = ["--to", "me@example.org", "--from", "purse <purse@example.com>"]
        let without = try on(["report", "summary", "--month", "2026-10", "--format", format] + addresses)
        #expect(!without.stdout.contains("Groups"))
        #expect(!without.stdout.contains("\"groups\""))
        try makeGroups()
        let set = try run(["budget", "set", "--group", "Going out", "1000", "--currency", "USD", "--from", "2026-10"])
        try #require(set.status == 0)
        let result = try on(["report", "summary", "--month", "2026-10", "--format", format] + addresses)
        #expect(result.status == 0, "\(result.stderr)")
        try expectGolden(result.stdout, file)
    }

    @Test("the summary's CSV group rows equal the export's sums of the group's categories, this month and last")
    func summaryFigures() throws {
        try makeGroups()
        let rows = CSVRows.parse(try on(["report", "summary", "--month", "2026-10", "--format", "csv"]).stdout)
        let october = try sums(try spending("2026-10"))
        let september = try sums(try spending("2026-09"))
        let groups = rows.filter { $0["section"] == "group" }
        #expect(!groups.isEmpty)
        for row in groups {
            let key = "\(row["item"]!) \(row["currency"]!)"
            let cents = try SpendingByTagTests.cents(row["value"]!)
            func net(_ sums: [String: String]) -> Int64 { Int64(sums[key]?.split(separator: " ")[0] ?? "0")! }
            switch row["measure"] {
            case "net": #expect(cents == net(october), "\(key)")
            case "previous_net": #expect(cents == net(september), "\(key)")
            default: #expect(cents == net(october) - net(september), "\(key)")
            }
        }
        #expect(
            Set(groups.map { "\($0["item"]!) \($0["currency"]!)" })
                == Set(october.keys.filter { Self.groups[String($0.dropLast(4))] != nil }).union(
                    september.keys.filter { Self.groups[String($0.dropLast(4))] != nil }))
    }
}

extension String {
    /// `1234.50` as text shows it: `1,234.50`.
    fileprivate var withGrouping: String {
        let parts = split(separator: ".")
        var whole = String(parts[0])
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole = String(whole.dropLast(3))
        }
        return whole + grouped + (parts.count > 1 ? "." + parts[1] : "")
    }
}
