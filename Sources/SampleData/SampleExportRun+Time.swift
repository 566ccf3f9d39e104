extension SampleExportRun {
    /// RFC 3339 local time with the zone's offset: `2026-10-03T12:34:56-04:00`.
    func appendLocal(_ zone: SampleZone, day: Int, seconds: Int, to bytes: inout [UInt8]) {
        SampleFormat.appendDate(day, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        SampleFormat.appendTime(seconds, to: &bytes)
        let offset = offsetMinutes(zone, day: day, seconds: seconds)
        bytes.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        SampleFormat.appendPadded(abs(offset) / 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        SampleFormat.appendPadded(abs(offset) % 60, width: 2, to: &bytes)
    }

    /// UTC offset in minutes of a local wall-clock time. US Eastern: daylight time from the
    /// second Sunday of March 02:00 to the first Sunday of November 02:00. UK: summer time from
    /// the last Sunday of March 01:00 to the last Sunday of October 02:00.
    func offsetMinutes(_ zone: SampleZone, day: Int, seconds: Int) -> Int {
        let year = Civil.date(day).year
        switch zone {
        case .newYork:
            if year != newYorkYear {
                newYorkYear = year
                newYorkStart = Civil.nthSunday(year, 3, 2)
                newYorkEnd = Civil.nthSunday(year, 11, 1)
            }
            let afterStart = day > newYorkStart || (day == newYorkStart && seconds >= 2 * 3600)
            let beforeEnd = day < newYorkEnd || (day == newYorkEnd && seconds < 2 * 3600)
            return afterStart && beforeEnd ? -240 : -300
        case .london:
            if year != londonYear {
                londonYear = year
                londonStart = Civil.lastSunday(year, 3)
                londonEnd = Civil.lastSunday(year, 10)
            }
            let afterStart = day > londonStart || (day == londonStart && seconds >= 3600)
            let beforeEnd = day < londonEnd || (day == londonEnd && seconds < 2 * 3600)
            return afterStart && beforeEnd ? 60 : 0
        }
    }
}
