import Foundation
import PurseTestSupport
import Testing

/// `report summary --year` over the example ledger through the binary: each month row against
/// `report spending --month` and `report income` for that month, the total against the rows,
/// the categories against `report spending` over the year before, and the options it refuses.
@Suite("Year summary")
struct YearSummaryTests {
    static let environment = ["TZ": "America/New_York"]
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = try Examples.syncedLedger(at: folder.file("ledger.sqlite"), environment: Self.environment)
    }

    func run(_ arguments: [String]) throws -> PurseBinary.Result {
        try purse.run(["--db", database, "--now", "2026-11-05"] + arguments, environment: Self.environment)
    }

    func year(_ format: String) throws -> String {
        let result = try run(["report", "summary", "--year", "2026", "--format", format])
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// The CSV's two tables: the month rows, and the long `section,...` rows after them.
    func tables() throws -> (months: [[String: String]], long: [[String: String]]) {
        let csv = try year("csv")
        let split = try #require(csv.range(of: "section,currency,item,measure,value\n"))
        return (CSVRows.parse(String(csv[..<split.lowerBound])), CSVRows.parse(String(csv[split.lowerBound...])))
    }

    /// `amount` summed per currency over the CSV rows of `arguments`, in cents.
    func sums(_ arguments: [String], column: String) throws -> [String: Int] {
        let result = try run(arguments + ["--format", "csv"])
        try #require(result.status == 0, "\(result.stderr)")
        var sums: [String: Int] = [:]
        for row in CSVRows.parse(result.stdout) { sums[row["currency"] ?? "", default: 0] += CSVRows.cents(row[column] ?? "") }
        return sums
    }

    @Test("each month row's net is report spending --month's, its income report income's, saved and the rate follow from them")
    func monthRowsMatchTheMonthlyReports() throws {
        let rows = try tables().months.filter { $0["month"] != "2026" }
        // A running year counts January up to this month.
        #expect(Set(rows.compactMap { $0["month"] }) == Set((1...11).map { String(format: "2026-%02d", $0) }))
        var checked = 0
        for month in (1...11).map({ String(format: "2026-%02d", $0) }) {
            let net = try sums(["report", "spending", "--month", month], column: "net")
            let spent = try sums(["report", "spending", "--month", month], column: "spent")
            let income = try sums(["report", "income", "--month", month], column: "amount")
            for row in rows where row["month"] == month {
                let c = try #require(row["currency"])
                #expect(CSVRows.cents(row["net"] ?? "x") == net[c, default: 0], "\(month) \(c) net")
                #expect(CSVRows.cents(row["spent"] ?? "x") == spent[c, default: 0], "\(month) \(c) spent")
                #expect(CSVRows.cents(row["income"] ?? "x") == income[c, default: 0], "\(month) \(c) income")
                let saved = income[c, default: 0] - net[c, default: 0]
                #expect(CSVRows.cents(row["saved"] ?? "x") == saved, "\(month) \(c) saved")
                #expect(row["savings_rate"] == Self.rate(saved, of: income[c, default: 0]), "\(month) \(c) rate")
                checked += 1
            }
            // Every currency that spent or earned this month has its row.
            let currencies = Set(net.keys).union(income.keys)
            #expect(currencies.isSubset(of: Set(rows.filter { $0["month"] == month }.compactMap { $0["currency"] })), "\(month)")
        }
        #expect(checked >= 11)
    }

    @Test("the 2026 row of each currency is the sum of its month rows")
    func totalIsTheSumOfTheMonths() throws {
        let rows = try tables().months
        let totals = rows.filter { $0["month"] == "2026" }
        #expect(!totals.isEmpty)
        for total in totals {
            let months = rows.filter { $0["currency"] == total["currency"] && $0["month"] != "2026" }
            for column in ["spent", "refunded", "net", "income", "saved"] {
                #expect(
                    CSVRows.cents(total[column] ?? "x") == months.reduce(0) { $0 + CSVRows.cents($1[column] ?? "") },
                    "\(total["currency"] ?? "") \(column)")
            }
        }
    }

    @Test("each category's previous_net is its net in report spending over 2025, and change is net - previous_net")
    func categoriesAgainstTheYearBefore() throws {
        let long = try tables().long
        let result = try run(["report", "spending", "--from", "2025-01-01", "--to", "2025-12-31", "--format", "csv"])
        try #require(result.status == 0, "\(result.stderr)")
        var before: [String: Int] = [:]
        for row in CSVRows.parse(result.stdout) {
            before["\(row["currency"] ?? "") \(row["category"] ?? "")", default: 0] += CSVRows.cents(row["net"] ?? "")
        }
        let categories = long.filter { $0["section"] == "category" }
        #expect(!categories.isEmpty)
        for row in categories where row["measure"] == "previous_net" {
            let key = "\(row["currency"] ?? "") \(row["item"] ?? "")"
            #expect(CSVRows.cents(row["value"] ?? "x") == before[key, default: 0], "\(key)")
            let net = categories.first { $0["currency"] == row["currency"] && $0["item"] == row["item"] && $0["measure"] == "net" }
            let change = categories.first { $0["currency"] == row["currency"] && $0["item"] == row["item"] && $0["measure"] == "change" }
            #expect(
                CSVRows.cents(change?["value"] ?? "x") == CSVRows.cents(net?["value"] ?? "") - before[key, default: 0], "\(key) change")
        }
    }

    @Test("each recurring charge's total and count are its merchant's spending in 2026, most costly first, at most five")
    func recurringMostCostlyFirst() throws {
        let rows = try tables().long.filter { $0["section"] == "recurring" }
        let totals = rows.filter { $0["measure"] == "total" }
        #expect(!totals.isEmpty)
        let spending = try run([
            "report", "spending", "--by", "merchant", "--from", "2026-01-01", "--to", "2026-11-30", "--format", "csv",
        ])
        try #require(spending.status == 0, "\(spending.stderr)")
        let merchants = CSVRows.parse(spending.stdout)
        for total in totals {
            let charges = merchants.filter { $0["merchant"] == total["item"] && $0["currency"] == total["currency"] }
            #expect(CSVRows.cents(total["value"] ?? "x") == charges.reduce(0) { $0 + CSVRows.cents($1["spent"] ?? "") }, "\(total)")
            let count = rows.first { $0["item"] == total["item"] && $0["currency"] == total["currency"] && $0["measure"] == "count" }
            #expect(Int(count?["value"] ?? "") == charges.reduce(0) { $0 + (Int($1["count"] ?? "") ?? 0) }, "\(total)")
        }
        for currency in Set(totals.compactMap { $0["currency"] }) {
            let values = totals.filter { $0["currency"] == currency }.map { CSVRows.cents($0["value"] ?? "") }
            #expect(values.count <= 5 && values == values.sorted(by: >), "\(currency)")
        }
    }

    @Test("text, CSV and JSON match their golden files")
    func golden() throws {
        try expectGolden(try year("text"), "summary-year.txt")
        try expectGolden(try year("csv"), "summary-year.csv")
        try expectGolden(try year("json"), "summary-year.json")
    }

    @Test("the email's subject names the year, and it goes to --to")
    func email() throws {
        let result = try run(["report", "summary", "--year", "2026", "--format", "email", "--to", "me@example.org"])
        try #require(result.status == 0, "\(result.stderr)")
        let message = try MIMEEntity(result.stdout)
        #expect(message.header("To") == "me@example.org")
        let subject = MIMEEntity.decodeHeader(try #require(message.header("Subject")))
        #expect(subject.hasPrefix("2026 so far: spent $"), "\(subject)")
        #expect(result.stdout.contains("filename=\"purse-summary-2026.csv\""))
    }

    @Test(
        "--year refuses --month and --convert-to, and a year that is not YYYY, with exit 64 naming the options",
        arguments: [
            (["--year", "2026", "--month", "2026-10"], ["--month", "--year"]),
            (["--year", "2026", "--convert-to", "USD"], ["--convert-to", "--year"]),
            (["--year", "26"], ["--year", "YYYY"]),
        ])
    func refusals(arguments: [String], named: [String]) throws {
        let result = try run(["report", "summary"] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        for name in named { #expect(result.stderr.contains(name), "\(result.stderr)") }
    }

    /// saved / income as a percentage to one decimal, half to even: the monthly summary's rate.
    static func rate(_ saved: Int, of income: Int) -> String {
        guard income != 0 else { return "" }
        let (quotient, remainder) = (saved * 1000).quotientAndRemainder(dividingBy: income)
        let twice = 2 * abs(remainder)
        let magnitude = abs(quotient) + (twice > abs(income) || (twice == abs(income) && abs(quotient) % 2 == 1) ? 1 : 0)
        let negative = (saved < 0) != (income < 0) && magnitude != 0
        return (negative ? "-" : "") + "\(magnitude / 10).\(magnitude % 10)"
    }
}
