/// DEFLATE (RFC 1951) decompression, for the deflated entries of an order package. zlib is not
/// a package dependency (purse links only the system SQLite), so purse inflates by itself: a
/// small decoder in the manner of zlib's reference `puff`, which decodes canonical Huffman
/// codes bit by bit. Order packages are small, so clarity matters more than speed here.
///
/// Strict: every malformed stream is an error (a bad block type, a code that is over-subscribed
/// or incomplete, a distance before the start, a stored length that disagrees with its
/// complement, data past the final block's end is left unread), and the output may never exceed
/// `expectedSize`, so a small archive cannot unpack into a huge one.
struct Inflater {
    /// What went wrong, for the message of the entry that holds it.
    struct Failure: Error, Equatable {
        let message: String
    }

    private let input: [UInt8]
    private var position = 0
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    private var output: [UInt8] = []
    private let limit: Int

    private init(_ input: [UInt8], limit: Int) {
        self.input = input
        self.limit = limit
        output.reserveCapacity(limit)
    }

    /// The bytes `compressed` inflates to, which must be exactly `expectedSize` of them.
    static func inflate(_ compressed: [UInt8], expectedSize: Int) throws(Failure) -> [UInt8] {
        var inflater = Inflater(compressed, limit: expectedSize)
        var isLast = false
        while !isLast {
            isLast = try inflater.bits(1) == 1
            switch try inflater.bits(2) {
            case 0: try inflater.storedBlock()
            case 1: try inflater.codes(lengths: Self.fixedLengths, distances: Self.fixedDistances)
            case 2: try inflater.dynamicBlock()
            default: throw Failure(message: "invalid block type 3")
            }
        }
        guard inflater.output.count == expectedSize else {
            throw Failure(message: "inflates to \(inflater.output.count) bytes where the archive says \(expectedSize)")
        }
        return inflater.output
    }

    // MARK: - Bits

    /// The next `count` bits (at most 16), least significant first, as DEFLATE packs them.
    private mutating func bits(_ count: Int) throws(Failure) -> Int {
        while bitCount < count {
            guard position < input.count else { throw Failure(message: "the compressed data ends early") }
            bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
        bitBuffer >>= UInt32(count)
        bitCount -= count
        return value
    }

    private mutating func emit(_ byte: UInt8) throws(Failure) {
        guard output.count < limit else { throw Failure(message: "inflates to more than the \(limit) bytes the archive says") }
        output.append(byte)
    }

    // MARK: - Blocks

    /// A stored block: LEN and its one's complement NLEN, then LEN bytes as they are.
    private mutating func storedBlock() throws(Failure) {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw Failure(message: "the compressed data ends early") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        position += 4
        guard length == ~complement & 0xFFFF else { throw Failure(message: "a stored block's length does not match its complement") }
        guard position + length <= input.count else { throw Failure(message: "the compressed data ends early") }
        for byte in input[position..<(position + length)] { try emit(byte) }
        position += length
    }

    /// The order in which a dynamic block lists the code lengths of its code-length code.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private mutating func dynamicBlock() throws(Failure) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeLengthCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Failure(message: "a dynamic block has too many codes") }
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengthLengths[Self.codeLengthOrder[index]] = try bits(3) }
        let codeLengthCode = Huffman(lengths: codeLengthLengths)
        guard codeLengthCode.isComplete else { throw Failure(message: "a dynamic block's code-length code is incomplete") }

        var lengths: [Int] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(codeLengthCode)
            if symbol < 16 {
                lengths.append(symbol)
                continue
            }
            var repeated = 0
            var count: Int
            switch symbol {
            case 16:
                guard let previous = lengths.last else { throw Failure(message: "a repeated code length has nothing before it") }
                repeated = previous
                count = 3 + (try bits(2))
            case 17: count = 3 + (try bits(3))
            default: count = 11 + (try bits(7))
            }
            guard lengths.count + count <= literalCount + distanceCount else {
                throw Failure(message: "a dynamic block's code lengths run past their count")
            }
            lengths += [Int](repeating: repeated, count: count)
        }
        guard lengths[256] != 0 else { throw Failure(message: "a dynamic block has no end-of-block code") }
        let literals = try Huffman.checked(lengths: Array(lengths[..<literalCount]))
        let distances = try Huffman.checked(lengths: Array(lengths[literalCount...]))
        try codes(lengths: literals, distances: distances)
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
        8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The block's literals and back-references, up to its end-of-block code.
    private mutating func codes(lengths literals: Huffman, distances: Huffman) throws(Failure) {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                try emit(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < Self.lengthBase.count else { throw Failure(message: "invalid length code \(symbol)") }
            let length = Self.lengthBase[lengthIndex] + (try bits(Self.lengthExtra[lengthIndex]))
            let distanceCode = try decode(distances)
            guard distanceCode < Self.distanceBase.count else { throw Failure(message: "invalid distance code \(distanceCode)") }
            let distance = Self.distanceBase[distanceCode] + (try bits(Self.distanceExtra[distanceCode]))
            guard distance <= output.count else { throw Failure(message: "a distance reaches before the start of the data") }
            for _ in 0..<length { try emit(output[output.count - distance]) }
        }
    }

    /// The next symbol of `code`, read one bit at a time down the canonical code.
    private mutating func decode(_ code: Huffman) throws(Failure) -> Int {
        var value = 0
        var first = 0
        var index = 0
        for length in 1...Huffman.maximumLength {
            value |= try bits(1)
            let count = code.counts[length]
            if value - first < count { return code.symbols[index + value - first] }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        throw Failure(message: "a code matches no symbol")
    }

    // MARK: - Codes

    /// A canonical Huffman code given by its code lengths: how many codes of each length, and
    /// the symbols in code order.
    struct Huffman {
        static let maximumLength = 15
        private(set) var counts = [Int](repeating: 0, count: maximumLength + 1)
        private(set) var symbols: [Int] = []
        /// Bit patterns that name no symbol: negative when the lengths ask for more codes than
        /// there are (over-subscribed), positive when some are left (incomplete).
        private(set) var unused = 1

        init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            for length in 1...Self.maximumLength where unused >= 0 {
                unused = (unused << 1) - counts[length]
            }
            for length in 1...Self.maximumLength {
                for (symbol, symbolLength) in lengths.enumerated() where symbolLength == length { symbols.append(symbol) }
            }
        }

        var isComplete: Bool { unused == 0 }

        /// The code of a dynamic block, checked: never over-subscribed, and incomplete only as
        /// no code at all or a lone code of one bit (a block with a single distance).
        static func checked(lengths: [Int]) throws(Failure) -> Huffman {
            let code = Huffman(lengths: lengths)
            guard code.unused >= 0 else { throw Failure(message: "a Huffman code is over-subscribed") }
            let used = lengths.count - code.counts[0]
            guard code.isComplete || used == 0 || (used == 1 && code.counts[1] == 1) else {
                throw Failure(message: "a Huffman code is incomplete")
            }
            return code
        }
    }

    /// The fixed codes of RFC 1951, 3.2.6 (distance codes 30 and 31 take part in the code but
    /// never occur).
    private static let fixedLengths = Huffman(
        lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
            + [Int](repeating: 8, count: 8))
    private static let fixedDistances = Huffman(lengths: [Int](repeating: 5, count: 32))
}
