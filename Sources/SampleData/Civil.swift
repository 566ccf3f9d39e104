/// Proleptic Gregorian civil dates as day numbers since 1970-01-01 (H. Hinnant's algorithms).
enum Civil {
    static func day(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func date(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        let next = month == 12 ? day(year + 1, 1, 1) : day(year, month + 1, 1)
        return next - day(year, month, 1)
    }

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
