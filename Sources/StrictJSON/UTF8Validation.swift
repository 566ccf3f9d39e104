/// A fast check that bytes are well-formed UTF-8 (no overlong forms, no surrogates, nothing
/// past U+10FFFF). The standard library's validating initializer is generic and, on Linux,
/// several times slower than this on the short strings of a change set.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let first = bytes[index]
            if first < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch first {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= lower, second <= upper else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return false
            }
            index += length
        }
        return true
    }

    /// A String from bytes already known to be valid.
    static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard isValid(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
