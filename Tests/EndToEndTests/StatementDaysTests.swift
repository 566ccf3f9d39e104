import Foundation
import PurseTestSupport
import Testing

/// An imported row stays on the day its statement wrote when its account's zone changes after
/// the import (`accounts set --tz`) or a report forces a zone (`--tz`): listings, reports,
/// balances and a second import agree.
@Suite("Statement days")
struct StatementDaysTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()
    static let statement = Examples.statements.appendingPathComponent("current-account-2026-10.csv").path
    /// The days examples/statements/current-account-2026-10.csv writes, oldest first.
    static let writtenDays = ["2026-10-01", "2026-10-05", "2026-10-15", "2026-10-16", "2026-10-23", "2026-10-28", "2026-10-31"]

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
    }

    func run(_ arguments: [String], tz: String = "UTC") throws -> PurseBinary.Result {
        let result = try run(arguments, environment: ["TZ": tz])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// Imports the example bank statement into "Current Account" (created by the first import),
    /// returning what the import said on stderr.
    func importStatement(tz: String, creating: Bool) throws -> String {
        let target =
            creating
            ? ["--new-account", "Current Account", "--kind", "asset", "--currency", "USD"] : ["--account", "Current Account"]
        return try run(
            ["import", Self.statement] + target + [
                "--columns", "date=Date,type=Type,description=Details,debit=Money Out,credit=Money In,balance=Balance",
                "--date-format", "DD/MM/YYYY",
            ], tz: tz
        ).stderr
    }

    /// The days `export transactions` gives the account's rows, oldest first.
    func exportedDays(tz: String = "UTC", forced: [String] = []) throws -> [String] {
        let lines = try run(forced + ["export", "transactions", "--account", "Current Account", "--sort", "date"], tz: tz).stdout
            .split(separator: "\n").map(String.init)
        let header = try #require(lines.first?.split(separator: ",").map(String.init))
        let column = try #require(header.firstIndex(of: "transaction_date"))
        return lines.dropFirst().map { String($0.split(separator: ",", omittingEmptySubsequences: false)[column]) }
    }

    static let unchanged = "7 transactions (0 new, 0 changed), 7 balances into 'Current Account'\n"

    @Test("Imported in UTC, then set to Pacific/Kiritimati (UTC+14): every row, the month-end one too, keeps its day and month")
    func kiritimati() throws {
        _ = try importStatement(tz: "UTC", creating: true)
        #expect(try exportedDays() == Self.writtenDays)
        let set = try run(["accounts", "set", "Current Account", "--tz", "Pacific/Kiritimati"])
        #expect(set.stderr.contains("time zone Pacific/Kiritimati"), "\(set.stderr)")
        #expect(try exportedDays() == Self.writtenDays)
        #expect(try exportedDays(tz: "Pacific/Honolulu") == Self.writtenDays)
        // The 31 October bill stays in October: November has no spending, October has all of it.
        let november = try run(["report", "spending", "--month", "2026-11", "--account", "Current Account"])
        #expect(november.stdout.contains("No spending in this period."), "\(november.stdout)")
        let october = try run(["report", "spending", "--month", "2026-10", "--by", "account", "--account", "Current Account"])
        #expect(october.stdout.contains("Current Account  $3,777.95"), "\(october.stdout)")
        // The balance is the one at the end of 31 October in the account's zone.
        let accounts = try run(["accounts"])
        #expect(accounts.stdout.contains("$5,384.53  2026-10-31T23:59:00+14:00  Pacific/Kiritimati"), "\(accounts.stdout)")
        #expect(try importStatement(tz: "UTC", creating: false).hasSuffix(Self.unchanged))
    }

    @Test("--tz Pacific/Kiritimati over an account an import made in UTC: its rows and balances stay on their statement days")
    func forcedZone() throws {
        _ = try importStatement(tz: "UTC", creating: true)
        let forced = ["--tz", "Pacific/Kiritimati"]
        #expect(try exportedDays(forced: forced) == Self.writtenDays)
        let november = try run(forced + ["report", "spending", "--month", "2026-11", "--account", "Current Account"])
        #expect(november.stdout.contains("No spending in this period."), "\(november.stdout)")
        let october = try run(forced + ["report", "spending", "--month", "2026-10", "--by", "account", "--account", "Current Account"])
        #expect(october.stdout.contains("Current Account  $3,777.95"), "\(october.stdout)")
        let trend = try run(forced + ["report", "trend", "--from", "2026-10-30", "--to", "2026-11-01", "--account", "Current Account"])
        #expect(trend.stdout.contains("2026-10-31        $5,384.53"), "\(trend.stdout)")
    }

    @Test("Imported in New York, then set to Asia/Tokyo and back with --tz '': the same days, and a re-import changes nothing")
    func tokyoAndBack() throws {
        _ = try importStatement(tz: "America/New_York", creating: true)
        #expect(try exportedDays() == Self.writtenDays)
        _ = try run(["accounts", "set", "Current Account", "--tz", "Asia/Tokyo"])
        #expect(try exportedDays() == Self.writtenDays)
        #expect(try importStatement(tz: "UTC", creating: false).hasSuffix(Self.unchanged))
        let trend = try run(["report", "trend", "--from", "2026-10-30", "--to", "2026-11-01", "--account", "Current Account"])
        #expect(trend.stdout.contains("2026-10-31        $5,384.53"), "\(trend.stdout)")
        // Back to the zone its source keeps (New York, where the account was created).
        let reset = try run(["accounts", "set", "Current Account", "--tz", ""])
        #expect(reset.stderr.contains("time zone America/New_York (its source's)"), "\(reset.stderr)")
        #expect(try exportedDays() == Self.writtenDays)
        #expect(try importStatement(tz: "Asia/Tokyo", creating: false).hasSuffix(Self.unchanged))
        let october = try run(["report", "spending", "--month", "2026-10", "--by", "account", "--account", "Current Account"])
        #expect(october.stdout.contains("Current Account  $3,777.95"), "\(october.stdout)")
    }
}
