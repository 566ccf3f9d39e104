import Ledger

/// Which of a file's identical rows of one day a row is (two coffees: the n-th stays the n-th),
/// with only the current day's counts in memory: when the rows move to another day, what the
/// day counted goes to `keep`, and on a day the rows come back to (a file not in day order) each
/// row's count so far is asked of `recall`, one row at a time, so that a file whose days
/// interleave costs no more per row than one in day order. Memory holds one day's rows however
/// many a file has.
public struct RowOccurrences {
    public typealias Count = (high: Int64, low: Int64, seen: Int)

    private let keep: (_ day: Int, _ counts: [Count]) throws -> Void
    private let recall: (_ day: Int, _ high: Int64, _ low: Int64) throws -> Int?
    private var day: Int?
    /// The current day's counts of the rows seen since the file came to it.
    private var counts: [RowKey: Int] = [:]
    /// Whether the current day was kept before: its other rows' counts are with `recall`.
    private var isRecalled = false
    /// The days whose counts were kept, to know a day come back (a few thousand in any file).
    private var keptDays: Set<Int> = []

    /// `keep` stores each count given, replacing what it held of that day and row; `recall`
    /// gives back the count stored of one day's row, nil for none.
    public init(
        keep: @escaping (_ day: Int, _ counts: [Count]) throws -> Void,
        recall: @escaping (_ day: Int, _ high: Int64, _ low: Int64) throws -> Int?
    ) {
        self.keep = keep
        self.recall = recall
    }

    /// How many rows identical to `entry` came before it in the file; nil for a row the file
    /// identifies itself (an OFX `FITID`).
    public mutating func occurrence(of entry: StatementEntry) throws -> Int? {
        guard entry.identity.hasPrefix("row:") else { return nil }
        let date = entry.date.daysSinceEpoch
        try move(to: date)
        let key = RowKey(entry.identity)
        let seen =
            try counts[key]
            ?? (isRecalled ? recall(date, Int64(bitPattern: key.high), Int64(bitPattern: key.low)) ?? 0 : 0)
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
        isRecalled = keptDays.contains(next)
        day = next
    }
}
