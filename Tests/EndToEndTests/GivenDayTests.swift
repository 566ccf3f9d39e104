import Foundation
import PurseTestSupport
import Testing

/// `--now YYYY-MM-DD` takes a day as today, so a report that depends on today reads the same
/// on any day and in any zone.
@Suite("--now: a given day as today")
struct GivenDayTests {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        try Examples.syncedLedger(at: database, purse: purse, environment: ["TZ": "America/New_York"])
    }

    @Test("the summary's default month is the month before the given day, made at its noon UTC, in any zone")
    func summaryOfTheGivenDay() throws {
        for zone in ["America/New_York", "Asia/Tokyo", "UTC"] {
            let november = try purse.run(["--db", database, "--now", "2026-11-05", "report", "summary"], environment: ["TZ": zone])
            #expect(november.status == 0, "\(november.stderr)")
            #expect(november.stdout.hasPrefix("October 2026: "), "\(zone)")
            #expect(november.stdout.contains("Summary of October 2026, made 2026-11-05T12:00:00Z"), "\(zone)")
        }
        let october = try purse.run(["--db", database, "report", "summary", "--now", "2026-10-15"], environment: ["TZ": "UTC"])
        #expect(october.stdout.hasPrefix("September 2026: "))
    }

    @Test(
        "east of UTC+12, where noon UTC is already tomorrow, the given day is still today",
        arguments: ["Pacific/Kiritimati", "Pacific/Auckland"])
    func farEast(zone: String) throws {
        let result = try purse.run(["--db", database, "--now", "2026-10-31", "report", "spending"], environment: ["TZ": zone])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Spending by category, October 2026\n"), "\(result.stdout.prefix(60))")
        let summary = try purse.run(["--db", database, "--now", "2026-11-30", "report", "summary"], environment: ["TZ": zone])
        #expect(summary.stdout.hasPrefix("October 2026: "), "\(summary.stdout.prefix(60))")
    }

    @Test("a day that is not one is a usage error naming the option", arguments: ["2026-13-01", "2026-02-30", "yesterday", ""])
    func notADay(given: String) throws {
        let result = try purse.run(["--db", database, "--now", given, "report", "summary"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.split(separator: "\n").first == "Error: option '--now' needs a date YYYY-MM-DD, not '\(given)'.")
    }
}

/// Every default that is "this month" or "up to today" follows `--now`, not the clock.
@Suite("--now: the defaults that depend on today")
struct GivenDayDefaultsTests {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        try Examples.syncedLedger(at: database, purse: purse, environment: ["TZ": "America/New_York"])
    }

    func run(_ arguments: [String]) throws -> String {
        let result = try purse.run(["--db", database] + arguments, environment: ["TZ": "America/New_York"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    @Test("a report's default month is the given day's")
    func defaultMonth() throws {
        #expect(try run(["--now", "2026-09-15", "report", "spending"]).hasPrefix("Spending by category, September 2026\n"))
        #expect(try run(["--now", "2026-10-02", "report", "spending"]).hasPrefix("Spending by category, October 2026\n"))
        #expect(try run(["--now", "2026-09-15", "report", "budget"]).hasPrefix("Budgets, September 2026\n"))
    }

    @Test("recurring looks back a year from the given day, and a charge due after it is not missed")
    func recurringWindow() throws {
        let early = CSVRows.parse(try run(["--now", "2026-06-30", "report", "recurring", "--format", "csv"]))
        let late = CSVRows.parse(try run(["--now", "2026-10-31", "report", "recurring", "--format", "csv"]))
        #expect(!early.isEmpty && !late.isEmpty)
        #expect(early.allSatisfy { ($0["last_date"] ?? "") <= "2026-06-30" })
        #expect(late.contains { ($0["last_date"] ?? "") > "2026-06-30" })
    }

    @Test("the transactions listing's month 'this' is the given day's")
    func transactionsMonth() throws {
        let rows = CSVRows.parse(try run(["--now", "2026-09-15", "export", "transactions", "--month", "this"]))
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { ($0["transaction_date"] ?? "").hasPrefix("2026-09") }, "\(rows.prefix(2))")
    }
}
