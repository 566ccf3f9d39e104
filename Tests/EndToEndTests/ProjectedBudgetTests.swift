import Foundation
import PurseTestSupport
import Testing

/// Projected month end on the synthetic year as of 20 October 2026 (README, "Budgets":
/// Projected): the rent on the 25th is seen before it lands, and dining goes on at the pace of
/// July to September. Every expected figure is computed here from `SyntheticYear.entries`.
@Suite("Projected budgets")
struct ProjectedBudgetTests {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        try SyntheticYear.syncedLedger(at: database, in: folder.url)
    }

    func run(_ arguments: [String]) throws -> PurseBinary.Result {
        try purse.run(["--db", database, "--now", SyntheticYear.today] + arguments, environment: ["TZ": "UTC"])
    }

    /// Dining: nothing recurs, so the projection is October so far plus July to September's net
    /// for the 11 days after the 20th (of 92).
    static var dining: (soFar: Int64, window: Int64, nonRecurring: Int64, projected: Int64) {
        let soFar = SyntheticYear.net("Dining", from: "2026-10-01", through: SyntheticYear.today)
        let window = SyntheticYear.net("Dining", from: "2026-07-01", through: "2026-09-30")
        let nonRecurring = SyntheticYear.halfEven(window * 11, 92)
        return (soFar, window, nonRecurring, soFar + nonRecurring)
    }

    @Test("explain --projected shows the rent due on the 25th, before it lands, and nothing else")
    func explainRent() throws {
        let result = try run(["explain", "--projected", "--category", "Home & Garden", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = CSVRows.parse(result.stdout)
        #expect(
            rows.map { $0["part"] ?? "" } == [
                "so_far", "due", "window_net", "window_recurring", "non_recurring_net", "non_recurring", "projected",
            ])
        let due = try #require(rows.first { $0["part"] == "due" })
        #expect(due["from"] == "2026-10-25")
        #expect(due["merchant"] == "Oak Street Properties")
        #expect(due["account"] == "Everyday")
        #expect(due["amount"] == SyntheticYear.decimal(SyntheticYear.rent))
        let window = SyntheticYear.decimal(SyntheticYear.net("Home & Garden", from: "2026-07-01", through: "2026-09-30"))
        #expect(rows.first { $0["part"] == "window_net" }?["amount"] == window)
        #expect(rows.first { $0["part"] == "window_recurring" }?["amount"] == window)
        #expect(rows.first { $0["part"] == "so_far" }?["amount"] == "0.00")
        #expect(rows.first { $0["part"] == "projected" }?["amount"] == SyntheticYear.decimal(SyntheticYear.rent))
    }

    @Test("explain --projected of dining: so far, the window's net and days, the non-recurring part")
    func explainDining() throws {
        let result = try run(["explain", "--projected", "--category", "dining", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = CSVRows.parse(result.stdout)
        func row(_ part: String) -> [String: String] { rows.first { $0["part"] == part } ?? [:] }
        let dining = Self.dining
        #expect(row("so_far")["amount"] == SyntheticYear.decimal(dining.soFar))
        #expect(row("so_far")["from"] == "2026-10-01")
        #expect(row("so_far")["to"] == SyntheticYear.today)
        #expect(row("non_recurring_net")["amount"] == SyntheticYear.decimal(dining.window))
        #expect(row("non_recurring_net")["days"] == "92")
        #expect(row("non_recurring")["days"] == "11")
        #expect(row("non_recurring")["from"] == "2026-10-21")
        #expect(row("non_recurring")["amount"] == SyntheticYear.decimal(dining.nonRecurring))
        #expect(row("projected")["amount"] == SyntheticYear.decimal(dining.projected))
        #expect(row("projected")["category"] == "Dining")
        #expect(!rows.contains { $0["part"] == "due" })

        let json = try run(["explain", "--projected", "--category", "Dining", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("\"schema\": \"purse.projection.v1\""))
        #expect(json.stdout.contains("\"projected\": \"\(SyntheticYear.decimal(dining.projected))\""))
    }

    @Test("explain --projected needs a category and takes no period of its own")
    func explainUsage() throws {
        let noCategory = try run(["explain", "--projected"])
        #expect(noCategory.status == 64)
        #expect(noCategory.stderr.hasPrefix("Error: option '--projected' needs --category NAME.\n"))
        let month = try run(["explain", "--projected", "--category", "Dining", "--month", "2026-09"])
        #expect(month.status == 64)
        #expect(month.stderr.hasPrefix("Error: option '--month' does not go with --projected, which projects the running period.\n"))
    }

    @Test("report budget --projected sees the rent before it lands; budget check --projected exits 1 on it, the plain check 0")
    func rentProjected() throws {
        let set = try run(["budget", "set", "Home & Garden", "1400", "--currency", "USD"])
        #expect(set.status == 0, "\(set.stderr)")
        let report = try run(["report", "budget", "--projected", "--format", "csv"])
        #expect(report.status == 0, "\(report.stderr)")
        let row = try #require(CSVRows.parse(report.stdout).first { $0["category"] == "Home & Garden" })
        #expect(row["net"] == "0.00")
        #expect(row["projected"] == SyntheticYear.decimal(SyntheticYear.rent))
        #expect(row["status"] == "warn")
        // Without --projected the column keeps its meaning: the pace of nothing spent is nothing.
        let plain = try run(["report", "budget", "--format", "csv"])
        #expect(CSVRows.parse(plain.stdout).first { $0["category"] == "Home & Garden" }?["projected"] == "0.00")

        let check = try run(["budget", "check", "--projected"])
        #expect(check.status == 1)
        #expect(check.stdout == "projected over: Home & Garden (USD): $1,500.00 due by 31 October against $1,400.00 available\n")
        #expect(check.stderr == "")
        let plainCheck = try run(["budget", "check"])
        #expect(plainCheck.status == 0, "\(plainCheck.stdout)")
        #expect(plainCheck.stdout == "")

        // A month gone by has nothing to project: said, not silently ignored.
        let past = try run(["budget", "check", "--projected", "--month", "2026-09"])
        #expect(past.status == 0)
        #expect(past.stderr == "Warning: --projected projects the running month, 2026-10, which this report does not show\n")
    }

    @Test("a yearly budget counts from January and projects to 31 December: the rent of October, November and December due")
    func yearly() throws {
        let set = try run(["budget", "set", "Home & Garden", "17000", "--currency", "USD", "--period", "year"])
        #expect(set.status == 0, "\(set.stderr)")
        let soFar = SyntheticYear.net("Home & Garden", from: "2026-01-01", through: SyntheticYear.today)
        let projected = soFar + 3 * SyntheticYear.rent
        let report = try run(["report", "budget", "--projected", "--format", "csv"])
        #expect(report.status == 0, "\(report.stderr)")
        let row = try #require(CSVRows.parse(report.stdout).first { $0["category"] == "Home & Garden" })
        #expect(row["period"] == "2026")
        #expect(row["net"] == SyntheticYear.decimal(soFar))
        #expect(row["projected"] == SyntheticYear.decimal(projected))
        let check = try run(["budget", "check", "--projected"])
        #expect(check.status == 1)
        #expect(
            check.stdout
                == "projected over: Home & Garden (USD): \(SyntheticYear.dollars(projected)) due by 31 December against $17,000.00 available\n"
        )
        let explain = try run(["explain", "--projected", "--category", "Home & Garden", "--format", "csv"])
        let due = CSVRows.parse(explain.stdout).filter { $0["part"] == "due" }.map { $0["from"] ?? "" }
        #expect(due == ["2026-10-25", "2026-11-25", "2026-12-25"])
        #expect(try run(["budget", "check"]).status == 0)
    }

    @Test("a dining budget just under its projection: projected over, though not over so far")
    func diningProjected() throws {
        let dining = Self.dining
        let budget = dining.projected - 1
        #expect(dining.soFar <= budget)
        let set = try run(["budget", "set", "Dining", SyntheticYear.decimal(budget), "--currency", "USD"])
        #expect(set.status == 0, "\(set.stderr)")
        let report = try run(["report", "budget", "--projected", "--format", "csv"])
        #expect(report.status == 0, "\(report.stderr)")
        let row = try #require(CSVRows.parse(report.stdout).first { $0["category"] == "Dining" })
        #expect(row["net"] == SyntheticYear.decimal(dining.soFar))
        #expect(row["projected"] == SyntheticYear.decimal(dining.projected))
        #expect(row["status"] == "warn")

        let check = try run(["budget", "check", "--projected"])
        #expect(check.status == 1)
        let amount = SyntheticYear.dollars(dining.projected)
        let available = SyntheticYear.dollars(budget)
        #expect(check.stdout == "projected over: Dining (USD): \(amount) due by 31 October against \(available) available\n")
        #expect(try run(["budget", "check"]).status == 0)
    }

    @Test("the summary of the running month shows each budget's projection; another month's has none")
    func summary() throws {
        _ = try run(["budget", "set", "Home & Garden", "1400", "--currency", "USD", "--from", "2026-09"])
        let running = try run(["report", "summary", "--month", "this", "--format", "csv"])
        #expect(running.status == 0, "\(running.stderr)")
        #expect(running.stdout.contains("budget,USD,Home & Garden,projected,\(SyntheticYear.decimal(SyntheticYear.rent))\n"))
        let text = try run(["report", "summary", "--month", "this"])
        #expect(text.stdout.contains("Projected"))
        #expect(text.stdout.contains("$1,500.00"))
        let json = try run(["report", "summary", "--month", "this", "--format", "json"])
        #expect(json.stdout.contains("\"projected\": \"\(SyntheticYear.decimal(SyntheticYear.rent))\""))
        let html = try run(["report", "summary", "--month", "this", "--format", "html"])
        #expect(html.stdout.contains("<th class=\"num\">Projected</th>"))
        let september = try run(["report", "summary", "--month", "2026-09", "--format", "csv"])
        #expect(september.status == 0, "\(september.stderr)")
        #expect(september.stdout.contains("budget,USD,Home & Garden,net,"))
        #expect(!september.stdout.contains(",projected,"))
    }

    @Test("explain --projected and report budget --projected, whole, in every format")
    func golden() throws {
        _ = try run(["budget", "set", "Home & Garden", "1400", "--currency", "USD"])
        _ = try run(["budget", "set", "Dining", "300", "--currency", "USD"])
        for (format, suffix) in [("text", "txt"), ("csv", "csv"), ("json", "json")] {
            let explain = try run(["explain", "--projected", "--category", "Home & Garden", "--format", format])
            #expect(explain.status == 0, "\(explain.stderr)")
            try expectGolden(explain.stdout, "explain-projected-home.\(suffix)")
            let budget = try run(["report", "budget", "--projected", "--format", format])
            #expect(budget.status == 0, "\(budget.stderr)")
            try expectGolden(budget.stdout, "budget-projected.\(suffix)")
        }
        let dining = try run(["explain", "--projected", "--category", "Dining"])
        try expectGolden(dining.stdout, "explain-projected-dining.txt")
    }
}
