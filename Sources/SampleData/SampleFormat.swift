/// Byte-level formatting shared by the writers (no Foundation formatters, no locale).
enum SampleFormat {
    static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        var n = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(n % 10))
            n /= 10
        } while n > 0
        bytes[start...].reverse()
    }

    static func appendPadded(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var n = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8((n / divisor) % 10))
            n %= divisor
            divisor /= 10
        }
    }

    /// An unsigned amount of minor units with `digits` fraction digits: 5420, 2 -> "54.20".
    static func appendAmount(_ minor: Int64, digits: Int, to bytes: inout [UInt8]) {
        precondition(minor >= 0)
        guard digits > 0 else {
            appendInteger(minor, to: &bytes)
            return
        }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        appendInteger(minor / scale, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendPadded(Int(minor % scale), width: digits, to: &bytes)
    }

    static func appendDate(_ dayNumber: Int, to bytes: inout [UInt8]) {
        let date = Civil.date(dayNumber)
        appendPadded(date.year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(date.month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(date.day, width: 2, to: &bytes)
    }

    static func appendTime(_ seconds: Int, to bytes: inout [UInt8]) {
        appendPadded(seconds / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(seconds / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(seconds % 60, width: 2, to: &bytes)
    }

    /// `YYYY-MM-DDT00:00:00Z`.
    static func appendUTCMidnight(_ dayNumber: Int, to bytes: inout [UInt8]) {
        appendDate(dayNumber, to: &bytes)
        bytes.append(contentsOf: "T00:00:00Z".utf8)
    }

    static func dayText(_ dayNumber: Int) -> String {
        var bytes: [UInt8] = []
        appendDate(dayNumber, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON string literal (with quotes) for catalogue text.
    static func jsonString(_ text: String?) -> [UInt8] {
        guard let text else { return Array("null".utf8) }
        return [UInt8(ascii: "\"")] + jsonEscaped(text) + [UInt8(ascii: "\"")]
    }

    static func jsonEscaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0..<0x20:
                out += Array(#"\u00"#.utf8)
                let hex = Array("0123456789abcdef".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        return out
    }
}
