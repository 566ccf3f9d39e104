/// A strict RFC 8259 parser over UTF-8 bytes: no comments, no trailing commas, valid UTF-8,
/// bounded nesting. It can also skim an object, reading a few keys and skipping the rest without
/// building values, which lets sync step over change sets it has already applied.
public struct JSONParser {
    /// The nesting limit unless a caller names another (the Wallet export's).
    public static let maximumDepth = 64

    private let bytes: UnsafeRawBufferPointer
    private let maximumDepth: Int
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int = JSONParser.maximumDepth) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses one complete JSON text with at most `maximumDepth` nested arrays and objects.
    public static func parse(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int = JSONParser.maximumDepth) throws(JSONSyntaxError)
        -> JSONValue
    {
        var parser = JSONParser(bytes, maximumDepth: maximumDepth)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    public static func parse(_ bytes: [UInt8], maximumDepth: Int = JSONParser.maximumDepth) throws(JSONSyntaxError) -> JSONValue {
        do {
            return try bytes.withUnsafeBytes { buffer in try parse(buffer, maximumDepth: maximumDepth) }
        } catch let error as JSONSyntaxError {
            throw error
        } catch {
            fatalError("unreachable: \(error)")
        }
    }

    /// Reads the top-level object's members named in `keys` as values and skips every other
    /// member's value. Nil members are absent. Syntax is still checked throughout.
    public static func skim(_ bytes: UnsafeRawBufferPointer, keys: Set<String>) throws(JSONSyntaxError) -> [String: JSONValue] {
        var parser = JSONParser(bytes)
        var found: [String: JSONValue] = [:]
        parser.skipWhitespace()
        guard parser.peek == UInt8(ascii: "{") else { throw parser.failure("expected an object") }
        try parser.enter()
        parser.index += 1
        parser.skipWhitespace()
        if parser.peek == UInt8(ascii: "}") {
            parser.index += 1
        } else {
            while true {
                parser.skipWhitespace()
                guard parser.peek == UInt8(ascii: "\"") else {
                    throw parser.failure(parser.peek == nil ? "unexpected end of the text" : "expected a key")
                }
                let key = try parser.parseString()
                parser.skipWhitespace()
                try parser.expect(UInt8(ascii: ":"))
                parser.skipWhitespace()
                if keys.contains(key), found[key] == nil {
                    found[key] = try parser.parseValue()
                } else {
                    try parser.skipValue()
                }
                parser.skipWhitespace()
                if parser.peek == UInt8(ascii: ",") {
                    parser.index += 1
                    continue
                }
                try parser.expect(UInt8(ascii: "}"))
                break
            }
        }
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return found
    }

    // MARK: - Values

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func failure(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, message: message)
    }

    private mutating func expect(_ byte: UInt8) throws(JSONSyntaxError) {
        guard peek == byte else {
            throw failure(peek == nil ? "unexpected end of the text" : "expected '\(Character(Unicode.Scalar(byte)))'")
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek else { throw failure("unexpected end of the text") }
        switch byte {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return .array(try parseArray())
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            try scanNumber()
            return .number(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        default:
            throw failure("unexpected character")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= maximumDepth else { throw failure("nesting deeper than \(maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONObject {
        try enter()
        index += 1
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONObject(members: members)
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw failure(peek == nil ? "unexpected end of the text" : "expected a key") }
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            members.append(JSONObject.Member(key: key, value: try parseValue()))
            skipWhitespace()
            if peek == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            depth -= 1
            return JSONObject(members: members)
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> [JSONValue] {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if peek == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"))
            depth -= 1
            return elements
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end of the text") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("unexpected character")
        }
        index += count
    }

    private mutating func scanNumber() throws(JSONSyntaxError) {
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, isDigit(first) else { throw failure("a number needs a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek, isDigit(next) { throw failure("a number cannot start with 0") }
        } else {
            while let next = peek, isDigit(next) { index += 1 }
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard let next = peek, isDigit(next) else { throw failure("a number needs a digit after its point") }
            while let next = peek, isDigit(next) { index += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard let next = peek, isDigit(next) else { throw failure("a number needs a digit in its exponent") }
            while let next = peek, isDigit(next) { index += 1 }
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: most strings have no escapes and can be validated in place.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                guard let text = UTF8Validation.string(slice) else {
                    throw JSONSyntaxError(offset: start, message: "a string is not valid UTF-8")
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw failure("a control character inside a string") }
            index += 1
        }
        var buffer = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard let byte = peek else { throw failure("a string is not closed") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = buffer.withUnsafeBytes({ UTF8Validation.string($0) }) else {
                    throw JSONSyntaxError(offset: start, message: "a string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                try appendEscape(to: &buffer)
            default:
                guard byte >= 0x20 else {
                    index -= 1
                    throw failure("a control character inside a string")
                }
                buffer.append(byte)
            }
        }
    }

    private mutating func appendEscape(to buffer: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = peek else { throw failure("a string is not closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800...0xDBFF).contains(scalar) {
                guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("a lone surrogate in a \\u escape")
                }
                index += 2
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("a lone surrogate in a \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw failure("a lone surrogate in a \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("an invalid \\u escape") }
            buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            index -= 1
            throw failure("an invalid escape")
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    // MARK: - Skipping

    /// Steps over one value, checking its structure but building nothing.
    private mutating func skipValue() throws(JSONSyntaxError) {
        guard let byte = peek else { throw failure("unexpected end of the text") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try enter()
            let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            index += 1
            skipWhitespace()
            if peek == closing {
                index += 1
                depth -= 1
                return
            }
            while true {
                skipWhitespace()
                if closing == UInt8(ascii: "}") {
                    guard peek == UInt8(ascii: "\"") else { throw failure(peek == nil ? "unexpected end of the text" : "expected a key") }
                    try skipString()
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"))
                    skipWhitespace()
                }
                try skipValue()
                skipWhitespace()
                if peek == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(closing)
                depth -= 1
                return
            }
        case UInt8(ascii: "\""):
            try skipString()
        default:
            _ = try parseValue()
        }
    }

    private mutating func skipString() throws(JSONSyntaxError) {
        // Checked exactly as when parsing (escapes, control characters, UTF-8), but nothing
        // is built, so a skipped member costs a scan.
        index += 1
        let start = index
        var plain = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if plain {
                    guard UTF8Validation.isValid(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) else {
                        throw JSONSyntaxError(offset: start, message: "a string is not valid UTF-8")
                    }
                    index += 1
                    return
                }
                break
            }
            if byte == UInt8(ascii: "\\") {
                plain = false
                break
            }
            guard byte >= 0x20 else { throw failure("a control character inside a string") }
            index += 1
        }
        // Strings with escapes are rare: check them the long way.
        index = start - 1
        _ = try parseString()
    }
}
