import Foundation
import PurseTestSupport
import Testing

/// `report upcoming` through the real binary on the synthetic year, as of the day before
/// October's rent lands: what it lists is worked out here from the year's own entries.
@Suite("Upcoming report")
struct UpcomingTests {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        try SyntheticYear.syncedLedger(at: database, in: folder.url)
    }

    func run(_ arguments: [String], now: String = SyntheticYear.today) throws -> PurseBinary.Result {
        try purse.run(["--db", database, "--now", now] + arguments, environment: ["TZ": "UTC"])
    }

    /// A series of the year as the test knows it: on `day` of every month, on `account`.
    struct Series {
        let day: Int
        let account: String
        let accountName: String
        let merchant: String
        let category: String
        let direction: String
        let cents: Int64
    }

    static let series = [
        Series(
            day: 1, account: SyntheticYear.checking, accountName: "Everyday", merchant: "DIRECTDEPOSIT", category: "Income",
            direction: "credit", cents: SyntheticYear.salary),
        Series(
            day: 5, account: SyntheticYear.card, accountName: "Apple Card", merchant: "Netflix", category: "Utilities & Telecom",
            direction: "debit", cents: SyntheticYear.netflix),
        Series(
            day: 12, account: SyntheticYear.card, accountName: "Apple Card", merchant: "Spotify", category: "Digital & Subscriptions",
            direction: "debit", cents: SyntheticYear.spotify),
        Series(
            day: 25, account: SyntheticYear.checking, accountName: "Everyday", merchant: "Oak Street Properties",
            category: "Home & Garden", direction: "debit", cents: SyntheticYear.rent),
    ]

    /// Every day of each series after `today` up to `days` later, as `YYYY-MM-DD` with its series:
    /// the months of 2026 and 2027 tried one by one.
    static func expected(days: Int) -> [(date: String, series: Series)] {
        let today = SyntheticYear.today
        #expect(today == "2026-10-20")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.date(from: DateComponents(year: 2026, month: 10, day: 20))!
        let end = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: days, to: start)!)
        let last = String(format: "%04d-%02d-%02d", end.year!, end.month!, end.day!)
        var rows: [(date: String, series: Series)] = []
        for year in 2026...2027 {
            for month in 1...12 {
                for entry in series {
                    let date = String(format: "%04d-%02d-%02d", year, month, entry.day)
                    if date > today, date <= last { rows.append((date, entry)) }
                }
            }
        }
        return rows.sorted { ($0.date, $0.series.accountName, $0.series.merchant) < ($1.date, $1.series.accountName, $1.series.merchant) }
    }

    @Test("report recurring lists the salary with the rent and the subscriptions, as income")
    func recurringIncome() throws {
        let result = try run(["report", "recurring", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = CSVRows.parse(result.stdout)
        #expect(rows.map { $0["merchant"] ?? "" } == ["DIRECTDEPOSIT", "Netflix", "Oak Street Properties", "Spotify"])
        #expect(rows.map { $0["flow"] ?? "" } == ["income", "expense", "expense", "expense"])
        #expect(rows.map { $0["direction"] ?? "" } == ["credit", "debit", "debit", "debit"])
        #expect(rows[0]["typical_amount"] == SyntheticYear.decimal(SyntheticYear.salary))
        #expect(rows[0]["next_date"] == "2026-11-01")
        // The monthly move into savings is a transfer on both sides: never a series.
        #expect(!rows.contains { $0["typical_amount"] == SyntheticYear.decimal(SyntheticYear.saved) })

        let text = try run(["report", "recurring"])
        let income = try #require(text.stdout.range(of: "Recurring income (money in):"))
        #expect(text.stdout[income.upperBound...].contains("DIRECTDEPOSIT"))
        #expect(!text.stdout[..<income.lowerBound].contains("DIRECTDEPOSIT"))
    }

    @Test("the next 30 days are the rent, the salary and the two subscriptions, each at its typical amount")
    func csvRows() throws {
        let result = try run(["report", "upcoming", "--days", "30", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let expected = Self.expected(days: 30)
        #expect(expected.map(\.date) == ["2026-10-25", "2026-11-01", "2026-11-05", "2026-11-12"])
        let header = "date,account_id,account,merchant,category,direction,amount,currency,cadence"
        let lines = expected.map { row in
            [
                row.date, row.series.account, row.series.accountName, row.series.merchant, row.series.category, row.series.direction,
                SyntheticYear.decimal(row.series.cents), "USD", "monthly",
            ]
            .joined(separator: ",")
        }
        #expect(result.stdout == ([header] + lines).joined(separator: "\n") + "\n")

        // A longer window repeats each series a month on; --account and --currency narrow it.
        let longer = CSVRows.parse(try run(["report", "upcoming", "--days", "75", "--format", "csv"]).stdout)
        #expect(longer.map { $0["date"] ?? "" } == Self.expected(days: 75).map(\.date))
        let card = CSVRows.parse(try run(["report", "upcoming", "--account", "Apple Card", "--currency", "usd", "--format", "csv"]).stdout)
        #expect(card.map { $0["merchant"] ?? "" } == ["Netflix", "Spotify"])
    }

    @Test("text runs Everyday's balance of the end of today through its rows; --check passes when nothing goes below")
    func runningBalance() throws {
        let result = try run(["report", "upcoming", "--check"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        var balance = SyntheticYear.balance(of: SyntheticYear.checking, through: SyntheticYear.today)
        #expect(lines.contains("Everyday: \(SyntheticYear.dollars(balance)) today"))
        let section = try #require(lines.firstIndex(of: "Everyday: \(SyntheticYear.dollars(balance)) today"))
        for row in Self.expected(days: 30) where row.series.account == SyntheticYear.checking {
            balance += row.series.direction == "credit" ? row.series.cents : -row.series.cents
            let line = try #require(lines[section...].first { $0.hasPrefix(row.date) }, "\(row.date)")
            #expect(line.contains(row.series.merchant))
            #expect(line.hasSuffix("  " + SyntheticYear.dollars(balance)), "\(line)")
        }
        let card = SyntheticYear.balance(of: SyntheticYear.card, through: SyntheticYear.today)
        #expect(lines.contains("Apple Card: \(SyntheticYear.dollars(card)) today (credit limit $5,000.00)"))
        #expect(!result.stdout.contains("would"))
    }

    @Test("rent beyond the balance is called out on its day, and --check exits 1 for cron; an account without a balance says so")
    func checkFails() throws {
        typealias F = ExportFixture
        let export = try ExportFixture(in: folder.url.appendingPathComponent("short"))
        try export.append(
            "accounts",
            F.changeSet(
                "S", 1, snapshot: true,
                inserted: [F.account("TIGHT", name: "Everyday", institution: "First Bank"), F.account("CASH", name: "Cash")]))
        let gym = (7...9).map { month in
            F.transaction(
                "GYM-\(month)", account: "CASH", date: "2026-0\(month)-28T12:00:00Z", amount: "40.00", mcc: 7997, merchant: "Gym",
                description: "GYM")
        }
        try export.append("transactions/CASH", F.changeSet("C", 1, snapshot: true, inserted: gym))
        let rents = (7...9).map { month in
            F.transaction(
                "RENT-\(month)", account: "TIGHT", date: "2026-0\(month)-25T12:00:00Z", amount: "1500.00", type: "billPayment",
                mcc: 6513, merchant: "Oak Street Properties", description: "OAK STREET")
        }
        try export.append("transactions/TIGHT", F.changeSet("T", 1, snapshot: true, inserted: rents))
        try export.append(
            "balances/TIGHT",
            F.changeSet(
                "B", 1, snapshot: true, inserted: [F.balance("BAL", account: "TIGHT", amount: "400.00", asOf: "2026-10-19T23:00:00Z")]))
        let short = folder.file("short.sqlite")
        let synced = try purse.run(["--db", short, "sync", export.path], environment: ["TZ": "UTC"])
        try #require(synced.status == 0, "\(synced.stderr)")

        let plain = try purse.run(["--db", short, "--now", SyntheticYear.today, "report", "upcoming"], environment: ["TZ": "UTC"])
        #expect(plain.status == 0)
        let checked = try purse.run(
            ["--db", short, "--now", SyntheticYear.today, "report", "upcoming", "--check"], environment: ["TZ": "UTC"])
        #expect(checked.status == 1)
        #expect(checked.stdout == plain.stdout)
        #expect(checked.stdout.contains("Everyday would go below zero on 25 October 2026 (-$1,100.00)\n"), "\(checked.stdout)")
        let json = try purse.run(
            ["--db", short, "--now", SyntheticYear.today, "report", "upcoming", "--format", "json"], environment: ["TZ": "UTC"])
        #expect(json.stdout.contains("\"reason\": \"below_zero\""))
        // Cash has rows but no balance to run them from: they are listed, without one.
        #expect(plain.stdout.contains("Cash: no balance yet, so no running balance\n"))
        #expect(plain.stdout.contains("2026-10-28  Gym"))
    }

    @Test("--days outside 1 to 3660 is a usage error naming --days", arguments: ["0", "3661", "x"])
    func badDays(days: String) throws {
        let result = try run(["report", "upcoming", "--days", days])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix("Error: option '--days' needs a whole number of days from 1 to 3660, not '\(days)'.\n"),
            "\(result.stderr)")
    }

    @Test("one day ahead is 'the day after'; the last day of the window counts")
    func oneDay() throws {
        let result = try run(["report", "upcoming", "--days", "1"], now: "2026-10-24")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Upcoming from 2026-10-25 to 2026-10-25, the day after 2026-10-24 "), "\(result.stdout)")
        #expect(result.stdout.contains("Oak Street Properties"))
    }

    @Test("text, CSV and JSON of the synthetic year", arguments: ["txt", "csv", "json"])
    func golden(format: String) throws {
        let result = try run(["report", "upcoming", "--days", "45", "--format", format == "txt" ? "text" : format])
        #expect(result.status == 0, "\(result.stderr)")
        try expectGolden(result.stdout, "upcoming.\(format)")
    }
}
