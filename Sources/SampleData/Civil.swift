import Ledger

/// Civil dates as day numbers since 1970-01-01, the generator's unit of time; the arithmetic is
/// `CivilDate`'s.
enum Civil {
    static func day(_ year: Int, _ month: Int, _ day: Int) -> Int { CivilDate(year: year, month: month, day: day).daysSinceEpoch }

    static func date(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let date = CivilDate(daysSinceEpoch: dayNumber)
        return (date.year, date.month, date.day)
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int { CivilDate.daysIn(year: year, month: month) }

    /// 0 = Sunday ... 6 = Saturday.
    static func weekday(_ dayNumber: Int) -> Int { ((dayNumber % 7) + 11) % 7 }

    static func nthSunday(_ year: Int, _ month: Int, _ n: Int) -> Int {
        let first = day(year, month, 1)
        return first + (7 - weekday(first)) % 7 + 7 * (n - 1)
    }

    static func lastSunday(_ year: Int, _ month: Int) -> Int {
        let last = day(year, month, daysInMonth(year, month))
        return last - weekday(last)
    }
}
