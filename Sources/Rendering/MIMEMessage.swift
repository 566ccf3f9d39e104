import Foundation
import Ledger

/// A small MIME writer (RFC 5322, 2045-2047, 2183): headers, quoted-printable, base64,
/// multipart bodies and RFC 2047 encoded words. Output lines stay within 76 octets except
/// headers that cannot be folded, which stay within 998.
enum MIMEMessage {
    indirect enum Part {
        /// A text body: quoted-printable when it needs encoding, 7bit when it is plain ASCII with short lines.
        case text(subtype: String, text: String, filename: String?)
        /// Any bytes as base64, optionally an attachment with a file name.
        case binary(contentType: String, bytes: [UInt8], filename: String?)
        case multipart(subtype: String, parts: [Part])
    }

    /// The whole message: `headers` (name, value; values are encoded as needed) then the body.
    /// `lineEnding` is "\n" for `sendmail -t -oi` (the local convention) or "\r\n" for the wire.
    static func render(headers: [(String, String)], body: Part, lineEnding: String = "\n") -> String {
        var lines: [String] = []
        for (name, value) in headers { lines += header(name, value) }
        lines.append("MIME-Version: 1.0")
        // The boundaries depend only on the content, so the same report gives the same message.
        var seed = StableHash()
        for (name, value) in headers { addLine(name + ":" + value, to: &seed) }
        lines += partLines(body, seed: seed, path: "1")
        return lines.joined(separator: lineEnding) + lineEnding
    }

    static func partLines(_ part: Part, seed: StableHash, path: String) -> [String] {
        switch part {
        case .text(let subtype, let text, let filename):
            let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
            // A bare CR is a line end to some transports, so it is escaped like the other controls.
            let plain =
                normalized.utf8.allSatisfy { ($0 >= 0x20 && $0 < 0x80) || $0 == 0x09 || $0 == 0x0A }
                && normalized.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy {
                    $0.utf8.count <= 76 && !startsUnsafeLine(ArraySlice($0.utf8)) && !$0.hasSuffix(" ") && !$0.hasSuffix("\t")
                }
            var lines = ["Content-Type: text/\(subtype); charset=utf-8"]
            lines.append("Content-Transfer-Encoding: " + (plain ? "7bit" : "quoted-printable"))
            if let filename { lines += disposition(filename) }
            lines.append("")
            let body = plain ? normalized : quotedPrintable(normalized)
            // A text ending in a line break keeps it: the line break before a boundary belongs
            // to the boundary (RFC 2046 5.1.1), so the body's own needs a line of its own.
            return lines + body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .binary(let contentType, let bytes, let filename):
            var lines = ["Content-Type: " + contentType + (filename.map { "; name=" + parameter($0) } ?? "")]
            lines.append("Content-Transfer-Encoding: base64")
            if let filename { lines += disposition(filename) }
            lines.append("")
            return lines + base64Lines(bytes)
        case .multipart(let subtype, let parts):
            let rendered = parts.enumerated().map { index, part in partLines(part, seed: seed, path: path + ".\(index + 1)") }
            var hash = seed
            addLine(path, to: &hash)
            for lines in rendered { for line in lines { addLine(line, to: &hash) } }
            let boundary = "=_purse_" + path.replacingOccurrences(of: ".", with: "_") + "_" + hash.hex
            var lines = [
                "Content-Type: multipart/\(subtype); boundary=\"\(boundary)\"", "",
                "This is a multi-part message in MIME format.",
            ]
            for part in rendered {
                lines.append("--" + boundary)
                lines += part
            }
            lines.append("--" + boundary + "--")
            return lines
        }
    }

    static func disposition(_ filename: String) -> [String] {
        ["Content-Disposition: attachment; filename=" + parameter(filename)]
    }

    /// A quoted parameter value; only ASCII file names are written (others are replaced).
    static func parameter(_ value: String) -> String {
        let safe = String(
            value.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" ? Character($0) : "_" })
        return "\"" + safe + "\""
    }

    // MARK: - Headers

    /// One header, folded. A value with non-ASCII characters (or that would not fit) becomes
    /// RFC 2047 encoded words (UTF-8, base64), each at most 75 characters, one per line.
    /// Address headers keep their address readable: only the display name is encoded.
    static func header(_ name: String, _ value: String) -> [String] {
        let clean = value.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        if ["From", "To", "Cc", "Reply-To", "Sender"].contains(name), let open = clean.lastIndex(of: "<") {
            let display = clean[..<open].trimmingCharacters(in: .whitespaces)
            let address = String(clean[open...])
            if display.isEmpty { return [name + ": " + address] }
            let phrase = display.utf8.allSatisfy({ $0 < 0x80 }) ? quotedPhrase(display) : encodedWords(display).joined(separator: " ")
            return fold(name + ": " + phrase + " " + address)
        }
        if clean.utf8.allSatisfy({ $0 < 0x80 }) { return fold(name + ": " + clean) }
        let words = encodedWords(clean)
        return [name + ": " + words[0]] + words.dropFirst().map { " " + $0 }
    }

    static func quotedPhrase(_ text: String) -> String {
        let plainPhrase = text.unicodeScalars.allSatisfy { Self.atext.contains($0) || $0 == " " }
        return plainPhrase
            ? text : "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Folds an ASCII header at spaces so lines stay within 78 characters where possible.
    static func fold(_ line: String) -> [String] {
        guard line.utf8.count > 78 else { return [line] }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, current.utf8.count + 1 + word.utf8.count > 78 {
                lines.append(current)
                current = " " + word
            } else {
                current += (current.isEmpty ? "" : " ") + word
            }
        }
        lines.append(current)
        return lines
    }

    /// `=?UTF-8?B?...?=` words of at most 75 characters, never splitting a character.
    static func encodedWords(_ text: String) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        // 75 - "=?UTF-8?B?".count - "?=".count = 63 base64 characters: 45 bytes.
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45 {
                words.append("=?UTF-8?B?" + base64(chunk) + "?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append("=?UTF-8?B?" + base64(chunk) + "?=") }
        return words
    }

    // MARK: - Encodings

    static let atext: Set<Unicode.Scalar> = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-/=?^_`{|}~".unicodeScalars)

    static let hexDigits = Array("0123456789ABCDEF")

    /// Quoted-printable (RFC 2045 6.7) of UTF-8 text with LF line ends: lines of at most 76
    /// characters with soft breaks, `=`, non-ASCII and controls escaped, trailing white space
    /// escaped. No output line starts with `.` or `From `, soft breaks included: a lone `.` ends
    /// the message for `sendmail -t` without `-oi`, and mbox writers mangle `From `.
    static func quotedPrintable(_ text: String) -> String {
        var output: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let bytes = Array(line.utf8)
            var current = ""
            for (index, byte) in bytes.enumerated() {
                let isLast = index == bytes.count - 1
                let escape =
                    byte == UInt8(ascii: "=") || byte >= 0x80 || (byte < 0x20 && byte != 0x09)
                    || (isLast && (byte == 0x20 || byte == 0x09))
                var token = escape ? hexEscape(byte) : String(UnicodeScalar(byte))
                if current.utf8.count + token.utf8.count > 75 {
                    output.append(current + "=")
                    current = ""
                }
                if current.isEmpty, !escape, startsUnsafeLine(bytes[index...]) { token = hexEscape(byte) }
                current += token
            }
            output.append(current)
        }
        return output.joined(separator: "\n")
    }

    static func hexEscape(_ byte: UInt8) -> String {
        "=" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0x0F)])
    }

    /// Whether a line starting with these bytes would start with `.` or `From `.
    static func startsUnsafeLine(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.first == UInt8(ascii: ".") || bytes.starts(with: "From ".utf8)
    }

    static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func base64(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = bytes[index]
            let b1 = index + 1 < bytes.count ? bytes[index + 1] : 0
            let b2 = index + 2 < bytes.count ? bytes[index + 2] : 0
            output.append(base64Alphabet[Int(b0 >> 2)])
            output.append(base64Alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            output.append(index + 1 < bytes.count ? base64Alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            output.append(index + 2 < bytes.count ? base64Alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Base64 in lines of 76 characters.
    static func base64Lines(_ bytes: [UInt8]) -> [String] {
        let text = Array(base64(bytes))
        return stride(from: 0, to: text.count, by: 76).map { String(text[$0..<min($0 + 76, text.count)]) }
    }

    /// A line fed to the boundary's hash: its text and a line end, so that lines stay apart.
    static func addLine(_ line: String, to hash: inout StableHash) {
        hash.add(line)
        hash.add("\n")
    }
}
