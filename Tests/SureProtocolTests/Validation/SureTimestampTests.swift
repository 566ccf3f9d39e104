import Testing

@testable import SureProtocol

/// Timestamps read as Sure's `timestamp!` reads them: the shape, then Ruby's `Time.iso8601`
/// with all its normalising, and what purse stores. The instants were computed by Ruby (3.1,
/// whose `Time.iso8601` is the one Sure's Ruby ships) for these very strings.
@Suite("Sure timestamps (Sure: app/models/financekit/payload.rb, timestamp!)")
struct SureTimestampTests {
    enum Expected: Sendable {
        /// Not a string ending in Z or ±HH:MM: Sure's `invalid_payload`.
        case malformed
        /// Ruby's reader raises: Sure's `invalid_timestamp`.
        case unreadable
        /// Ruby's instant (Unix seconds and fraction digits), and the text purse stores it as (nil:
        /// purse refuses it although Sure accepts it).
        case instant(Int64, String, stored: String?)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: Expected
        var testDescription: String { text.debugDescription }
        init(_ text: String, _ expected: Expected) {
            self.text = text
            self.expected = expected
        }
    }

    static let cases: [Case] = [
        Case("2026-09-01T06:00:00Z", .instant(1_788_242_400, "", stored: "2026-09-01T06:00:00Z")),
        Case(
            "2026-09-01T06:00:00.123456789+02:00",
            .instant(1_788_235_200, "123456789", stored: "2026-09-01T06:00:00.123456789+02:00")),
        Case("2026-09-01t06:00:00Z", .instant(1_788_242_400, "", stored: "2026-09-01t06:00:00Z")),
        // Leading white space is skipped.
        Case(" 2026-09-01T06:00:00Z", .instant(1_788_242_400, "", stored: "2026-09-01T06:00:00Z")),
        Case("\n\t2026-09-01T06:00:00-05:00", .instant(1_788_260_400, "", stored: "2026-09-01T06:00:00-05:00")),
        // 24:00:00 is the next midnight; a leap second the next minute.
        Case("2026-09-01T24:00:00Z", .instant(1_788_307_200, "", stored: "2026-09-02T00:00:00Z")),
        Case("2026-09-30T24:00:00-01:00", .instant(1_790_816_400, "", stored: "2026-10-01T00:00:00-01:00")),
        Case("2026-12-31T23:59:60Z", .instant(1_798_761_600, "", stored: "2027-01-01T00:00:00Z")),
        Case("2026-09-01T06:30:60.25+05:30", .instant(1_788_224_460, "25", stored: "2026-09-01T06:31:00.25+05:30")),
        Case("2024-02-29T00:00:00Z", .instant(1_709_164_800, "", stored: "2024-02-29T00:00:00Z")),
        Case("1900-01-01T00:00:00Z", .instant(-2_208_988_800, "", stored: "1900-01-01T00:00:00Z")),
        Case("0000-01-01T00:00:00Z", .instant(-62_167_219_200, "", stored: nil)),  // before 1900
        Case("1900-01-01T00:00:00+00:01", .instant(-2_208_988_860, "", stored: nil)),  // 1899 in UTC
        Case("2026-09-01T06:00:00+23:59", .instant(1_788_156_060, "", stored: "2026-09-01T06:00:00+23:59")),
        // What Ruby makes of times that do not exist: purse refuses them.
        Case("2026-09-01T24:00:00.5Z", .instant(1_788_307_200, "5", stored: nil)),
        Case("2026-09-01T24:00:01+01:00", .instant(1_788_303_601, "", stored: nil)),
        Case("2026-02-29T00:00:00Z", .instant(1_772_323_200, "", stored: nil)),
        Case("2026-02-30T00:00:00Z", .instant(1_772_409_600, "", stored: nil)),
        Case("2026-02-30T23:00:00-02:00", .instant(1_772_326_800, "", stored: nil)),  // March 1, not 3: the carry checks February
        Case("2026-04-31T00:00:00Z", .instant(1_777_593_600, "", stored: nil)),
        Case("2026-00-01T00:30:00+01:00", .instant(1_767_223_800, "", stored: nil)),  // month 0, carried back into December
        Case("2026-13-01T00:30:00+01:00", .instant(1_798_759_800, "", stored: nil)),
        Case("2026-01-00T23:00:00-02:00", .instant(1_767_229_200, "", stored: nil)),
        Case("2026-09-01T99:00:00+01:00", .instant(1_788_573_600, "", stored: nil)),
        Case("2026-09-01T06:75:00+05:30", .instant(1_788_227_100, "", stored: nil)),
        Case("2026-09-01T06:00:00+05:60", .instant(1_788_220_800, "", stored: nil)),
        Case("2026-09-01T06:00:00-05:99", .instant(1_788_266_340, "", stored: nil)),
        Case("26-09-01T06:00:00Z", .instant(-61_325_661_600, "", stored: nil)),
        Case("02026-09-01T06:00:00Z", .instant(1_788_242_400, "", stored: nil)),
        Case("-0001-01-01T00:00:00Z", .instant(-62_198_755_200, "", stored: nil)),
        Case("12026-09-01T06:00:00Z", .instant(317_357_762_400, "", stored: nil)),
        // Ruby refuses these.
        Case("2026-09-01T24:00:01Z", .unreadable),
        Case("2026-13-01T00:00:00Z", .unreadable),
        Case("2026-01-00T00:00:00Z", .unreadable),
        Case("2026-09-01T99:00:00Z", .unreadable),
        Case("2026-09-01T06:75:00Z", .unreadable),
        Case("2026-09-01T06:00:00+23:60", .unreadable),
        Case("2026-09-01T06:00:00-24:00", .unreadable),
        Case("+2026-09-01T06:00:00Z", .unreadable),
        Case("2026-09-01T06:00:00.Z", .unreadable),
        Case("2026-09-01T06:00:00,5Z", .unreadable),
        Case("2026-09-01 06:00:00Z", .unreadable),
        Case("\u{A0}2026-09-01T06:00:00Z", .unreadable),  // Ruby's white space is ASCII only
        // Not Sure's shape.
        Case("2026-09-01T06:00:00+0530", .malformed),
        Case("2026-09-01T06:00:00z", .malformed),
        Case("2026-09-01T06:00:00Z ", .malformed),
        Case("", .malformed),
        Case("2026-09-01T06:00:00+01", .malformed),
        Case("2026-09-01T06:00:00+\u{665}\u{665}:00", .malformed),  // Arabic-Indic digits are not \d
    ]

    @Test("Ruby's instant, Sure's code, purse's stored text", arguments: cases)
    func reading(example: Case) {
        let result = Result { () throws(SureTimestamp.Failure) -> SureTimestamp in try SureTimestamp.read(example.text) }
        switch (result, example.expected) {
        case (.failure(.malformed), .malformed), (.failure(.unreadable), .unreadable):
            break
        case (.success(let read), .instant(let seconds, let fraction, let stored)):
            #expect(read.instant == SureTime(epochSeconds: seconds, fraction: fraction))
            #expect(read.storable?.text == stored)
            if let storable = read.storable { #expect(SureTime(storable) == read.instant) }
        case (let got, _):
            Issue.record("\(example.text.debugDescription): \(got)")
        }
    }

    @Test("purse declines a real time outside the years 1900 to 9999 for that reason, an unreal one as not RFC 3339")
    func declinedReasons() throws {
        #expect(try SureTimestamp.read("0000-01-01T00:00:00+14:00").stored == .failure(.outsideSupportedYears(year: 0, inUTC: false)))
        #expect(try SureTimestamp.read("9999-12-31T23:59:59-14:00").stored == .failure(.outsideSupportedYears(year: 10000, inUTC: true)))
        #expect(try SureTimestamp.read("2026-02-30T00:00:00Z").stored == .failure(.notRFC3339))
    }

    @Test("fractions compare exactly, however many digits they have")
    func fractionOrder() {
        let half = SureTime(epochSeconds: 10, fraction: "5")
        #expect(SureTime(epochSeconds: 10, fraction: "50000") == half)
        #expect(SureTime(epochSeconds: 10, fraction: "4999999999999") < half)
        #expect(half < SureTime(epochSeconds: 10, fraction: "5000000000001"))
        #expect(SureTime(epochSeconds: 10, fraction: "05") < half)
        #expect(SureTime(epochSeconds: 10, fraction: "9") < SureTime(epochSeconds: 11, fraction: ""))
    }
}
