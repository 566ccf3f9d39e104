import Ledger

/// `Timestamp(rfc3339:)` over the bytes of a string still in the line, so the fast decoder
/// needs no array per date. The rules are those of `Timestamp(rfc3339:)`, step for step;
/// `WalletLineDecoderTests` checks both agree on valid, mutated and random texts.
enum RFC3339Bytes {
    /// The timestamp the bytes spell (its `text` made from them), or nil when
    /// `Timestamp(rfc3339:)` would refuse them.
    static func timestamp(_ bytes: UnsafeRawBufferPointer) -> Timestamp? {
        let count = bytes.count
        guard count >= 20 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for index in start..<(start + length) {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(year: year, month: month),
              hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digitsStart = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                index += 1
            }
            guard index > digitsStart else { return nil }
        }
        guard index < count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == count, bytes[index + 3] == UInt8(ascii: ":"),
                  let offsetHours = number(index + 1, 2), let offsetMinutes = number(index + 4, 2),
                  offsetHours <= 23, offsetMinutes <= 59
            else { return nil }
            offset = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        // A leap second is read as the last second of its minute.
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let local = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
        return Timestamp(epochSeconds: local - Int64(offset), utcOffsetSeconds: offset,
                         text: String(decoding: bytes, as: UTF8.self))
    }
}
