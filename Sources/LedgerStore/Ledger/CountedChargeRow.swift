import Ledger
import Storage

/// A row of `forEachCountedCharge`'s query as read, its texts still bytes: copying them out is
/// all the reading thread does, and the strings are made on the thread that takes the rows
/// (`CountedChargeRows`), so that the two share the work.
struct CountedChargeRow: Sendable {
    /// Where the texts are, in the order of `Text`, one after the other.
    private let arena: TextArena
    private let start: Int
    /// Where each text ends after `start`, by `Text`'s raw value.
    private let ends: SIMD8<Int32>
    let time: Int64
    let amount: Int64
    let isCredit: Bool
    let isSplit: Bool

    enum Text: Int, CaseIterable {
        case id, accountID, merchant, currency, flow, category
    }

    /// The columns of the texts, in the order of `Text`.
    private static let textColumns: [Int32] = [0, 1, 2, 5, 7, 8]

    /// The row of `t.id, t.account_id, merchant, t.transaction_time, t.amount, t.currency,
    /// is credit, t.class_flow, t.class_category, is split`, its texts copied into `arena`
    /// (replaced by a new one when full).
    init(_ statement: Statement, arena: inout TextArena) {
        var ends = SIMD8<Int32>()
        (self.arena, start) = withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: Self.textColumns.count) {
            columns in
            // SQLite keeps each column's text where it is until the statement steps on: all
            // are found first, so that their bytes are copied in one after the other.
            var total = 0
            for (index, column) in Self.textColumns.enumerated() {
                let text = statement.withText(column) { $0 }
                columns.initializeElement(at: index, to: text)
                total += text.count
                ends[index] = Int32(truncatingIfNeeded: total)
            }
            if !arena.fits(total) { arena = TextArena(fitting: total) }
            return (arena, arena.append(columns))
        }
        self.ends = ends
        time = statement.int64(3)
        amount = statement.int64(4)
        isCredit = statement.int64(6) == 1
        isSplit = statement.int64(9) == 1
    }

    /// Hands `body` the bytes of each text, by `Text`'s raw value.
    func withTexts<Result>(_ body: (_ text: (Text) -> UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let base = arena.bytes + start
        return try body { text in
            let from = text == .id ? 0 : Int(ends[text.rawValue - 1])
            return UnsafeBufferPointer(start: base + from, count: Int(ends[text.rawValue]) - from)
        }
    }

    /// Whether its ID comes before `other`'s in the order of their bytes, as SQLite's BINARY
    /// collation orders them.
    func precedesInID(_ other: CountedChargeRow) -> Bool {
        withTexts { mine in other.withTexts { theirs in mine(.id).byteOrder(of: theirs(.id)) < 0 } }
    }
}
