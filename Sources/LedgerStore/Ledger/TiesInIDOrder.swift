import Ledger

/// Hands on rows read in time order in (time, ID) order, as `ORDER BY t.transaction_time, t.id`
/// would: the time index gives the first, and only the rows of one second are held and put in
/// ID order here. Asked for both, SQLite copies every row read into a temporary B-tree to order
/// the few that share a second, which took a fifth of a year's recurring report. A statement's
/// rows share their day's midnight: a day's are held then, up to `limit`.
///
/// IDs compare by their UTF-8 bytes, as SQLite's BINARY collation compares them.
struct TiesInIDOrder<Row> {
    /// More rows of one second than are held: none of that second was handed on, and the reader
    /// reads on from it with SQLite ordering the IDs, so that memory stays flat.
    struct TooManyTies: Error {
        let time: Int64
    }

    /// Rows of one second held at most: a few MB of report rows.
    static var limit: Int { 4_096 }

    private var held: [Row] = []
    private var ids: [String] = []
    private var heldTime: Int64 = 0
    private var order: [Int] = []

    /// `row`, read after every row of an earlier second; throws `TooManyTies` past `limit` rows
    /// of one, or what `body` throws.
    mutating func add(_ row: Row, id: String, time: Int64, _ body: (Row) throws -> Void) throws {
        if !held.isEmpty, time != heldTime { try finish(body) }
        guard held.count < Self.limit else { throw TooManyTies(time: time) }
        heldTime = time
        held.append(row)
        ids.append(id)
    }

    /// Hands on what is held, once the last row is read.
    mutating func finish(_ body: (Row) throws -> Void) rethrows {
        defer {
            held.removeAll(keepingCapacity: true)
            ids.removeAll(keepingCapacity: true)
        }
        guard held.count > 1 else {
            for row in held { try body(row) }
            return
        }
        // The rows stay where they are: only their places are sorted.
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: held.indices)
        let ids = self.ids
        order.sort { ids[$0].precedesInBytes(ids[$1]) }
        for index in order { try body(held[index]) }
    }
}
