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
        #expect(
            result.stderr == "Error: unknown time zone '\(zone)' in TZ (use an IANA name such as Europe/London).\n"
                + "Usage: purse report spending [options]\nSee 'purse report spending --help'.\n")
        let flag = harness.run(["--tz", zone, "report", "spending", "--month", "2026-10"])
        #expect(flag.status == 64)
        #expect(
            flag.stderr == "Error: unknown time zone '\(zone)' (use an IANA name such as Europe/London).\n"
                + "Usage: purse report spending [options]\nSee 'purse report spending --help'.\n")
    }

    @Test("TZ names a zone as glibc reads it", arguments: ["Europe/London", ":Europe/London", ":/usr/share/zoneinfo/Europe/London"])
    func knownZone(zone: String) {
        let result = harness.run(["explain", "--month", "2026-10"], environment: ["TZ": zone])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Time zone Europe/London."))
    }

    @Test(
        "TZ in POSIX's form with a fixed offset is that zone: the sign is west of Greenwich",
        arguments: [
            ("UTC0", "Etc/UTC"), ("GMT0", "Etc/UTC"), ("UTC", "Etc/UTC"), ("GMT", "Etc/UTC"), ("EST5", "Etc/GMT+5"),
            ("<+03>-3", "Etc/GMT-3"), (":<-10>10", "Etc/GMT+10"),
        ])
    func posixFixedOffset(zone: String, same: String) {
        let explain = harness.run(["explain", "--month", "2026-10"], environment: ["TZ": zone])
        #expect(explain.status == 0, "\(explain.stderr)")
        #expect(explain.stdout.contains("Time zone \(zone.hasPrefix(":") ? String(zone.dropFirst()) : zone)."))
        for arguments in [["export", "transactions", "--format", "csv"], ["report", "spending", "--month", "2026-10", "--format", "csv"]] {
            let result = harness.run(arguments, environment: ["TZ": zone])
            #expect(result.status == 0)
            #expect(result.stdout == harness.run(["--tz", same] + arguments).stdout, "\(arguments)")
        }
    }

    @Test("TZ in POSIX's form with daylight-saving rules: exit 64, asking for a zone name")
    func posixDaylightSaving() {
        let zone = "CET-1CEST,M3.5.0,M10.5.0/3"
        let result = harness.run(["report", "spending", "--month", "2026-10"], environment: ["TZ": zone])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "Error: TZ '\(zone)' gives daylight-saving rules, which purse does not follow "
                + "(use an IANA name such as Europe/Berlin).\nUsage: purse report spending [options]\nSee 'purse report spending --help'.\n"
        )
    }

    @Test("--tz wins over TZ, even a TZ that names no zone")
    func flagWins() {
        let result = harness.run(["--tz", "Asia/Tokyo", "explain", "--month", "2026-10"], environment: ["TZ": "Mars/Base"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Time zone Asia/Tokyo."))
    }
}
