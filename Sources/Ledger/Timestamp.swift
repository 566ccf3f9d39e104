/// An RFC 3339 instant as the source wrote it, with its Unix time for ordering and periods.
public struct Timestamp: Hashable, Sendable, Comparable {
    /// Whole seconds since 1970-01-01T00:00:00Z (fractions are kept only in `text`).
    public let epochSeconds: Int64
    /// The offset the source wrote, in seconds east of UTC.
    let utcOffsetSeconds: Int
    /// The original text, kept so nothing the source said is lost.
    public let text: String

    /// An instant whose text the caller wrote to the grammar above (not checked).
    package init(epochSeconds: Int64, utcOffsetSeconds: Int, text: String) {
        self.epochSeconds = epochSeconds
        self.utcOffsetSeconds = utcOffsetSeconds
        self.text = text
    }

    /// The years an instant may fall in, both where it was written and in UTC. Every date
    /// FinanceKit, a bank or a merchant writes is well inside; outside are placeholders and
    /// hostile values (year 0, or `9999-12-31T23:59:59-14:00`, which is in the year 10000 in
    /// UTC) that no day, month or report of purse could hold.
    public static let supportedYears = 1900...9999
    /// 1900-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
    static let supportedEpochSeconds: ClosedRange<Int64> = -2_208_988_800...253_402_300_799

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil when the text is not RFC 3339 with
    /// an offset or is outside `supportedYears` (`parse(rfc3339:)` says which).
    public init?(rfc3339 text: String) {
        guard let parsed = try? Timestamp.parse(rfc3339: text) else { return nil }
        self = parsed
    }

    /// The same over UTF-8 bytes, e.g. a date still inside a line being decoded; `text` is
    /// made from the bytes unless given.
    public init?(rfc3339Bytes bytes: UnsafeRawBufferPointer, text: String? = nil) {
        guard let parsed = try? Timestamp.parse(rfc3339Bytes: bytes, text: text) else { return nil }
        self = parsed
    }

    /// `init?(rfc3339:)`, saying why the text is refused.
    public static func parse(rfc3339 text: String) throws(TimestampError) -> Timestamp {
        var bytes = text
        // `withUTF8` rethrows untyped errors: the result carries the typed one out.
        let result = bytes.withUTF8 { utf8 in
            Result { () throws(TimestampError) -> Timestamp in try parse(rfc3339Bytes: UnsafeRawBufferPointer(utf8), text: text) }
        }
        return try result.get()
    }

    /// `init?(rfc3339Bytes:text:)`, saying why the bytes are refused.
    public static func parse(rfc3339Bytes bytes: UnsafeRawBufferPointer, text: String? = nil) throws(TimestampError) -> Timestamp {
        let count = bytes.count
        guard count >= 20 else { throw .notRFC3339 }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for index in start..<(start + length) {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(year: year, month: month),
            hour <= 23, minute <= 59, second <= 60
        else { throw .notRFC3339 }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digitsStart = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                index += 1
            }
            guard index > digitsStart else { throw .notRFC3339 }
        }
        guard index < count else { throw .notRFC3339 }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == count else { throw .notRFC3339 }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == count, bytes[index + 3] == UInt8(ascii: ":"),
                let offsetHours = number(index + 1, 2), let offsetMinutes = number(index + 4, 2),
                offsetHours <= 23, offsetMinutes <= 59
            else { throw .notRFC3339 }
            offset = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            throw .notRFC3339
        }
        guard supportedYears.contains(year) else { throw .outsideSupportedYears(year: year, inUTC: false) }
        // A leap second is read as the last second of its minute.
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let local = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
        let epochSeconds = local - Int64(offset)
        guard supportedEpochSeconds.contains(epochSeconds) else {
            let utcYear = CivilDate(daysSinceEpoch: Int(epochSeconds.floorDivided(by: 86_400))).year
            throw .outsideSupportedYears(year: utcYear, inUTC: true)
        }
        return Timestamp(epochSeconds: epochSeconds, utcOffsetSeconds: offset, text: text ?? String(decoding: bytes, as: UTF8.self))
    }

    /// The instant itself when it is inside `supportedYears` both where it was written and in
    /// UTC, as every parsed one is; else the error `parse` gives. For instants made rather than
    /// parsed, such as a statement's day placed in its account's zone, which a reader must
    /// check before it takes them.
    public func checkingSupportedYears() throws(TimestampError) -> Timestamp {
        let local = epochSeconds + Int64(utcOffsetSeconds)
        guard Self.supportedEpochSeconds.contains(local) else {
            throw .outsideSupportedYears(year: CivilDate(daysSinceEpoch: Int(local.floorDivided(by: 86_400))).year, inUTC: false)
        }
        guard Self.supportedEpochSeconds.contains(epochSeconds) else {
            throw .outsideSupportedYears(year: CivilDate(daysSinceEpoch: Int(epochSeconds.floorDivided(by: 86_400))).year, inUTC: true)
        }
        return self
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.epochSeconds < rhs.epochSeconds
    }

    /// A UTC timestamp for the given Unix time, written `YYYY-MM-DDTHH:MM:SSZ`.
    public static func utc(epochSeconds: Int64) -> Timestamp {
        let days = Int(epochSeconds.floorDivided(by: 86_400))
        let secondOfDay = Int(epochSeconds - Int64(days) * 86_400)
        let date = CivilDate(daysSinceEpoch: days)
        let text =
            date.description + "T" + twoDigits(secondOfDay / 3600) + ":" + twoDigits(secondOfDay / 60 % 60)
            + ":" + twoDigits(secondOfDay % 60) + "Z"
        return Timestamp(epochSeconds: epochSeconds, utcOffsetSeconds: 0, text: text)
    }
}

func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
}

extension Int64 {
    /// Division rounding toward negative infinity, so dates before 1970 land on the right day.
    public func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
