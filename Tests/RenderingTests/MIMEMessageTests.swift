import PurseTestSupport
import Testing

@testable import Rendering

/// What `sendmail -t` (without `-oi`) and mbox writers do to a line that is `.` alone or starts
/// with `.` or `From ` must never happen to a message purse writes: quoted-printable escapes
/// such a line start wherever it falls, at a line's start or right after a soft line break.
@Suite("MIME message")
struct MIMEMessageTests {
    /// Merchant names that look like the end of a message or an mbox separator.
    static let adversarialNames = [".", "..", "...", ".hidden", "From here", "From ", "From", ". From .", "x.", "=2E"]

    /// Decodes quoted-printable with the test's own reader.
    static func decode(_ encoded: String) throws -> String {
        try MIMEEntity("Content-Transfer-Encoding: quoted-printable\n\n" + encoded).decodedText()
    }

    @Test("no encoded line starts with . or From , whatever column the name reaches", arguments: adversarialNames)
    func quotedPrintableLineStarts(name: String) throws {
        // Every prefix width up to past the first soft break, in ASCII (1 column per byte) and in
        // non-ASCII (an escaped byte takes 3 columns), so the name meets each break position.
        for filler in ["a", "é", "a=", "€ "] {
            for count in 0...80 {
                let line = String(repeating: filler, count: count) + name + " tail"
                let encoded = MIMEMessage.quotedPrintable(line + "\n" + name + "\n" + line)
                #expect(MIMEEntity.transportUnsafeLines(encoded) == [], "\(filler) x \(count) + \(name)")
                for encodedLine in encoded.split(separator: "\n") {
                    #expect(encodedLine.utf8.count <= 76, "too long: \(encodedLine)")
                }
                #expect(try Self.decode(encoded) == line + "\n" + name + "\n" + line)
            }
        }
    }

    @Test("a line of dots longer than a line breaks into lines that never start with a dot")
    func longRunOfDots() throws {
        let dots = String(repeating: ".", count: 400)
        let encoded = MIMEMessage.quotedPrintable(dots)
        #expect(MIMEEntity.transportUnsafeLines(encoded) == [])
        #expect(try Self.decode(encoded) == dots)
    }

    @Test(
        "a plain ASCII text with a dangerous line is sent quoted-printable, not 7bit",
        arguments: [
            "Top merchants\n.\nthe end\n", "..\n", ".hidden\n", "From here\n", "a\r.b\n", "a\rFrom b\n",
        ])
    func plainTextFallsBackToQuotedPrintable(text: String) throws {
        let message = MIMEMessage.render(
            headers: [("From", "purse <p@example.com>"), ("To", "a@example.com"), ("Subject", "From here")],
            body: .text(subtype: "plain", text: text, filename: nil))
        #expect(message.contains("Content-Transfer-Encoding: quoted-printable\n"))
        #expect(MIMEEntity.transportUnsafeLines(message) == [])
        // The message's own final line end follows the body.
        #expect(try MIMEEntity(message).decodedText() == text + "\n")
    }

    @Test("a whole message with dangerous names in every part has no dangerous line")
    func wholeMessage() throws {
        let names = Self.adversarialNames.joined(separator: "\n")
        let long = Self.adversarialNames.map { String(repeating: "x", count: 70) + $0 }.joined(separator: " ")
        let text = names + "\n" + long + "\n"
        let html = "<p>" + Self.adversarialNames.joined(separator: "</p>\n<p>") + "</p>" + long + "\n"
        let csv = "merchant\n" + names + "\n"
        let message = MIMEMessage.render(
            headers: [("From", "From here <from@example.com>"), ("To", ". <dot@example.com>"), ("Subject", ". " + long)],
            body: .multipart(
                subtype: "mixed",
                parts: [
                    .multipart(
                        subtype: "alternative",
                        parts: [
                            .text(subtype: "plain", text: text, filename: nil),
                            .text(subtype: "html", text: html, filename: nil),
                        ]),
                    .binary(contentType: "text/csv; charset=utf-8", bytes: Array(csv.utf8), filename: ".csv"),
                ]))
        #expect(MIMEEntity.transportUnsafeLines(message) == [])
        let entity = try MIMEEntity(message)
        let alternative = try #require(entity.parts.first)
        #expect(try alternative.parts[0].decodedText() == text)
        #expect(try alternative.parts[1].decodedText() == html)
        #expect(try entity.parts[1].decodedText() == csv)
    }
}
