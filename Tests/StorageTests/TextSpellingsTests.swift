import Foundation
import Testing

@testable import Storage

@Suite struct TextSpellingsTests {
    /// Texts as SQL expressions: empty and NULL, both spellings of é, two invalid UTF-8
    /// sequences that decode to the same text, texts that share their first eight bytes or
    /// differ only past them, long ones, and many plain ones (so that the table grows).
    static let pool: [String] =
        [
            "''", "NULL", "'Caf\u{E9}'", "'Cafe\u{301}'", "CAST(x'ff41' AS TEXT)", "CAST(x'fe41' AS TEXT)", "'ABCDEFGH'",
            "'ABCDEFGHI'", "'ABCDEFGHJ'", "'ABCDEFGH1234567'", "'ABCDEFGH1234568'", "'\(String(repeating: "long ", count: 60))'",
            "'\(String(repeating: "long ", count: 60))!'", "'日本語のテキスト'", "'a'", "'b'",
        ] + (0..<300).map { "'merchant \($0)'" }

    /// Reads `order` (indices into `pool`) through `spellings`, checking each text against what
    /// `Statement.text` makes of it; returns each row's number and its text's bytes as stored.
    static func read(_ order: [Int], _ spellings: inout TextSpellings) throws -> [(spelling: Int32?, stored: String)] {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            try connection.execute("CREATE TABLE t (position INTEGER PRIMARY KEY, v TEXT)")
            for (position, index) in order.enumerated() {
                try connection.execute("INSERT INTO t VALUES (\(position), \(pool[index]))")
            }
            let select = try connection.prepare("SELECT v, quote(CAST(v AS BLOB)) FROM t ORDER BY position")
            var rows: [(Int32?, String)] = []
            while try select.step() {
                let (text, spelling) = select.withText(0) { spellings.read($0) }
                #expect(Array(text.utf8) == Array(select.text(0).utf8))
                // NULL reads as "", as `text` reads it.
                rows.append((spelling, select.isNull(0) ? "X''" : select.text(1)))
            }
            return rows
        }
    }

    @Test("one number for each spelling's bytes: equal numbers are equal bytes, and the two é spellings Swift takes as one keep two")
    func numbersFollowTheBytes() throws {
        // Every text of the pool, then again in a scattered order, then each three times running.
        let order =
            Array(Self.pool.indices) + (0..<2_000).map { ($0 * 7_919 + $0 / 3) % Self.pool.count }
            + Self.pool.indices.flatMap { [$0, $0, $0] }
        var spellings = TextSpellings()
        let rows = try Self.read(order, &spellings)
        #expect(rows.count == order.count)
        var numberOfBytes: [String: Int32] = [:]
        var bytesOfNumber: [Int32: String] = [:]
        for row in rows {
            let spelling = try #require(row.spelling)
            #expect(numberOfBytes[row.stored, default: spelling] == spelling)
            #expect(bytesOfNumber[spelling, default: row.stored] == row.stored)
            numberOfBytes[row.stored] = spelling
            bytesOfNumber[spelling] = row.stored
        }
        // NULL and '' are both no bytes: one number.
        #expect(numberOfBytes["NULL"] == nil)
        #expect(numberOfBytes.count == Self.pool.count - 1)
        #expect(numberOfBytes["X'436166C3A9'"] != numberOfBytes["X'43616665CC81'"])
        #expect(numberOfBytes["X'FF41'"] != numberOfBytes["X'FE41'"])
    }

    @Test("past the limit a new text has no number but reads as `Statement.text` reads it; those numbered before keep theirs")
    func pastTheLimit() throws {
        var spellings = TextSpellings(limit: 5)
        let order = Array(0..<8) + Array(0..<8)
        let rows = try Self.read(order, &spellings)
        // NULL has the number of '' (the first), so the first six texts take five numbers.
        #expect(rows.prefix(6).map(\.spelling) == [0, 0, 1, 2, 3, 4])
        #expect(rows[6...7].allSatisfy { $0.spelling == nil })
        #expect(rows[8...].map(\.spelling) == rows[..<8].map(\.spelling))
    }

    @Test("the hash takes every byte, whatever the text's length")
    func hashTakesEveryByte() {
        for length in 0...20 {
            let bytes = (0..<length).map { UInt8($0 + 65) }
            let hash = bytes.withUnsafeBufferPointer { TextSpellings.hash($0) }
            for position in 0..<length {
                var changed = bytes
                changed[position] ^= 1
                #expect(changed.withUnsafeBufferPointer { TextSpellings.hash($0) } != hash)
            }
            let longer = bytes + [0]
            #expect(longer.withUnsafeBufferPointer { TextSpellings.hash($0) } != hash)
        }
    }
}
