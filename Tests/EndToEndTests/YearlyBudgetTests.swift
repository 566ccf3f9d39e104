import Foundation
import PurseTestSupport
import Testing

/// Budgets beyond a month on the synthetic year, through the binary: a yearly budget counts from
/// January, a quarterly one from its quarter's first month, each figure computed here from
/// `SyntheticYear.entries`.
@Suite("Yearly budgets")
struct YearlyBudgetTests {
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

    @Test("a yearly budget set in October starts in January and counts January to today; a monthly one counts its month")
    func yearlyCountsFromJanuary() throws {
        let set = try run(["budget", "set", "Dining", "2000", "--currency", "USD", "--period", "year"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr == "Budget for Dining: $2,000.00 a year from 2026-01, rollover none\n")
        #expect(try run(["budget", "set", "Groceries", "500", "--currency", "USD"]).status == 0)

        let result = try run(["report", "budget", "--month", "2026-10", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("month,period,category,currency,budgeted,carried,available,spent,refunded,net,"))
        let rows = CSVRows.parse(result.stdout)
        let dining = try #require(rows.first { $0["category"] == "Dining" })
        let net = SyntheticYear.net("Dining", from: "2026-01-01", through: "2026-10-19")
        #expect(dining["month"] == "2026-10")
        #expect(dining["period"] == "2026")
        #expect(dining["budgeted"] == "2000.00" && dining["carried"] == "0.00")
        #expect(dining["net"] == SyntheticYear.decimal(net))
        #expect(dining["remaining"] == SyntheticYear.decimal(200_000 - net))
        // October holds today: the year runs, at the pace of its 293 days so far (20 October included)
        // over 365, rounded once to the cent.
        #expect(dining["projected"] == SyntheticYear.decimal(SyntheticYear.halfEven(net * 365, 293)))
        let groceries = try #require(rows.first { $0["category"] == "Groceries" })
        #expect(groceries["period"] == "2026-10")
        #expect(groceries["net"] == SyntheticYear.decimal(SyntheticYear.net("Groceries", from: "2026-10-01", through: "2026-10-31")))
        // The Unbudgeted row keeps the month's own spending of the categories without a budget.
        let unbudgeted = try #require(rows.first { $0["category"] == "Unbudgeted" })
        #expect(unbudgeted["period"] == "2026-10")
        let october = ["Utilities & Telecom", "Digital & Subscriptions", "Home & Garden"].map {
            SyntheticYear.net($0, from: "2026-10-01", through: "2026-10-31")
        }
        #expect(unbudgeted["net"] == SyntheticYear.decimal(october.reduce(0, +)))

        let text = try run(["report", "budget", "--month", "2026-10"])
        #expect(text.stdout.contains("Dining (2026)"), "\(text.stdout)")
        // Without --period, a new amount keeps the budget yearly.
        let again = try run(["budget", "set", "Dining", "2500", "--currency", "USD"])
        #expect(again.stderr == "Budget for Dining: $2,500.00 a year from 2026-01, rollover none\n")
        let list = CSVRows.parse(try run(["budget", "list", "--format", "csv"]).stdout)
        #expect(list.map { $0["period"] ?? "" } == ["year", "month"])
        #expect(list.map { $0["amount"] ?? "" } == ["2500.00", "500.00"])
    }

    @Test("a quarterly budget counts its quarter so far, and what it left carries into the next quarter")
    func quarterly() throws {
        let set = try run(
            [
                "budget", "set", "Groceries", "1500", "--currency", "USD", "--period", "quarter", "--from", "2026-07", "--rollover",
                "surplus",
            ])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr == "Budget for Groceries: $1,500.00 a quarter from 2026-07, rollover surplus\n")
        let rows = CSVRows.parse(try run(["report", "budget", "--from", "2026-08", "--to", "2026-10", "--format", "csv"]).stdout)
            .filter { $0["category"] == "Groceries" }
        let third = SyntheticYear.net("Groceries", from: "2026-07-01", through: "2026-09-30")
        #expect(rows.map { $0["period"] ?? "" } == ["2026-Q3", "2026-Q3", "2026-Q4"])
        #expect(rows[0]["net"] == SyntheticYear.decimal(SyntheticYear.net("Groceries", from: "2026-07-01", through: "2026-08-31")))
        #expect(rows[1]["net"] == SyntheticYear.decimal(third))
        #expect(rows[2]["carried"] == SyntheticYear.decimal(max(0, 150_000 - third)))
        #expect(rows[2]["net"] == SyntheticYear.decimal(SyntheticYear.net("Groceries", from: "2026-10-01", through: "2026-10-31")))
    }

    @Test("a quarter or year budget starts on its period's first month; a bad --period names the option and its values")
    func refusals() throws {
        let quarter = try run(["budget", "set", "Groceries", "1500", "--currency", "USD", "--period", "quarter", "--from", "2026-11"])
        #expect(quarter.status == 64)
        #expect(
            quarter.stderr.hasPrefix("Error: a quarter budget starts on a quarter's first month: --from 2026-10.\n"), "\(quarter.stderr)")
        let year = try run(["budget", "set", "Groceries", "1500", "--currency", "USD", "--period", "year", "--from", "2026-07"])
        #expect(year.status == 64)
        #expect(year.stderr.hasPrefix("Error: a year budget starts on a year's first month: --from 2026-01.\n"), "\(year.stderr)")
        let bad = try run(["budget", "set", "Groceries", "1500", "--currency", "USD", "--period", "fortnight"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: option '--period' must be month, quarter or year, not 'fortnight'.\n"), "\(bad.stderr)")
        #expect(CSVRows.parse(try run(["budget", "list", "--format", "csv"]).stdout).isEmpty, "nothing was set")
    }

    @Test("a yearly budget set over a monthly one from August replaces the entries inside its year, and counts the whole year")
    func yearReplacesEntriesInside() throws {
        #expect(try run(["budget", "set", "Dining", "100", "--currency", "USD", "--from", "2026-08", "--rollover", "surplus"]).status == 0)
        #expect(try run(["budget", "set", "Dining", "50", "--currency", "USD", "--from", "2026-10"]).status == 0)
        let year = try run(["budget", "set", "Dining", "15000", "--currency", "USD", "--period", "year"])
        #expect(year.status == 0, "\(year.stderr)")
        #expect(
            year.stderr == "Budget for Dining: $15,000.00 a year from 2026-01, rollover none; replaces the entries from 2026-08, 2026-10\n")
        let list = CSVRows.parse(try run(["budget", "list", "--format", "csv"]).stdout)
        #expect(list.map { $0["from"] ?? "" } == ["2026-01"])
        let report = CSVRows.parse(try run(["report", "budget", "--month", "2026-10", "--format", "csv"]).stdout)
        let dining = report.first { $0["category"] == "Dining" }
        #expect(dining?["period"] == "2026")
        #expect(dining?["available"] == "15000.00")
        #expect(dining?["net"] == SyntheticYear.decimal(SyntheticYear.net("Dining", from: "2026-01-01", through: "2026-10-19")))
    }

    @Test("the summary names a yearly budget's period, so its year-to-date figures read as such")
    func summaryNamesThePeriod() throws {
        #expect(try run(["budget", "set", "Dining", "5000", "--currency", "USD", "--period", "year"]).status == 0)
        let text = try run(["report", "summary", "--month", "this"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains(" Dining (2026) "), "\(text.stdout)")
        let csv = CSVRows.parse(try run(["report", "summary", "--month", "this", "--format", "csv"]).stdout)
        #expect(csv.contains { $0.values.contains("period") && $0.values.contains("2026") && $0.values.contains("Dining") })
        let net = SyntheticYear.net("Dining", from: "2026-01-01", through: "2026-10-19")
        #expect(csv.contains { $0.values.contains("net") && $0.values.contains(SyntheticYear.decimal(net)) })
    }

    @Test("budget check names a yearly budget's period: over by what the year spent past it")
    func checkNamesThePeriod() throws {
        let net = SyntheticYear.net("Dining", from: "2026-01-01", through: "2026-10-19")
        let amount = net - 10_000
        #expect(try run(["budget", "set", "Dining", SyntheticYear.decimal(amount), "--currency", "USD", "--period", "year"]).status == 0)
        let check = try run(["budget", "check", "--month", "2026-10"])
        #expect(check.status == 1)
        #expect(
            check.stdout
                == "over: Dining (USD), 2026: net \(SyntheticYear.dollars(net)) of \(SyntheticYear.dollars(amount)) available, $100.00 over\n"
        )
        #expect(check.stderr.isEmpty)
    }
}
