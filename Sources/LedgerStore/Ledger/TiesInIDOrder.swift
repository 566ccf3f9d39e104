import Ledger
import Storage

/// Hands on rows read in time order in (time, ID) order, as `ORDER BY t.transaction_time, t.id`
/// would: the time index gives the first, and only the rows of one second are held and put in
/// ID order here. Asked for both, SQLite copies every row read into a temporary B-tree to order
/// the few that share a second, which took a fifth of a year's recurring report. A statement's
/// rows share their day's midnight: a day's are held then, up to `limit`.
///
/// IDs compare by their UTF-8 bytes, as SQLite's BINARY collation compares them (`precedes`).
struct TiesInIDOrder<Row> {
    /// More rows of one second than are held: none of that second was handed on.
    struct TooManyTies: Error {
        let time: Int64
    }

    /// Which seconds a read takes, past a second of too many rows.
    enum Seconds {
        case all
        /// That second alone, its rows ordered by SQLite.
        case only(Int64)
        case after(Int64)

        /// The condition on `t.transaction_time`, if any, and the value it binds.
        var condition: (sql: [String], values: [SQLValue]) {
            switch self {
            case .all: ([], [])
            case .only(let time): (["t.transaction_time = ?"], [.integer(time)])
            case .after(let time): (["t.transaction_time > ?"], [.integer(time)])
            }
        }

        var tiesInSQL: Bool {
            if case .only = self { return true }
            return false
        }
    }

    /// Rows of one second held at most: a few MB of report rows.
    static var limit: Int { 4_096 }

    /// Whether the first row's ID comes before the second's.
    private let precedes: (Row, Row) -> Bool
    private var held: [Row] = []
    private var heldTime: Int64 = 0
    private var order: [Int] = []

    init(precedes: @escaping (Row, Row) -> Bool) {
        self.precedes = precedes
    }

    /// Hands `body` the rows of the queries `prepare` makes (bound, for the seconds given,
    /// ordering ties by ID itself when told), each row made by `row` (nil: left out). With
    /// `ordersTies`, the ties of every second are ordered here, and after a second of too many
    /// rows, that second alone by SQLite, then the seconds after it here again: memory stays
    /// flat, and only a crowded second goes through SQLite's sort. The reads are one snapshot of the ledger, however many.
    static func forEach(
        _ store: LedgerStore, ordersTies: Bool,
        prepare: (_ seconds: Seconds, _ tiesInSQL: Bool) throws -> Statement,
        row: (Statement) throws -> (row: Row, time: Int64)?, precedes: @escaping (Row, Row) -> Bool,
        _ body: (Row) throws -> Void
    ) throws {
        func read(_ seconds: Seconds) throws {
            let tiesInSQL = !ordersTies || seconds.tiesInSQL
            let statement = try prepare(seconds, tiesInSQL)
            var ties = Self(precedes: precedes)
            while try statement.step() {
                guard let read = try row(statement) else { continue }
                if tiesInSQL { try body(read.row) } else { try ties.add(read.row, time: read.time, body) }
            }
            try ties.finish(body)
        }
        guard ordersTies else { return try read(.all) }
        try store.readSnapshot {
            var seconds = Seconds.all
            while true {
                do {
                    return try read(seconds)
                } catch let crowded as TooManyTies {
                    try read(.only(crowded.time))
                    seconds = .after(crowded.time)
                }
            }
        }
    }

    /// `row`, read after every row of an earlier second; throws `TooManyTies` past `limit` rows
    /// of one, or what `body` throws.
    mutating func add(_ row: Row, time: Int64, _ body: (Row) throws -> Void) throws {
        if !held.isEmpty, time != heldTime { try finish(body) }
        guard held.count < Self.limit else { throw TooManyTies(time: time) }
        heldTime = time
        held.append(row)
    }

    /// Hands on what is held, once the last row is read.
    mutating func finish(_ body: (Row) throws -> Void) rethrows {
        // Most seconds hold one row: it is moved out, not copied and then the arrays emptied.
        if held.count == 1 { return try body(held.removeLast()) }
        guard !held.isEmpty else { return }
        // Taken out while sorted and handed on, and put back empty: the storage stays one.
        var tied: [Row] = []
        swap(&tied, &held)
        defer {
            tied.removeAll(keepingCapacity: true)
            held = tied
        }
        // The rows stay where they are: only their places are sorted.
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: tied.indices)
        let precedes = self.precedes
        order.sort { precedes(tied[$0], tied[$1]) }
        for index in order { try body(tied[index]) }
    }
}
