import Foundation

/// A small, strict reader of MIME messages for tests: headers (unfolded), multipart bodies
/// split at their boundaries, quoted-printable and base64 decoded. It checks what a mail
/// parser relies on and fails loudly instead of guessing.
public struct MIMEEntity {
    public enum ParseError: Error, CustomStringConvertible {
        case malformed(String)
        public var description: String {
            switch self {
            case .malformed(let text): "malformed MIME: \(text)"
            }
        }
    }

    public let headers: [(name: String, value: String)]
    /// The raw body (still encoded), lines joined with LF.
    public let rawBody: String
    public let parts: [MIMEEntity]

    public init(_ message: String) throws {
        let text = message.replacingOccurrences(of: "\r\n", with: "\n")
        guard let split = text.range(of: "\n\n") else { throw ParseError.malformed("no blank line after the headers") }
        var headers: [(String, String)] = []
        for line in text[..<split.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.first == " " || line.first == "\t" {
                guard !headers.isEmpty else { throw ParseError.malformed("continuation before any header") }
                headers[headers.count - 1].1 += String(line)
            } else {
                guard let colon = line.firstIndex(of: ":") else { throw ParseError.malformed("header without a colon: \(line)") }
                headers.append((String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
            }
        }
        self.headers = headers
        rawBody = String(text[split.upperBound...])
        let contentType = headers.first(where: { $0.0.lowercased() == "content-type" })?.1 ?? ""
        if let boundary = MIMEEntity.parameter("boundary", in: contentType), contentType.lowercased().hasPrefix("multipart/") {
            let lines = rawBody.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let end = lines.firstIndex(of: "--" + boundary + "--") else {
                throw ParseError.malformed("no closing boundary \(boundary)")
            }
            var parts: [MIMEEntity] = []
            var current: [String]?
            for line in lines[..<end] {
                if line == "--" + boundary {
                    if let current { parts.append(try MIMEEntity(current.joined(separator: "\n"))) }
                    current = []
                } else {
                    current?.append(line)
                }
            }
            if let current { parts.append(try MIMEEntity(current.joined(separator: "\n"))) }
            self.parts = parts
        } else {
            parts = []
        }
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// "text/plain" from `text/plain; charset=utf-8`.
    public var mediaType: String {
        (header("Content-Type") ?? "text/plain").split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased()
    }

    public static func parameter(_ name: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.trimmingCharacters(in: .whitespaces)
            guard pair.lowercased().hasPrefix(name + "=") else { continue }
            var result = String(pair.dropFirst(name.count + 1))
            if result.hasPrefix("\""), result.hasSuffix("\""), result.count >= 2 { result = String(result.dropFirst().dropLast()) }
            return result
        }
        return nil
    }

    /// The body decoded per Content-Transfer-Encoding.
    public func decodedBody() throws -> [UInt8] {
        switch (header("Content-Transfer-Encoding") ?? "7bit").lowercased() {
        case "base64":
            guard let data = Data(base64Encoded: rawBody.replacingOccurrences(of: "\n", with: "")) else {
                throw ParseError.malformed("bad base64")
            }
            return Array(data)
        case "quoted-printable":
            var bytes: [UInt8] = []
            let lines = rawBody.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                var utf8 = Array(line.utf8)
                var soft = false
                if utf8.last == UInt8(ascii: "=") { utf8.removeLast(); soft = true }
                var i = 0
                while i < utf8.count {
                    if utf8[i] == UInt8(ascii: "=") {
                        guard i + 2 < utf8.count,
                            let value = UInt8(String(decoding: utf8[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
                        else {
                            throw ParseError.malformed("bad quoted-printable escape")
                        }
                        bytes.append(value)
                        i += 3
                    } else {
                        bytes.append(utf8[i])
                        i += 1
                    }
                }
                if !soft, index < lines.count - 1 { bytes.append(UInt8(ascii: "\n")) }
            }
            return bytes
        default:
            return Array(rawBody.utf8)
        }
    }

    public func decodedText() throws -> String {
        String(decoding: try decodedBody(), as: UTF8.self)
    }

    /// Decodes RFC 2047 encoded words (UTF-8, B or Q) in a header value.
    public static func decodeHeader(_ value: String) -> String {
        var output = ""
        var previousWasWord = false
        for token in value.split(separator: " ", omittingEmptySubsequences: false) {
            let text = String(token)
            if text.hasPrefix("=?"), text.hasSuffix("?="), case let pieces = text.dropFirst(2).dropLast(2).split(separator: "?"),
                pieces.count == 3, pieces[0].lowercased() == "utf-8"
            {
                let decoded: String
                if pieces[1].uppercased() == "B" {
                    decoded = Data(base64Encoded: String(pieces[2])).map { String(decoding: $0, as: UTF8.self) } ?? text
                } else {
                    decoded = String(pieces[2]).replacingOccurrences(of: "_", with: " ")
                }
                if !output.isEmpty, !previousWasWord { output += " " }
                output += decoded
                previousWasWord = true
            } else {
                if !output.isEmpty { output += " " }
                output += text
                previousWasWord = false
            }
        }
        return output
    }
}
