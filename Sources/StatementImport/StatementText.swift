import Foundation

/// A statement's bytes as text: UTF-8 (without its byte order mark) when they are valid UTF-8,
/// else Latin-1 when an OFX header says `CHARSET:ISO-8859-1`, else Windows-1252 (what
/// `CHARSET:1252` and most bank CSVs mean), else Latin-1, which every byte sequence is.
public enum StatementText {
    /// The text of `file`'s bytes; UTF-16 (which a spreadsheet's "Unicode text" writes) is
    /// refused by name rather than read as Windows-1252 into an error about garbled columns.
    public static func decode(_ bytes: [UInt8], file: String) throws(StatementError) -> String {
        guard !isUTF16(bytes) else {
            throw StatementError(file: file, line: nil, field: nil, message: "UTF-16 is not supported; save as UTF-8")
        }
        return decode(bytes)
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

    public static func decode(_ bytes: [UInt8]) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return text }
        let data = Data(body)
        // An OFX 1.x header that says Latin-1 means it (C1 controls, not Windows-1252's letters).
        let head = String(decoding: body.prefix(512), as: UTF8.self).uppercased()
        if head.contains("CHARSET:ISO-8859-1") || head.contains("CHARSET: ISO-8859-1") { return latin1(body) }
        // Windows-1252 leaves five bytes undefined; a file holding one is read as Latin-1.
        return String(data: data, encoding: .windowsCP1252) ?? latin1(body)
    }

    /// Latin-1 as UTF-8 bytes first: a byte is the scalar of its value (an array of Characters
    /// would take sixteen bytes for each).
    static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte < 0x80 {
                utf8.append(byte)
            } else {
                utf8.append(0xC0 | byte >> 6)
                utf8.append(0x80 | byte & 0x3F)
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
