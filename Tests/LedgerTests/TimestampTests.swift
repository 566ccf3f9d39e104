import Foundation
import Testing

@testable import Ledger

/// RFC 3339 instants with an offset, as the Wallet export writes them.
@Suite("Timestamp: RFC 3339 with an offset")
struct TimestampTests {
    @Test(
        "valid text gives the right Unix time and offset",
        arguments: [
            ("1970-01-01T00:00:00Z", Int64(0), 0),
            ("2009-02-13T23:31:30Z", 1_234_567_890, 0),
            ("2038-01-19T03:14:08Z", 2_147_483_648, 0),
            ("2026-10-03T12:34:56-04:00", 1_791_045_296, -14_400),
            ("2026-10-03T16:34:56Z", 1_791_045_296, 0),
            ("2026-10-03T17:34:56+01:00", 1_791_045_296, 3_600),
            ("2026-10-03T16:34:56+00:00", 1_791_045_296, 0),
            ("2026-10-03T16:34:56-00:00", 1_791_045_296, 0),
            ("2026-01-01T00:30:00+01:00", 1_767_223_800, 3_600),  // previous UTC day and year
            ("2024-02-29T12:00:00+05:30", 1_709_188_200, 19_800),  // leap day, half-hour offset
            ("2026-10-03T22:19:56+05:45", 1_791_045_296, 20_700),  // Nepal
            ("2026-10-03T02:34:56-14:00", 1_791_045_296, -50_400),
            ("1969-12-31T23:59:59Z", -1, 0),
            ("1900-01-01T00:00:00Z", -2_208_988_800, 0),
            ("9999-12-31T23:59:59Z", 253_402_300_799, 0),
            ("2016-12-31T23:59:60Z", 1_483_228_799, 0),  // leap second: last second of its minute
            ("2026-10-03t16:34:56z", 1_791_045_296, 0),  // RFC 3339 allows lower case t and z
        ])
    func parses(text: String, epochSeconds: Int64, offset: Int) throws {
        let timestamp = try #require(Timestamp(rfc3339: text))
        #expect(timestamp.epochSeconds == epochSeconds)
        #expect(timestamp.utcOffsetSeconds == offset)
        #expect(timestamp.text == text)
    }

    @Test(
        "fractions of a second are kept in the text, whole seconds in the epoch",
        arguments: [
            ("2026-10-03T12:34:56.789-04:00", Int64(1_791_045_296)),
            ("2026-10-03T12:34:56.5-04:00", 1_791_045_296),
            ("2026-10-03T16:34:56.000000001Z", 1_791_045_296),
            ("2026-10-03T16:34:56.999999999999Z", 1_791_045_296),
            ("1969-12-31T23:59:59.999Z", -1),  // floor, not toward zero
        ])
    func fractions(text: String, epochSeconds: Int64) throws {
        let timestamp = try #require(Timestamp(rfc3339: text))
        #expect(timestamp.epochSeconds == epochSeconds)
        #expect(timestamp.text == text)
    }

    @Test(
        "invalid days, times and offsets are refused",
        arguments: [
            "2026-02-30T00:00:00Z",  // no such day
            "2026-02-29T00:00:00Z",  // 2026 is not a leap year
            "1900-02-29T00:00:00Z",  // century, not a leap year
            "2026-04-31T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-00-10T00:00:00Z",
            "2026-01-00T00:00:00Z",
            "2026-01-32T00:00:00Z",
            "2026-01-01T24:00:00Z",
            "2026-01-01T23:60:00Z",
            "2026-01-01T23:59:61Z",
            "2026-10-03T12:34:56+24:00",
            "2026-10-03T12:34:56+01:60",
        ])
    func refusesInvalidValues(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test(
        "text without an offset, or not in RFC 3339 form, is refused",
        arguments: [
            "2026-10-03T12:34:56",  // no offset: a local time, ambiguous
            "2026-10-03T12:34:56.123",  // fraction, still no offset
            "2026-10-03T12:34:56.",
            "2026-10-03T12:34:56.Z",  // empty fraction
            "2026-10-03",
            "2026-10-03T12:34Z",
            "2026-10-03T12:34:56+0100",
            "2026-10-03T12:34:56+01",
            "2026-10-03T12:34:56+1:00",
            "2026-10-03T12:34:56ZZ",
            "2026-10-03T12:34:56Z ",
            " 2026-10-03T12:34:56Z",
            "2026-10-03T12:34:56+01:00Z",
            "2026-10-03T12:34:56 +01:00",
            "2026-10-03T12:34:56\u{2212}04:00",  // Unicode minus sign
            "2026-10-03X12:34:56Z",
            "2026/10/03T12:34:56Z",
            "26-10-03T12:34:56Z",
            "+2026-10-03T12:34:56Z",
            "2026-1a-03T12:34:56Z",
            "2026-10-03T12:34:56EST",
            "",
            "Z",
        ])
    func refusesMalformed(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test(
        "an instant whose local or UTC year is outside 1900...9999 is refused, saying which year",
        arguments: [
            ("0000-01-01T00:00:00+14:00", 0, false),
            ("0001-01-01T00:00:00Z", 1, false),
            ("1600-03-01T00:00:00Z", 1600, false),
            ("1899-12-31T23:59:59Z", 1899, false),
            ("1899-12-31T23:00:00-14:00", 1899, false),  // 1900 in UTC, 1899 where it was written
            ("1900-01-01T00:00:00+00:01", 1899, true),
            ("1900-01-01T13:59:59+14:00", 1899, true),
            ("9999-12-31T23:59:59-14:00", 10000, true),
            ("9999-12-31T10:00:00-14:00", 10000, true),
            ("9999-12-31T23:59:60-00:01", 10000, true),
        ])
    func refusesYearsOutsideTheRange(text: String, year: Int, inUTC: Bool) {
        #expect(Timestamp(rfc3339: text) == nil)
        #expect(throws: TimestampError.outsideSupportedYears(year: year, inUTC: inUTC)) { try Timestamp.parse(rfc3339: text) }
        var bytes = text
        let fromBytes = bytes.withUTF8 { Timestamp(rfc3339Bytes: UnsafeRawBufferPointer($0)) }
        #expect(fromBytes == nil)
    }

    @Test(
        "the first and last instants of the range are taken, in any offset that keeps both years inside",
        arguments: [
            "1900-01-01T00:00:00Z", "1900-01-01T00:00:00-14:00", "1900-01-01T14:00:00+14:00", "9999-12-31T23:59:59Z",
            "9999-12-31T23:59:59+14:00", "9999-12-31T09:59:59-14:00", "9999-12-31T23:59:60Z",
        ])
    func takesTheEdgesOfTheRange(text: String) throws {
        let timestamp = try Timestamp.parse(rfc3339: text)
        #expect(try timestamp.checkingSupportedYears() == timestamp)
    }

    @Test("a malformed text is not RFC 3339, whatever its year; the message names the text and the range")
    func messages() {
        #expect(throws: TimestampError.notRFC3339) { try Timestamp.parse(rfc3339: "0000-13-01T00:00:00Z") }
        #expect(
            TimestampError.outsideSupportedYears(year: 10000, inUTC: true).message(for: "9999-12-31T23:59:59-14:00")
                == "'9999-12-31T23:59:59-14:00' is in the year 10000 in UTC; purse takes instants from the years 1900 to 9999 only, local and UTC"
        )
        #expect(
            TimestampError.outsideSupportedYears(year: 0, inUTC: false).message(for: "0000-01-01T00:00:00+14:00")
                == "'0000-01-01T00:00:00+14:00' is in the year 0; purse takes instants from the years 1900 to 9999 only, local and UTC")
    }

    @Test("an instant made, not parsed (a statement's day in its zone), outside the range says so; its text keeps the day and offset")
    func madeInstants() throws {
        let zone = try #require(ReportTimeZone(secondsEastOfUTC: 14 * 3600, name: "UTC+14"))
        let early = zone.localInstant(CivilDate(year: 1900, month: 1, day: 1), hour: 12)
        #expect(early.text == "1900-01-01T12:00:00+14:00")
        // 1899-12-31T22:00:00Z
        #expect(throws: TimestampError.outsideSupportedYears(year: 1899, inUTC: true)) { try early.checkingSupportedYears() }
        let fine = zone.localInstant(CivilDate(year: 1900, month: 1, day: 2), hour: 12)
        #expect(try fine.checkingSupportedYears() == Timestamp(rfc3339: "1900-01-02T12:00:00+14:00"))
        let west = try #require(ReportTimeZone(secondsEastOfUTC: -14 * 3600, name: "UTC-14"))
        let late = west.localInstant(CivilDate(year: 9999, month: 12, day: 31), hour: 23, minute: 59)
        #expect(throws: TimestampError.outsideSupportedYears(year: 10000, inUTC: true)) { try late.checkingSupportedYears() }
        let zero = zone.localInstant(CivilDate(year: 0, month: 1, day: 1), hour: 12)
        #expect(throws: TimestampError.outsideSupportedYears(year: 0, inUTC: false)) { try zero.checkingSupportedYears() }
        #expect(throws: TimestampError.outsideSupportedYears(year: 10000, inUTC: false)) {
            try Timestamp.utc(epochSeconds: 253_402_300_800).checkingSupportedYears()
        }
    }

    @Test("the same instant written with different offsets orders as equal")
    func orderingByInstant() throws {
        let newYork = try #require(Timestamp(rfc3339: "2026-10-03T12:00:00-04:00"))
        let london = try #require(Timestamp(rfc3339: "2026-10-03T17:00:00+01:00"))
        #expect(newYork.epochSeconds == london.epochSeconds)
        #expect(!(newYork < london))
        #expect(!(london < newYork))
        // The later text can be the earlier instant.
        let lateEvening = try #require(Timestamp(rfc3339: "2026-10-03T23:30:00-04:00"))  // 03:30Z on the 4th
        let earlyMorning = try #require(Timestamp(rfc3339: "2026-10-04T01:00:00+02:00"))  // 23:00Z on the 3rd
        #expect(earlyMorning < lateEvening)
        #expect([lateEvening, earlyMorning].sorted() == [earlyMorning, lateEvening])
    }

    @Test(
        "utc(epochSeconds:) writes YYYY-MM-DDTHH:MM:SSZ",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00Z"),
            (-1, "1969-12-31T23:59:59Z"),
            (-86_400, "1969-12-31T00:00:00Z"),
            (-86_401, "1969-12-30T23:59:59Z"),
            (1_234_567_890, "2009-02-13T23:31:30Z"),
            (1_791_045_296, "2026-10-03T16:34:56Z"),
            (1_709_164_800, "2024-02-29T00:00:00Z"),
            (-2_208_988_800, "1900-01-01T00:00:00Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"),
        ])
    func utcText(epochSeconds: Int64, text: String) {
        let timestamp = Timestamp.utc(epochSeconds: epochSeconds)
        #expect(timestamp.text == text)
        #expect(timestamp.epochSeconds == epochSeconds)
        #expect(timestamp.utcOffsetSeconds == 0)
    }

    @Test("utc text parses back to the same instant, before and after 1970")
    func utcRoundTrip() throws {
        for epochSeconds in stride(from: Int64(-2_208_988_800), through: 12_000_000_000, by: 7_777_777) {
            let written = Timestamp.utc(epochSeconds: epochSeconds)
            let read = try #require(Timestamp(rfc3339: written.text), "\(written.text)")
            #expect(read.epochSeconds == epochSeconds, "\(written.text)")
        }
    }

    @Test("agrees with Foundation's ISO 8601 parser on offsets")
    func agreesWithFoundation() throws {
        let formatter = ISO8601DateFormatter()
        for text in [
            "2026-03-08T01:59:59-05:00", "2026-03-08T03:00:00-04:00", "2026-10-25T01:30:00+01:00",
            "2026-10-25T01:30:00+00:00", "1999-12-31T23:59:59+14:00", "2000-01-01T00:00:00-12:00",
        ] {
            let ours = try #require(Timestamp(rfc3339: text))
            let theirs = try #require(formatter.date(from: text))
            #expect(ours.epochSeconds == Int64(theirs.timeIntervalSince1970), "\(text)")
        }
    }

    @Test(
        "floorDivided rounds toward negative infinity",
        arguments: [
            (Int64(7), Int64(2), Int64(3)), (-7, 2, -4), (7, -2, -4), (-7, -2, 3), (-8, 2, -4), (0, 5, 0),
            (-1, 86_400, -1), (-86_400, 86_400, -1), (-86_401, 86_400, -2), (86_399, 86_400, 0),
        ])
    func floorDivision(value: Int64, divisor: Int64, quotient: Int64) {
        #expect(value.floorDivided(by: divisor) == quotient)
    }
}
