import Foundation

/// A statement's bytes as text: UTF-8 (without its byte order mark) when they are valid UTF-8,
/// else Latin-1 when an OFX header says `CHARSET:ISO-8859-1`, else Windows-1252 (what
/// `CHARSET:1252` and most bank CSVs mean), else Latin-1, which every byte sequence is.
public enum StatementText {
    public static func decode(_ bytes: [UInt8]) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return text }
        let data = Data(body)
        // An OFX 1.x header that says Latin-1 means it (C1 controls, not Windows-1252's letters).
        let head = String(decoding: body.prefix(512), as: UTF8.self).uppercased()
        if head.contains("CHARSET:ISO-8859-1") || head.contains("CHARSET: ISO-8859-1") {
            return String(body.map { Character(Unicode.Scalar($0)) })
        }
        // Windows-1252 leaves five bytes undefined; a file holding one is read as Latin-1.
        return String(data: data, encoding: .windowsCP1252) ?? String(body.map { Character(Unicode.Scalar($0)) })
    }
}
