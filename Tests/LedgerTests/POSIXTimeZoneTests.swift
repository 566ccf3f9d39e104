import Testing

@testable import Ledger

/// `TZ` in POSIX's form: the standard name, an offset counted west of Greenwich, and perhaps a
/// daylight-saving part.
@Suite("POSIX TZ strings")
struct POSIXTimeZoneTests {
    @Test(
        "a name and an offset, the sign inverted; a daylight-saving part is noticed",
        arguments: [
            ("UTC0", "UTC", 0, false),
            ("GMT0", "GMT", 0, false),
            ("EST5", "EST", -5 * 3600, false),
            ("EST+5", "EST", -5 * 3600, false),
            ("<+03>-3", "+03", 3 * 3600, false),
            ("<-0330>3:30", "-0330", -(3 * 3600 + 1800), false),
            ("IST-5:30", "IST", 5 * 3600 + 1800, false),
            ("LMT-0:17:30", "LMT", 17 * 60 + 30, false),
            ("<+14>-14", "+14", 14 * 3600, false),
            ("CET-1CEST,M3.5.0,M10.5.0/3", "CET", 3600, true),
            ("EST5EDT", "EST", -5 * 3600, true),
            ("PST8PDT7,M3.2.0,M11.1.0", "PST", -8 * 3600, true),
        ])
    func valid(text: String, name: String, secondsEast: Int, daylightSaving: Bool) throws {
        let zone = try #require(POSIXTimeZone(text))
        #expect(zone.name == name)
        #expect(zone.secondsEastOfUTC == secondsEast)
        #expect(zone.hasDaylightSaving == daylightSaving)
    }

    @Test(
        "not a POSIX TZ string",
        arguments: [
            "", "UTC", "EST", "Europe/London", "5", "AB5", "EST25", "EST5:6", "EST5:60", "<+3>-3", "<+03-3", "EST5 ",
            "EST5EDT!", "EST5E", "E1T5",
        ])
    func invalid(text: String) {
        #expect(POSIXTimeZone(text) == nil, "\(text)")
    }

    @Test("a fixed-offset zone puts instants on its own days")
    func fixedOffsetDays() throws {
        let eastern = try #require(ReportTimeZone(secondsEastOfUTC: -5 * 3600, name: "EST5"))
        // 2026-10-01T03:00:00Z is still September 30 five hours west of Greenwich.
        let instant: Int64 = 1_790_823_600
        #expect(eastern.date(of: instant) == CivilDate(year: 2026, month: 9, day: 30))
        #expect(eastern.offset(at: instant) == -18_000)
        #expect(eastern.startOfDay(CivilDate(year: 2026, month: 10, day: 1)) == 1_790_830_800)
        #expect(eastern.identifier == "EST5")
    }
}
