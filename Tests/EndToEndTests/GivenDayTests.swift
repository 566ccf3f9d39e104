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

    @Test("a day that is not one is a usage error naming the option", arguments: ["2026-13-01", "2026-02-30", "yesterday", ""])
    func notADay(given: String) throws {
        let result = try purse.run(["--db", database, "--now", given, "report", "summary"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.split(separator: "\n").first == "Error: option '--now' needs a date YYYY-MM-DD, not '\(given)'.")
    }
}
