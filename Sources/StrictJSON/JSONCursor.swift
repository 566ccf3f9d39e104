import Foundation

/// A forward-only cursor over the UTF-8 bytes of one JSON text, for decoders that read values
/// straight into their own types instead of building a `JSONValue` tree.
///
/// It accepts exactly what `JSONParser` accepts (same whitespace, numbers, literals, escapes,
/// UTF-8 rules, control characters and nesting limit) but it never explains a failure: it only
/// throws `Unsure`, and the caller then runs the exact path (`JSONParser` and the tree
/// decoders) to get the one true answer or error. A decoder on top of it may therefore throw
/// `Unsure` for anything it does not want to handle itself.
///
/// Strings are handed out as tokens; their content (escapes decoded) is read with `content(_:)`
/// and stays valid until the next string with escapes is read. Call `release()` when done.
public struct JSONCursor {
    /// The cursor cannot vouch for the text: the caller must take the exact path.
    public struct Unsure: Error {
        public init() {}
    }

    /// A string just read: where its content is, in the text or (escapes decoded) in the scratch buffer.
    public struct StringToken {
        let start: Int
        let end: Int
        let inScratch: Bool
        /// Every byte of the content is ASCII.
        public let isASCII: Bool

        public var count: Int { end - start }
    }

    private let base: UnsafeRawPointer
    let count: Int
    private(set) var index = 0
    private var depth = 0
    /// Decoded strings with escapes. A decoded string is never longer than its text, so
    /// `count` bytes always suffice; allocated on the first escape.
    private var scratch: UnsafeMutableRawPointer?

    public init(_ bytes: UnsafeRawBufferPointer) throws(Unsure) {
        guard let address = bytes.baseAddress else { throw Unsure() }
        base = address
        count = bytes.count
    }

    /// Frees the scratch buffer; the cursor must not be used afterwards.
    public mutating func release() {
        scratch?.deallocate()
        scratch = nil
    }

    // MARK: - Bytes

    @inline(__always)
    private func at(_ offset: Int) -> UInt8 {
        base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// The byte at the cursor, or 0 at the end (0 is never valid outside a string).
    @inline(__always)
    public var current: UInt8 { index < count ? at(index) : 0 }

    public var isAtEnd: Bool { index == count }

    @inline(__always)
    public mutating func skipWhitespace() {
        while index < count {
            switch at(index) {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    @inline(__always)
    mutating func expect(_ expected: UInt8) throws(Unsure) {
        guard current == expected else { throw Unsure() }
        index += 1
    }

    private mutating func enter() throws(Unsure) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { throw Unsure() }
    }

    // MARK: - Containers

    /// At `{`: enters the object. False when it is empty (and already left).
    public mutating func beginObject() throws(Unsure) -> Bool {
        guard current == UInt8(ascii: "{") else { throw Unsure() }
        try enter()
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    /// Reads a member's key and its colon, leaving the cursor at the value.
    public mutating func key() throws(Unsure) -> StringToken {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw Unsure() }
        let token = try string()
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        return token
    }

    /// Reads a member's key and its colon when the key is exactly `word` (plain bytes, no
    /// escapes), leaving the cursor at the value; else false, with nothing consumed but whitespace.
    @inline(__always)
    public mutating func key(ifExactly word: StaticString) throws(Unsure) -> Bool {
        skipWhitespace()
        let length = word.utf8CodeUnitCount
        guard index + length + 2 <= count, at(index) == UInt8(ascii: "\""), at(index + length + 1) == UInt8(ascii: "\""),
            memcmp(base + index + 1, word.utf8Start, length) == 0
        else { return false }
        index += length + 2
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        return true
    }

    /// After a member's value: true when another member follows, false when the object ends (and is left).
    public mutating func nextMember() throws(Unsure) -> Bool {
        skipWhitespace()
        if current == UInt8(ascii: ",") {
            index += 1
            return true
        }
        try expect(UInt8(ascii: "}"))
        depth -= 1
        return false
    }

    /// At `[`: enters the array. False when it is empty (and already left).
    public mutating func beginArray() throws(Unsure) -> Bool {
        guard current == UInt8(ascii: "[") else { throw Unsure() }
        try enter()
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    /// Before an element (whitespace allowed).
    public mutating func element() {
        skipWhitespace()
    }

    /// After an element: true when another follows, false when the array ends (and is left).
    public mutating func nextElement() throws(Unsure) -> Bool {
        skipWhitespace()
        if current == UInt8(ascii: ",") {
            index += 1
            return true
        }
        try expect(UInt8(ascii: "]"))
        depth -= 1
        return false
    }

    // MARK: - Scalars

    /// At `n`: true (and steps over it) when the value is `null`.
    public mutating func null() throws(Unsure) -> Bool {
        guard current == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// A `true` or `false` at the cursor.
    public mutating func bool() throws(Unsure) -> Bool {
        switch current {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: throw Unsure()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Unsure) {
        let length = word.utf8CodeUnitCount
        guard index + length <= count else { throw Unsure() }
        for offset in 0..<length where at(index + offset) != word.utf8Start[offset] {
            throw Unsure()
        }
        index += length
    }

    /// A number at the cursor, checked as `JSONParser` checks it; its literal text is the returned range.
    public mutating func number() throws(Unsure) -> Range<Int> {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard isDigit(current) else { throw Unsure() }
        if current == UInt8(ascii: "0") {
            index += 1
            if isDigit(current) { throw Unsure() }
        } else {
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { throw Unsure() }
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { throw Unsure() }
            while isDigit(current) { index += 1 }
        }
        return start..<index
    }

    /// The bytes of a range of the text (a number's literal).
    public func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    // MARK: - Strings

    /// The string at the cursor (at its `"`), checked for control characters, escapes and UTF-8.
    public mutating func string() throws(Unsure) -> StringToken {
        guard current == UInt8(ascii: "\"") else { throw Unsure() }
        index += 1
        let start = index
        // Every byte OR-ed together: the high bit tells whether the string is all ASCII.
        var seen: UInt64 = 0
        // Eight bytes at a time while none of them is a quote, a backslash or a control character.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            if special & highs != 0 { break }
            seen |= word
            index += 8
        }
        while index < count {
            let byte = at(index)
            if byte == UInt8(ascii: "\"") {
                let isASCII = seen & highs == 0
                let token = StringToken(start: start, end: index, inScratch: false, isASCII: isASCII)
                index += 1
                if !isASCII {
                    guard UTF8Validation.isValid(UnsafeRawBufferPointer(start: base + start, count: token.count)) else {
                        throw Unsure()
                    }
                }
                return token
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw Unsure() }
            seen |= UInt64(byte)
            index += 1
        }
        throw Unsure()
    }

    /// The rest of a string that has escapes: decoded into the scratch buffer as `JSONParser` decodes it.
    private mutating func escapedString(from start: Int) throws(Unsure) -> StringToken {
        let buffer: UnsafeMutableRawPointer
        if let scratch {
            buffer = scratch
        } else {
            buffer = .allocate(byteCount: max(count, 1), alignment: 1)
            scratch = buffer
        }
        var length = index - start
        buffer.copyMemory(from: base + start, byteCount: length)
        func append(_ byte: UInt8) {
            buffer.storeBytes(of: byte, toByteOffset: length, as: UInt8.self)
            length += 1
        }
        while true {
            guard index < count else { throw Unsure() }
            let byte = at(index)
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                let content = UnsafeRawBufferPointer(start: buffer, count: length)
                guard UTF8Validation.isValid(content) else { throw Unsure() }
                return StringToken(start: 0, end: length, inScratch: true, isASCII: content.allSatisfy { $0 < 0x80 })
            case UInt8(ascii: "\\"):
                guard index < count else { throw Unsure() }
                let escape = at(index)
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): append(escape)
                case UInt8(ascii: "b"): append(0x08)
                case UInt8(ascii: "f"): append(0x0C)
                case UInt8(ascii: "n"): append(0x0A)
                case UInt8(ascii: "r"): append(0x0D)
                case UInt8(ascii: "t"): append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hexQuad()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard current == UInt8(ascii: "\\"), index + 1 < count, at(index + 1) == UInt8(ascii: "u") else {
                            throw Unsure()
                        }
                        index += 2
                        let low = try hexQuad()
                        guard (0xDC00...0xDFFF).contains(low) else { throw Unsure() }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw Unsure()
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw Unsure() }
                    for unit in UTF8.encode(unicode)! { append(unit) }
                default:
                    throw Unsure()
                }
            default:
                guard byte >= 0x20 else { throw Unsure() }
                append(byte)
            }
        }
    }

    private mutating func hexQuad() throws(Unsure) -> UInt32 {
        guard index + 4 <= count else { throw Unsure() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = at(index)
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw Unsure()
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// A string token's content, escapes decoded. Valid until the next string with escapes is read.
    public func content(_ token: StringToken) -> UnsafeRawBufferPointer {
        if token.inScratch {
            return UnsafeRawBufferPointer(start: scratch, count: token.count)
        }
        return UnsafeRawBufferPointer(start: base + token.start, count: token.count)
    }

    /// A string token's content as a String (already known to be valid UTF-8).
    public func text(_ token: StringToken) -> String {
        String(decoding: content(token), as: UTF8.self)
    }

    /// Whether a string token's content is exactly `word`'s bytes.
    public func matches(_ token: StringToken, _ word: StaticString) -> Bool {
        guard token.count == word.utf8CodeUnitCount else { return false }
        let content = content(token)
        return token.count == 0 || memcmp(content.baseAddress!, word.utf8Start, token.count) == 0
    }

    // MARK: - Skipping

    /// Steps over one value of any kind, checking it exactly as `JSONParser` would parse it.
    public mutating func skipValue() throws(Unsure) {
        switch current {
        case UInt8(ascii: "{"):
            guard try beginObject() else { return }
            repeat {
                _ = try key()
                try skipValue()
            } while try nextMember()
        case UInt8(ascii: "["):
            guard try beginArray() else { return }
            repeat {
                element()
                try skipValue()
            } while try nextElement()
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            _ = try bool()
        case UInt8(ascii: "n"):
            try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try number()
        default:
            throw Unsure()
        }
    }
}
