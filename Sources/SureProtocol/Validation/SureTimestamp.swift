import Ledger

/// A timestamp of a batch read the way Sure reads it (Sure: app/models/financekit/payload.rb,
/// `timestamp!`): first the shape (a string ending in `Z` or `±HH:MM`, else `invalid_payload`),
/// then Ruby's ISO 8601 reader (`Time.iso8601`, else `invalid_timestamp`).
///
/// Ruby's reader normalises instead of refusing: it skips leading white space, reads a year of
/// any number of digits, rolls February 30 into March, reads `24:00:00` as the next midnight and
/// `:60` as the next minute, adds offset minutes of 60 or more, and carries fields across
/// midnight while it applies the offset. `instant` is exactly the instant Ruby computes, so every
/// comparison Sure makes (not after `captured_at`, not in the future) gives Sure's answer.
/// `stored` is the same instant as purse keeps it, or why purse declines to take it although
/// Sure would: not a real time (see `isWellFormed`), or outside `Timestamp.supportedYears`.
struct SureTimestamp {
    /// Why a value is not a timestamp.
    enum Failure: Error {
        /// Not a string ending in `Z` or `±HH:MM` (Sure: `invalid_payload`).
        case malformed
        /// Of the right shape, but Ruby's reader refuses it (Sure: `invalid_timestamp`).
        case unreadable
    }

    let instant: SureTime
    let stored: Result<Timestamp, TimestampError>

    var storable: Timestamp? { try? stored.get() }

    /// Years beyond this are read as this: they stay after (or before) every real capture time,
    /// which is all Sure's comparisons need of them, and the arithmetic stays within 64 bits.
    private static let farYear = 1_000_000_000

    static func read(_ text: String) throws(Failure) -> SureTimestamp {
        let bytes = Array(text.utf8)
        guard hasSureShape(bytes) else { throw .malformed }
        guard let written = WrittenTime(bytes) else { throw .unreadable }
        let fields = try rubyFields(written)
        let days = Int64(CivilDate(year: fields.year, month: fields.month, day: fields.day).daysSinceEpoch)
        let local = days * 86_400 + Int64(fields.hour * 3600 + fields.minute * 60 + fields.second)
        let instant = SureTime(epochSeconds: local, fraction: written.fraction)
        let stored = Result { () throws(TimestampError) -> Timestamp in try storable(written, bytes: bytes, instant: instant) }
        return SureTimestamp(instant: instant, stored: stored)
    }

    /// Sure's shape rule: ends in `Z`, or in `+HH:MM` / `-HH:MM` with ASCII digits.
    private static func hasSureShape(_ bytes: [UInt8]) -> Bool {
        if bytes.last == UInt8(ascii: "Z") { return true }
        let count = bytes.count
        guard count >= 6 else { return false }
        return (bytes[count - 6] == UInt8(ascii: "+") || bytes[count - 6] == UInt8(ascii: "-"))
            && isDigit(bytes[count - 5]) && isDigit(bytes[count - 4]) && bytes[count - 3] == UInt8(ascii: ":")
            && isDigit(bytes[count - 2]) && isDigit(bytes[count - 1])
    }

    // MARK: - Ruby's reading

    /// The fields as written, matched the way Ruby's `Time.xmlschema` matches them: optional
    /// leading ASCII white space, `-?\d+-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?`, the zone, optional
    /// trailing white space; `T` and `Z` in either case.
    struct WrittenTime {
        var leadingSpace = 0
        var yearDigits = 0
        var negativeYear = false
        var year = 0
        var month = 0
        var day = 0
        var hour = 0
        var minute = 0
        var second = 0
        /// The fraction's digits as written (possibly none).
        var fraction = ""
        /// Seconds east of UTC, and the offset's minutes as written (0 for `Z`).
        var offset = 0
        var offsetMinutes = 0

        init?(_ bytes: [UInt8]) {
            var index = 0
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
            func take(_ byte: UInt8) -> Bool {
                guard peek() == byte else { return false }
                index += 1
                return true
            }
            func twoDigits() -> Int? {
                guard index + 2 <= bytes.count, isDigit(bytes[index]), isDigit(bytes[index + 1]) else { return nil }
                defer { index += 2 }
                return Int(bytes[index] - 48) * 10 + Int(bytes[index + 1] - 48)
            }
            while let byte = peek(), isSpace(byte) { index += 1 }
            leadingSpace = index
            negativeYear = take(UInt8(ascii: "-"))
            while let byte = peek(), isDigit(byte) {
                year = min(year * 10 + Int(byte - 48), SureTimestamp.farYear)
                yearDigits += 1
                index += 1
            }
            guard yearDigits > 0, take(UInt8(ascii: "-")), let month = twoDigits(), take(UInt8(ascii: "-")),
                let day = twoDigits(), take(UInt8(ascii: "T")) || take(UInt8(ascii: "t")),
                let hour = twoDigits(), take(UInt8(ascii: ":")), let minute = twoDigits(), take(UInt8(ascii: ":")),
                let second = twoDigits()
            else { return nil }
            (self.month, self.day, self.hour, self.minute, self.second) = (month, day, hour, minute, second)
            if negativeYear { year = -year }
            if take(UInt8(ascii: ".")) {
                let start = index
                while let byte = peek(), isDigit(byte) { index += 1 }
                guard index > start else { return nil }
                fraction = String(decoding: bytes[start..<index], as: UTF8.self)
            }
            if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) {
                offset = 0
            } else if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                index += 1
                guard let hours = twoDigits() else { return nil }
                var minutes = 0
                let beforeMinutes = index
                _ = take(UInt8(ascii: ":"))
                if let written = twoDigits() {
                    minutes = written
                } else {
                    index = beforeMinutes
                }
                offsetMinutes = minutes
                offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes) * 60
            }
            while let byte = peek(), isSpace(byte) { index += 1 }
            guard index == bytes.count else { return nil }
        }
    }

    /// Year to second of the instant in UTC, as Ruby gets there: the offset is taken off field by
    /// field (`Time.apply_offset`, which carries into the next day but checks the month's
    /// length only then), then `Time.utc` takes the fields (rolling a day past the end of
    /// February, April, June, September or November into the next month, refusing other
    /// fields out of range). Throws `unreadable` where Ruby raises.
    private static func rubyFields(_ written: WrittenTime) throws(Failure)
        -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
    {
        var (year, month, day) = (written.year, written.month, written.day)
        var (hour, minute, second) = (written.hour, written.minute, written.second)
        var offset = written.offset
        var carry = 0
        if offset < 0 {
            offset = -offset
            (offset, carry) = floorDivide(offset, 60)
            if carry != 0 { (carry, second) = floorDivide(second + carry, 60); offset += carry }
            (offset, carry) = floorDivide(offset, 60)
            if carry != 0 { (carry, minute) = floorDivide(minute + carry, 60); offset += carry }
            (offset, carry) = floorDivide(offset, 24)
            if carry != 0 { (carry, hour) = floorDivide(hour + carry, 24); offset += carry }
            if offset != 0 {
                day += offset
                if let days = rubyMonthDays(year, month), days < day {
                    month += 1
                    if month > 12 { (month, year) = (1, year + 1) }
                    day = 1
                }
            }
        } else if offset > 0 {
            (offset, carry) = floorDivide(offset, 60)
            if carry != 0 { (carry, second) = floorDivide(second - carry, 60); offset -= carry }
            (offset, carry) = floorDivide(offset, 60)
            if carry != 0 { (carry, minute) = floorDivide(minute - carry, 60); offset -= carry }
            (offset, carry) = floorDivide(offset, 24)
            if carry != 0 { (carry, hour) = floorDivide(hour - carry, 24); offset -= carry }
            if offset != 0 {
                day -= offset
                if day < 1 {
                    month -= 1
                    if month < 1 { (month, year) = (12, year - 1) }
                    // Ruby leaves the day out (nil, read as 1) when the month has no length.
                    day = rubyMonthDays(year, month) ?? 1
                }
            }
        }
        // `Time.utc`: each field within its bit width, the day rolled past a short month's end,
        // then each field within its range (hour 24 only as 24:00:00).
        guard (1...12).contains(month), (0...31).contains(day), (0...31).contains(hour), (0...63).contains(minute),
            (0...63).contains(second)
        else { throw .unreadable }
        if month == 2 {
            let february = CivilDate.daysIn(year: year, month: 2)
            if day > february { (day, month) = (day - february, 3) }
        } else if [4, 6, 9, 11].contains(month), day == 31 {
            (day, month) = (1, month + 1)
        }
        guard day >= 1, hour <= 24, minute <= (hour == 24 ? 0 : 59), second <= (hour == 24 ? 0 : 60) else {
            throw .unreadable
        }
        // Ruby then sets the written offset on the time, which must be less than a day.
        guard abs(written.offset) < 86_400 else { throw .unreadable }
        return (year, month, day, hour, minute, second)
    }

    /// Ruby's month table looked up with the month as an array index: month 0 reads December's
    /// length (index -1), months after 12 read nothing.
    private static func rubyMonthDays(_ year: Int, _ month: Int) -> Int? {
        switch month {
        case 0: 31
        case 1...12: CivilDate.daysIn(year: year, month: month)
        default: nil
        }
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> (Int, Int) {
        let remainder = ((value % divisor) + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }

    // MARK: - What purse stores

    /// Whether the written fields name a real instant as ISO 8601 writes one: a four-digit
    /// year, a day of the month, hours 00-23 (or 24:00:00 exactly, the end of the day), minutes
    /// 00-59, seconds 00-60, an offset's minutes 00-59. Leading white space is dropped. What Ruby
    /// reads beyond that (February 30, a year of two or five digits or a negative one, offset
    /// minutes of 60 or more, other hour-24 times) purse refuses although Sure accepts it: such a
    /// date does not exist, and Ruby's instant for it depends on the offset's carries.
    private static func isWellFormed(_ written: WrittenTime) -> Bool {
        let endOfDay = written.hour == 24 && written.minute == 0 && written.second == 0 && written.fraction.allSatisfy { $0 == "0" }
        return written.yearDigits == 4 && !written.negativeYear && (1...12).contains(written.month) && written.day >= 1
            && written.day <= CivilDate.daysIn(year: written.year, month: written.month)
            && (written.hour <= 23 || endOfDay) && written.minute <= 59 && written.second <= 60 && written.offsetMinutes <= 59
    }

    /// The instant as purse keeps it: the text as written (without leading white space) when
    /// it is plain RFC 3339, else the same instant rewritten in the written offset, so that
    /// `24:00:00` and a leap second read as Sure reads them, the next day and the next minute.
    private static func storable(_ written: WrittenTime, bytes: [UInt8], instant: SureTime) throws(TimestampError) -> Timestamp {
        guard isWellFormed(written) else { throw .notRFC3339 }
        if written.hour <= 23, written.second <= 59 {
            return try Timestamp.parse(rfc3339: String(decoding: bytes[written.leadingSpace...], as: UTF8.self))
        }
        let local = instant.epochSeconds + Int64(written.offset)
        let date = CivilDate(daysSinceEpoch: Int(local.floorDivided(by: 86_400)))
        let secondOfDay = Int(local - local.floorDivided(by: 86_400) * 86_400)
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let zone = String(decoding: bytes[(bytes.last == UInt8(ascii: "Z") ? bytes.count - 1 : bytes.count - 6)...], as: UTF8.self)
        let text =
            "\(date)T\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60))"
            + (written.fraction.isEmpty ? "" : "." + written.fraction) + zone
        return try Timestamp.parse(rfc3339: text)
    }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
