import Ledger

/// Which of a file's identical rows of one day a row is (two coffees: the n-th stays the n-th),
/// with only the current day's counts in memory: when the rows move to another day, the day's
/// counts go to `keep`, and a day the rows come back to (a file not in day order) has its counts
/// asked back of `recall`. Statements are written in day order, so memory holds one day's rows
/// however many a file has.
public struct RowOccurrences {
    public typealias Count = (high: Int64, low: Int64, seen: Int)

    private let keep: (_ day: Int, _ counts: [Count]) throws -> Void
    private let recall: (_ day: Int) throws -> [Count]
    private var day: Int?
    private var counts: [RowKey: Int] = [:]
    /// The days whose counts were kept, to know a day come back (a few thousand in any file).
    private var keptDays: Set<Int> = []

    public init(keep: @escaping (_ day: Int, _ counts: [Count]) throws -> Void, recall: @escaping (_ day: Int) throws -> [Count]) {
        self.keep = keep
        self.recall = recall
    }

    /// How many rows identical to `entry` came before it in the file; nil for a row the file
    /// identifies itself (an OFX `FITID`).
    public mutating func occurrence(of entry: StatementEntry) throws -> Int? {
        guard entry.identity.hasPrefix("row:") else { return nil }
        try move(to: entry.date.daysSinceEpoch)
        let key = RowKey(entry.identity)
        let seen = counts[key, default: 0]
        counts[key] = seen + 1
        return seen
    }

    private mutating func move(to next: Int) throws {
        guard day != next else { return }
        if let current = day {
            try keep(current, counts.map { (Int64(bitPattern: $0.key.high), Int64(bitPattern: $0.key.low), $0.value) })
            keptDays.insert(current)
            counts = [:]
        }
        if keptDays.contains(next) {
            for count in try recall(next) {
                counts[RowKey(high: UInt64(bitPattern: count.high), low: UInt64(bitPattern: count.low))] = count.seen
            }
        }
        day = next
    }
}
