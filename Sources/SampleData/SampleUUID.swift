/// A version-4-shaped UUID, printed upper-case as FinanceKit prints them.
struct SampleUUID: Equatable {
    var high: UInt64
    var low: UInt64

    init(_ rng: inout SplitMix64) {
        high = (rng.next() & ~0xF000) | 0x4000
        low = (rng.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    }

    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    func append(to bytes: inout [UInt8]) {
        func nibbles(_ value: UInt64, _ from: Int, _ count: Int, _ bytes: inout [UInt8]) {
            for index in from..<(from + count) {
                bytes.append(Self.hex[Int((value >> UInt64(60 - 4 * index)) & 0xF)])
            }
        }
        nibbles(high, 0, 8, &bytes)
        bytes.append(UInt8(ascii: "-"))
        nibbles(high, 8, 4, &bytes)
        bytes.append(UInt8(ascii: "-"))
        nibbles(high, 12, 4, &bytes)
        bytes.append(UInt8(ascii: "-"))
        nibbles(low, 0, 4, &bytes)
        bytes.append(UInt8(ascii: "-"))
        nibbles(low, 4, 12, &bytes)
    }

    var text: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
