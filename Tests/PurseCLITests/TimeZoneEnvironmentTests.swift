import Foundation
import PurseTestSupport
import Testing

/// `TZ` from the environment: a zone by name (with or without glibc's leading ':') or by its
/// file; one that names no zone is the same usage error as a bad `--tz`, never a quiet fallback
/// to another zone's days.
@Suite("TZ")
struct TimeZoneEnvironmentTests {
    let harness: CLITestHarness

    init() throws {
        harness = try CLITestHarness()
        try harness.createLedger()
    }

    @Test("a TZ that names no zone: exit 64, as --tz", arguments: ["Mars/Base", "Europe/Londn", ":Nowhere"])
    func unknownZone(zone: String) {
        let result = harness.run(["report", "spending", "--month", "2026-10"], environment: ["TZ": zone])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: unknown time zone '\(zone)' in TZ (use an IANA name such as Europe/London).\n"
            + "Usage: purse report spending [options]\nSee 'purse report spending --help'.\n")
        let flag = harness.run(["--tz", zone, "report", "spending", "--month", "2026-10"])
        #expect(flag.status == 64)
    }

    @Test("TZ names a zone as glibc reads it", arguments: ["Europe/London", ":Europe/London", ":/usr/share/zoneinfo/Europe/London"])
    func knownZone(zone: String) {
        let result = harness.run(["explain", "--month", "2026-10"], environment: ["TZ": zone])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Time zone Europe/London."))
    }

    @Test("--tz wins over TZ, even a TZ that names no zone")
    func flagWins() {
        let result = harness.run(["--tz", "Asia/Tokyo", "explain", "--month", "2026-10"], environment: ["TZ": "Mars/Base"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Time zone Asia/Tokyo."))
    }
}
