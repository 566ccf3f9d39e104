/// A DEFLATE stream (RFC 1951) that unpacks to one byte repeated: one block of fixed Huffman
/// codes, the byte as a literal, then back-references of 258 bytes at distance 1 (13 bits
/// each, some 160 bytes unpacked per byte packed), then what is left as literals. How a small
/// hostile archive unpacks into a huge file.
public enum RepeatedByteDeflate {
    public static func stream(of byte: UInt8, count: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.bits(1, count: 1)  // the final block
        writer.bits(1, count: 2)  // fixed Huffman codes
        var left = count
        if left > 0 {
            writer.literal(byte)
            left -= 1
        }
        while left >= 258 {
            writer.code(0xC5, length: 8)  // length 258 (symbol 285)
            writer.code(0, length: 5)  // distance 1
            left -= 258
        }
        for _ in 0..<left { writer.literal(byte) }
        writer.code(0, length: 7)  // end of block (symbol 256)
        return writer.bytes
    }

    /// Bits packed from the least significant bit of each byte on, as DEFLATE packs them.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var used = 0

        mutating func bits(_ value: Int, count: Int) {
            for index in 0..<count {
                if used % 8 == 0 { bytes.append(0) }
                if (value >> index) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << (used % 8)) }
                used += 1
            }
        }

        /// A Huffman code, written from its most significant bit.
        mutating func code(_ value: Int, length: Int) {
            for index in stride(from: length - 1, through: 0, by: -1) { bits((value >> index) & 1, count: 1) }
        }

        mutating func literal(_ byte: UInt8) {
            if byte <= 143 { code(0x30 + Int(byte), length: 8) } else { code(0x190 + Int(byte) - 144, length: 9) }
        }
    }
}
