import Testing

@testable import Ledger

@Suite("CivilDate: proleptic Gregorian days")
struct CivilDateTests {
    @Test(
        "days since 1970-01-01 and ISO weekday of known dates",
        arguments: [
            (1970, 1, 1, 0, 4),  // a Thursday
            (1969, 12, 31, -1, 3),
            (2000, 1, 1, 10_957, 6),
            (2000, 2, 29, 11_016, 2),
            (2024, 2, 29, 19_782, 4),
            (2026, 10, 31, 20_757, 6),
            (1900, 1, 1, -25_567, 1),
            (1600, 2, 29, -135_081, 2),
            (1582, 10, 15, -141_427, 5),  // first day of the Gregorian calendar
            (1, 1, 1, -719_162, 1),
            (9999, 12, 31, 2_932_896, 5),
        ])
    func knownDates(year: Int, month: Int, day: Int, days: Int, weekday: Int) {
        let date = CivilDate(year: year, month: month, day: day)
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(daysSinceEpoch: days) == date)
        #expect(date.isoWeekday == weekday)
    }

    @Test("walking day by day from 0001-01-01 to 9999-12-31 matches days-from-civil and back")
    func everyDay() {
        // An independent calendar walk: increment the day, roll over months and years by hand.
        var year = 1, month = 1, day = 1
        var days = CivilDate(year: 1, month: 1, day: 1).daysSinceEpoch
        var mismatches = 0
        var weekday = 1  // 0001-01-01 was a Monday (proleptic Gregorian)
        while year <= 9999 {
            let date = CivilDate(year: year, month: month, day: day)
            if date.daysSinceEpoch != days || CivilDate(daysSinceEpoch: days) != date || date.isoWeekday != weekday {
                mismatches += 1
                if mismatches <= 5 { Issue.record("mismatch at \(date) (day \(days))") }
            }
            let monthLength = [
                31, (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28, 31, 30, 31, 30,
                31, 31, 30, 31, 30, 31,
            ][month - 1]
            day += 1
            if day > monthLength { day = 1; month += 1 }
            if month > 12 { month = 1; year += 1 }
            days += 1
            weekday = weekday == 7 ? 1 : weekday + 1
        }
        #expect(mismatches == 0)
        #expect(days == 2_932_897)
    }

    @Test(
        "daysSinceEpoch round-trips far outside common years",
        arguments: [
            -1_000_000, -719_163, -719_468, -146_097, -1, 0, 1, 146_097, 2_932_897, 10_000_000,
        ])
    func roundTrip(days: Int) {
        let date = CivilDate(daysSinceEpoch: days)
        #expect(date.daysSinceEpoch == days)
        #expect((1...12).contains(date.month))
        #expect(date.day >= 1 && date.day <= CivilDate.daysIn(year: date.year, month: date.month))
    }

    @Test(
        "leap years",
        arguments: [(2024, true), (2023, false), (2000, true), (1900, false), (2100, false), (1600, true), (4, true), (0, true)])
    func leapYears(year: Int, leap: Bool) {
        #expect(CivilDate.isLeap(year) == leap)
        #expect(CivilDate.daysIn(year: year, month: 2) == (leap ? 29 : 28))
    }

    @Test("days in each month")
    func monthLengths() {
        #expect((1...12).map { CivilDate.daysIn(year: 2026, month: $0) } == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        #expect((1...12).map { CivilDate.daysIn(year: 2024, month: $0) }.reduce(0, +) == 366)
    }

    @Test(
        "adding days across month, year and leap-day boundaries",
        arguments: [
            ("2024-02-28", 1, "2024-02-29"),
            ("2024-02-28", 2, "2024-03-01"),
            ("2023-02-28", 1, "2023-03-01"),
            ("2026-12-31", 1, "2027-01-01"),
            ("1970-01-01", -1, "1969-12-31"),
            ("2000-03-01", -1, "2000-02-29"),
            ("1900-03-01", -1, "1900-02-28"),
            ("2026-10-31", 365, "2027-10-31"),
            ("2026-10-31", -366, "2025-10-30"),
        ])
    func addingDays(start: String, days: Int, end: String) throws {
        let date = try #require(CivilDate(iso: start))
        #expect(date.adding(days: days).description == end)
    }

    @Test(
        "ISO text parses to a real day",
        arguments: [
            ("2026-10-31", 2026, 10, 31), ("2024-02-29", 2024, 2, 29), ("2000-02-29", 2000, 2, 29),
            ("0001-01-01", 1, 1, 1), ("1969-12-31", 1969, 12, 31),
        ])
    func parsesISO(text: String, year: Int, month: Int, day: Int) throws {
        let date = try #require(CivilDate(iso: text))
        #expect(date == CivilDate(year: year, month: month, day: day))
        #expect(date.description == text)
    }

    @Test(
        "ISO text that is not a real day is refused",
        arguments: [
            "2026-02-29", "1900-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-00-01", "2026-01-00",
            "2026-1-01", "2026-01-1", "26-01-01", "20260101", "2026-01-01T00:00:00Z", "2026-01-01 ", " 2026-01-01",
            "2026/01/01", "2026-01--1", "+026-01-01", "２０２６-01-01", "2026-0a-01", "", "--",
        ])
    func refusesISO(text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test("description pads the year to four digits")
    func description() {
        #expect(CivilDate(year: 1, month: 2, day: 3).description == "0001-02-03")
        #expect(CivilDate(year: 999, month: 12, day: 31).description == "0999-12-31")
        #expect(CivilDate(year: 2026, month: 3, day: 5).description == "2026-03-05")
    }

    @Test("ordering follows the calendar")
    func ordering() {
        let dates = [
            CivilDate(year: 2026, month: 1, day: 2), CivilDate(year: 2025, month: 12, day: 31),
            CivilDate(year: 2026, month: 1, day: 1), CivilDate(year: 1969, month: 12, day: 31),
        ]
        #expect(dates.sorted().map(\.description) == ["1969-12-31", "2025-12-31", "2026-01-01", "2026-01-02"])
        #expect(dates.sorted() == dates.sorted { $0.daysSinceEpoch < $1.daysSinceEpoch })
    }
}
