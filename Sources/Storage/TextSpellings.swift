#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The texts of one column that repeat down a read (account IDs, merchants, currencies,
/// categories), each made a `String` once and numbered by its exact bytes. A row then costs a
/// hash of its bytes rather than a string's validation and copy, and a caller can key by the
/// number instead of hashing the string. Equal numbers are equal bytes; Swift's `==` may still
/// take two numbers as one text (a composed and a decomposed é).
///
/// At most `limit` spellings are kept, so a column whose texts never repeat holds no more than
/// that: past it, a new text is made as `Statement.text` makes it, and has no number.
public struct TextSpellings {
    public let limit: Int
    private var strings: [String] = []
    private var hashes: [UInt64] = []
    /// Every spelling's bytes, one after the other: spelling `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    /// Open addressing by hash: a spelling's number, or -1 for a free slot; never more than half full.
    private var slots = [Int32](repeating: -1, count: 16)
    /// The spelling read last: a column's rows often repeat the one before (a currency, a
    /// direction), which then costs a comparison, not a hash.
    private var last: Int?

    public init(limit: Int = 4_096) {
        self.limit = limit
    }

    /// The text of these bytes ("" if none) and its number, if it has one.
    public mutating func read(_ text: UnsafeBufferPointer<UInt8>) -> (text: String, spelling: Int32?) {
        if let last, hasBytes(last, text) { return (strings[last], Int32(last)) }
        let hash = Self.hash(text)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let spelling = Int(slots[slot])
            if hashes[spelling] == hash, hasBytes(spelling, text) {
                last = spelling
                return (strings[spelling], Int32(spelling))
            }
            slot = (slot + 1) & mask
        }
        let string = String(decoding: text, as: UTF8.self)
        guard strings.count < limit else { return (string, nil) }
        let spelling = Int32(strings.count)
        strings.append(string)
        hashes.append(hash)
        bytes.append(contentsOf: text)
        starts.append(bytes.count)
        slots[slot] = spelling
        last = Int(spelling)
        if strings.count * 2 > slots.count { grow() }
        return (string, spelling)
    }

    /// The text of a number `read` gave.
    public func text(of spelling: Int32) -> String { strings[Int(spelling)] }

    private func hasBytes(_ spelling: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[spelling]
        guard starts[spelling + 1] - start == text.count else { return false }
        // No bytes to compare: `bytes` may have no storage yet.
        guard text.count > 0, let other = text.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, other, text.count) == 0 }
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (spelling, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(spelling)
        }
    }

    /// Eight bytes at a time, each word multiplied in: spread enough for a table of a few
    /// thousand, and texts that collide on purpose only slow the read of their own ledger.
    static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9e37_79b9_7f4a_7c15
        var hash = UInt64(text.count) &* multiplier
        guard let bytes = text.baseAddress else { return hash }
        var offset = 0
        while offset < text.count {
            var word: UInt64 = 0
            let count = min(8, text.count - offset)
            withUnsafeMutableBytes(of: &word) { $0.baseAddress!.copyMemory(from: bytes + offset, byteCount: count) }
            offset += count
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
        }
        return hash
    }
}
