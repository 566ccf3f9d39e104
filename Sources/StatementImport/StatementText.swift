import Foundation

/// A statement's bytes as text: UTF-8 (without its byte order mark) when they are valid UTF-8,
/// else Windows-1252 (what OFX 1.x's CHARSET:1252 and most bank CSVs mean), else Latin-1,
/// which every byte sequence is.
public enum StatementText {
    public static func decode(_ bytes: [UInt8]) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return text }
        let data = Data(body)
        // Windows-1252 leaves five bytes undefined; a file holding one is read as Latin-1.
        return String(data: data, encoding: .windowsCP1252) ?? String(body.map { Character(Unicode.Scalar($0)) })
    }
}
