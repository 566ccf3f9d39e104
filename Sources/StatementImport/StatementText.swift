/// A statement's bytes as text: UTF-8 (without its byte order mark) when they are valid UTF-8,
/// else Latin-1 when an OFX header says `CHARSET:ISO-8859-1`, else Windows-1252 (what
/// `CHARSET:1252` and most bank CSVs mean), else Latin-1, which every byte sequence is. Which of
/// them a file is needs all of its bytes (`Survey`); the text is then made a chunk at a time
/// (`Transcoder`), so a file read as it streams is never held whole.
public enum StatementText {
    public enum Encoding: Sendable {
        case utf8, latin1, windows1252
    }

    /// The text of `file`'s bytes; UTF-16 (which a spreadsheet's "Unicode text" writes) is
    /// refused by name rather than read as Windows-1252 into an error about garbled columns.
    public static func decode(_ bytes: [UInt8], file: String) throws(StatementError) -> String {
        var survey = Survey()
        survey.add(bytes)
        return text(bytes, try survey.encoding(file: file))
    }

    public static func decode(_ bytes: [UInt8]) -> String {
        var survey = Survey()
        survey.add(bytes)
        return text(bytes, survey.encoding)
    }

    private static func text(_ bytes: [UInt8], _ encoding: Encoding) -> String {
        var transcoder = Transcoder(encoding)
        return String(decoding: transcoder.utf8(bytes), as: UTF8.self)
    }

    /// What the encoding is told from, gathered a chunk of the file at a time.
    public struct Survey: Sendable {
        /// The first bytes, for the UTF-16 check and an OFX header's charset (512 after a byte
        /// order mark).
        private var head: [UInt8] = []
        /// The end of the last chunk when it stops inside a character.
        private var carry: [UInt8] = []
        private var validUTF8 = true
        private var undefinedIn1252 = false

        public init() {}

        public mutating func add(_ chunk: [UInt8]) {
            if head.count < 515 { head += chunk.prefix(515 - head.count) }
            if !undefinedIn1252 { undefinedIn1252 = chunk.contains(where: Transcoder.isUndefinedIn1252) }
            guard validUTF8 else { return }
            let bytes = carry.isEmpty ? chunk : carry + chunk
            let cut = Self.lastWholeCharacterEnd(bytes)
            validUTF8 = String(validating: bytes[..<cut], as: UTF8.self) != nil
            carry = Array(bytes[cut...])
        }

        /// Where the last character that is whole ends: a lead byte near the end whose
        /// character runs past it starts the carry.
        private static func lastWholeCharacterEnd(_ bytes: [UInt8]) -> Int {
            var index = bytes.count
            while index > max(0, bytes.count - 4) {
                index -= 1
                let byte = bytes[index]
                guard byte & 0xC0 == 0x80 else {
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                    return index + length > bytes.count ? index : bytes.count
                }
            }
            return bytes.count
        }

        public var encoding: Encoding {
            if validUTF8 && carry.isEmpty { return .utf8 }
            var body = head[...]
            if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
            body = body.prefix(512)
            // An OFX 1.x header that says Latin-1 means it (C1 controls, not Windows-1252's letters).
            let header = String(decoding: body, as: UTF8.self).uppercased()
            if header.contains("CHARSET:ISO-8859-1") || header.contains("CHARSET: ISO-8859-1") { return .latin1 }
            // Windows-1252 leaves five bytes undefined; a file holding one is read as Latin-1.
            return undefinedIn1252 ? .latin1 : .windows1252
        }

        public func encoding(file: String) throws(StatementError) -> Encoding {
            guard !isUTF16(head) else {
                throw StatementError(file: file, line: nil, field: nil, message: "UTF-16 is not supported; save as UTF-8")
            }
            return encoding
        }
    }

    /// A UTF-16 byte order mark, or a start where every other byte is a NUL (ASCII text in
    /// UTF-16 without its mark); UTF-8 text has no NULs in it.
    static func isUTF16(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return true }
        let head = bytes.prefix(512)
        guard head.count >= 4 else { return false }
        var zeros = [0, 0]
        for (offset, byte) in head.enumerated() where byte == 0 { zeros[offset % 2] += 1 }
        return (zeros[0] == 0) != (zeros[1] == 0) && max(zeros[0], zeros[1]) * 2 >= head.count / 2
    }

    /// A file's chunks, in order, as UTF-8; the byte order mark at its start is left out.
    public struct Transcoder: Sendable {
        let encoding: Encoding
        private var atStart = true

        public init(_ encoding: Encoding) {
            self.encoding = encoding
        }

        public mutating func utf8(_ chunk: [UInt8]) -> [UInt8] {
            var bytes = chunk[...]
            if atStart {
                atStart = false
                if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            }
            guard encoding != .utf8 else { return Array(bytes) }
            // A byte is one scalar, and Latin-1's scalar is the byte.
            let scalars = encoding == .latin1 ? nil : Self.windows1252
            var utf8: [UInt8] = []
            utf8.reserveCapacity(bytes.count + bytes.count / 8)
            for byte in bytes {
                let scalar = scalars.map { UInt32($0[Int(byte)]) } ?? UInt32(byte)
                if scalar < 0x80 {
                    utf8.append(UInt8(scalar))
                } else if scalar < 0x800 {
                    utf8.append(0xC0 | UInt8(scalar >> 6))
                    utf8.append(0x80 | UInt8(scalar & 0x3F))
                } else {
                    utf8.append(0xE0 | UInt8(scalar >> 12))
                    utf8.append(0x80 | UInt8(scalar >> 6 & 0x3F))
                    utf8.append(0x80 | UInt8(scalar & 0x3F))
                }
            }
            return utf8
        }

        /// Each byte's scalar in Windows-1252 (a byte it leaves undefined as itself: such a file
        /// is read as Latin-1).
        static let windows1252: [UInt16] = (0..<256).map { byte in
            guard (0x80..<0xA0).contains(byte) else { return UInt16(byte) }
            return [
                0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D,
                0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D,
                0x017E, 0x0178,
            ][byte - 0x80]
        }

        static func isUndefinedIn1252(_ byte: UInt8) -> Bool {
            byte == 0x81 || byte == 0x8D || byte == 0x8F || byte == 0x90 || byte == 0x9D
        }
    }
}
