import Foundation
import Ledger
import Testing

@Suite("YearMonth: the period of reports and budgets")
struct YearMonthTests {
    @Test(
        "adding months across years, forwards and backwards",
        arguments: [
            (2026, 1, 1, 2026, 2),
            (2026, 12, 1, 2027, 1),
            (2026, 1, -1, 2025, 12),
            (2026, 3, 0, 2026, 3),
            (2026, 3, 22, 2028, 1),
            (2026, 3, -15, 2024, 12),
            (2026, 3, -14, 2025, 1),
            (2026, 3, -120, 2016, 3),
            (2026, 3, 1_200, 2126, 3),
            (2026, 12, -12, 2025, 12),
            (2026, 12, -11, 2026, 1),
            (1, 1, -1, 0, 12),
            (0, 1, -1, -1, 12),
            (-1, 12, 1, 0, 1),
        ])
    func adding(year: Int, month: Int, months: Int, newYear: Int, newMonth: Int) {
        #expect(YearMonth(year: year, month: month).adding(months: months) == YearMonth(year: newYear, month: newMonth))
    }

    @Test("adding n then -n returns to the same month; the month is always 1...12")
    func addingIsReversible() {
        for start in [YearMonth(year: 2026, month: 1), YearMonth(year: 2026, month: 12), YearMonth(year: 1, month: 6)] {
            for months in -60...60 {
                let moved = start.adding(months: months)
                #expect((1...12).contains(moved.month), "\(start) + \(months)")
                #expect(moved.adding(months: -months) == start, "\(start) + \(months)")
                #expect((moved.year * 12 + moved.month) - (start.year * 12 + start.month) == months)
            }
        }
    }

    @Test("parses YYYY-MM", arguments: [("2026-03", 2026, 3), ("0999-12", 999, 12), ("2024-02", 2024, 2)])
    func parses(text: String, year: Int, month: Int) throws {
        let value = try #require(YearMonth(iso: text))
        #expect(value == YearMonth(year: year, month: month))
        #expect(value.description == text)
    }

    @Test(
        "refuses what is not YYYY-MM",
        arguments: ["2026-13", "2026-00", "2026-3", "26-03", "2026-03-01", "2026", "", "2026/03", " 2026-03"])
    func refuses(text: String) {
        #expect(YearMonth(iso: text) == nil)
    }

    @Test(
        "first and last day",
        arguments: [
            (2024, 2, "2024-02-01", "2024-02-29"), (2026, 2, "2026-02-01", "2026-02-28"),
            (1900, 2, "1900-02-01", "1900-02-28"), (2000, 2, "2000-02-01", "2000-02-29"),
            (2026, 4, "2026-04-01", "2026-04-30"), (2026, 12, "2026-12-01", "2026-12-31"),
        ])
    func bounds(year: Int, month: Int, first: String, last: String) {
        let value = YearMonth(year: year, month: month)
        #expect(value.firstDay.description == first)
        #expect(value.lastDay.description == last)
        #expect(YearMonth(value.lastDay) == value)
        #expect(YearMonth(value.lastDay.adding(days: 1)) == value.adding(months: 1))
    }

    @Test("ordering")
    func ordering() {
        #expect(YearMonth(year: 2025, month: 12) < YearMonth(year: 2026, month: 1))
        #expect(YearMonth(year: 2026, month: 2) < YearMonth(year: 2026, month: 10))
        #expect(!(YearMonth(year: 2026, month: 2) < YearMonth(year: 2026, month: 2)))
    }
}

/// Rule 2: a transaction belongs to the day of its transactionDate read in the report time zone.
@Suite("ReportTimeZone: instants become local days")
struct ReportTimeZoneTests {
    static func zone(_ identifier: String) throws -> ReportTimeZone {
        try #require(ReportTimeZone(identifier: identifier), "no time zone \(identifier)")
    }

    static func instant(_ text: String) throws -> Int64 {
        try #require(Timestamp(rfc3339: text), "\(text)").epochSeconds
    }

    @Test(
        "the local day of an instant",
        arguments: [
            // UTC
            ("UTC", "2026-01-01T00:00:00Z", "2026-01-01"),
            ("UTC", "2025-12-31T23:59:59Z", "2025-12-31"),
            ("UTC", "1969-12-31T23:59:59Z", "1969-12-31"),
            ("UTC", "1969-12-31T00:00:00Z", "1969-12-31"),
            ("UTC", "1969-12-30T23:59:59Z", "1969-12-30"),
            // New York, EST (-5) and EDT (-4)
            ("America/New_York", "2026-01-15T04:59:59Z", "2026-01-14"),
            ("America/New_York", "2026-01-15T05:00:00Z", "2026-01-15"),
            ("America/New_York", "2026-07-04T03:59:59Z", "2026-07-03"),
            ("America/New_York", "2026-07-04T04:00:00Z", "2026-07-04"),
            // spring forward 2026-03-08 at 02:00 EST (07:00Z)
            ("America/New_York", "2026-03-08T04:59:59Z", "2026-03-07"),
            ("America/New_York", "2026-03-08T05:00:00Z", "2026-03-08"),
            ("America/New_York", "2026-03-08T06:59:59Z", "2026-03-08"),
            ("America/New_York", "2026-03-08T07:00:00Z", "2026-03-08"),
            ("America/New_York", "2026-03-09T03:59:59Z", "2026-03-08"),
            ("America/New_York", "2026-03-09T04:00:00Z", "2026-03-09"),
            // fall back 2026-11-01 at 02:00 EDT (06:00Z)
            ("America/New_York", "2026-11-01T03:59:59Z", "2026-10-31"),
            ("America/New_York", "2026-11-01T04:00:00Z", "2026-11-01"),
            ("America/New_York", "2026-11-02T04:30:00Z", "2026-11-01"),  // 23:30 EST
            ("America/New_York", "2026-11-02T04:59:59Z", "2026-11-01"),
            ("America/New_York", "2026-11-02T05:00:00Z", "2026-11-02"),
            // The Wallet example: 12:34:56-04:00 is that day in New York, and in UTC too.
            ("America/New_York", "2026-10-03T23:34:56-04:00", "2026-10-03"),
            ("UTC", "2026-10-03T23:34:56-04:00", "2026-10-04"),
            // London, GMT (+0) and BST (+1); spring 2026-03-29 01:00Z, fall 2026-10-25 01:00Z
            ("Europe/London", "2026-03-28T23:59:59Z", "2026-03-28"),
            ("Europe/London", "2026-03-29T00:00:00Z", "2026-03-29"),
            ("Europe/London", "2026-03-29T22:59:59Z", "2026-03-29"),
            ("Europe/London", "2026-03-29T23:00:00Z", "2026-03-30"),
            ("Europe/London", "2026-06-30T23:30:00Z", "2026-07-01"),
            ("Europe/London", "2026-10-24T22:59:59Z", "2026-10-24"),
            ("Europe/London", "2026-10-24T23:00:00Z", "2026-10-25"),
            ("Europe/London", "2026-10-25T23:30:00Z", "2026-10-25"),
            ("Europe/London", "2026-10-26T00:00:00Z", "2026-10-26"),
        ])
    func localDay(zone: String, instant: String, day: String) throws {
        #expect(try Self.zone(zone).date(of: Self.instant(instant)).description == day)
    }

    @Test(
        "offset in seconds east of UTC",
        arguments: [
            ("UTC", "2026-07-01T12:00:00Z", 0),
            ("America/New_York", "2026-03-08T06:59:59Z", -18_000),
            ("America/New_York", "2026-03-08T07:00:00Z", -14_400),
            ("America/New_York", "2026-11-01T05:59:59Z", -14_400),
            ("America/New_York", "2026-11-01T06:00:00Z", -18_000),
            ("Europe/London", "2026-03-29T00:59:59Z", 0),
            ("Europe/London", "2026-03-29T01:00:00Z", 3_600),
            ("Europe/London", "2026-10-25T00:59:59Z", 3_600),
            ("Europe/London", "2026-10-25T01:00:00Z", 0),
        ])
    func offsets(zone: String, instant: String, offset: Int) throws {
        #expect(try Self.zone(zone).offset(at: Self.instant(instant)) == offset)
    }

    @Test(
        "the first instant of a local day, around daylight-saving changes",
        arguments: [
            ("UTC", "2026-10-31", "2026-10-31T00:00:00Z"),
            ("UTC", "1969-12-31", "1969-12-31T00:00:00Z"),
            ("America/New_York", "2026-01-15", "2026-01-15T05:00:00Z"),
            ("America/New_York", "2026-03-08", "2026-03-08T05:00:00Z"),  // 23-hour day, starts in EST
            ("America/New_York", "2026-03-09", "2026-03-09T04:00:00Z"),
            ("America/New_York", "2026-07-04", "2026-07-04T04:00:00Z"),
            ("America/New_York", "2026-11-01", "2026-11-01T04:00:00Z"),  // 25-hour day, starts in EDT
            ("America/New_York", "2026-11-02", "2026-11-02T05:00:00Z"),
            ("Europe/London", "2026-03-29", "2026-03-29T00:00:00Z"),
            ("Europe/London", "2026-03-30", "2026-03-29T23:00:00Z"),
            ("Europe/London", "2026-06-21", "2026-06-20T23:00:00Z"),
            ("Europe/London", "2026-10-25", "2026-10-24T23:00:00Z"),
            ("Europe/London", "2026-10-26", "2026-10-26T00:00:00Z"),
        ])
    func startOfDay(zone: String, day: String, instant: String) throws {
        let date = try #require(CivilDate(iso: day))
        #expect(try Self.zone(zone).startOfDay(date) == Self.instant(instant))
    }

    @Test("day lengths: 23 hours in spring, 25 in autumn, 24 otherwise")
    func dayLengths() throws {
        for (identifier, spring, autumn) in [
            ("America/New_York", "2026-03-08", "2026-11-01"), ("Europe/London", "2026-03-29", "2026-10-25"),
        ] {
            let zone = try Self.zone(identifier)
            func length(_ text: String) throws -> Int64 {
                let day = try #require(CivilDate(iso: text))
                return zone.startOfDay(day.adding(days: 1)) - zone.startOfDay(day)
            }
            #expect(try length(spring) == 23 * 3600, "\(identifier)")
            #expect(try length(autumn) == 25 * 3600, "\(identifier)")
            #expect(try length("2026-06-15") == 24 * 3600, "\(identifier)")
        }
    }

    /// startOfDay(d) is the first instant of d: date(of:) maps it to d and the second before to d - 1.
    static func checkStartOfDay(_ identifier: String, from first: String, days: Int) throws {
        let zone = try zone(identifier)
        let start = try #require(CivilDate(iso: first))
        for step in 0..<days {
            let day = start.adding(days: step)
            let instant = zone.startOfDay(day)
            #expect(zone.date(of: instant) == day, "\(identifier) \(day): startOfDay is on \(zone.date(of: instant))")
            #expect(zone.date(of: instant - 1) == day.adding(days: -1), "\(identifier) \(day): the second before is not the day before")
        }
    }

    @Test(
        "every day of 2025-2027 starts where date(of:) says it does",
        arguments: ["UTC", "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Sydney", "Pacific/Auckland"])
    func startOfDayAgreesWithDateOf(identifier: String) throws {
        try Self.checkStartOfDay(identifier, from: "2025-01-01", days: 3 * 365)
    }

    /// Zones whose clocks jump at local midnight: the day then starts at 01:00 local time.
    @Test(
        "when midnight is skipped, the day starts at the first instant that exists",
        arguments: [
            ("America/Havana", "2026-03-08", "2026-03-08T01:00:00-04:00"),  // 00:00 CST -> 01:00 CDT
            ("America/Santiago", "2026-09-06", "2026-09-06T01:00:00-03:00"),  // 00:00 -04 -> 01:00 -03
            ("Asia/Beirut", "2026-03-29", "2026-03-29T01:00:00+03:00"),  // 00:00 EET -> 01:00 EEST
        ])
    func skippedMidnight(zone: String, day: String, instant: String) throws {
        let date = try #require(CivilDate(iso: day))
        let reportZone = try Self.zone(zone)
        let start = reportZone.startOfDay(date)
        #expect(start == (try Self.instant(instant)), "\(zone) \(day): got \(Timestamp.utc(epochSeconds: start).text)")
        #expect(reportZone.date(of: start) == date)
        #expect(reportZone.date(of: start - 1) == date.adding(days: -1))
    }

    @Test("unknown identifiers are refused")
    func unknownZone() {
        #expect(ReportTimeZone(identifier: "Not/AZone") == nil)
        #expect(ReportTimeZone(identifier: "America/New_York")?.identifier == "America/New_York")
    }
}
