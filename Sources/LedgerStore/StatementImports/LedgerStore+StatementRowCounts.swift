import Ledger
import Storage

/// How many identical rows of each day a statement file has given so far, for the days its
/// import no longer holds in memory (`RowOccurrences`): a temporary table of the connection, on
/// disk with a page cache of its own, emptied for each file and rolled back with it.
extension LedgerStore {
    /// An empty table for the next file.
    public func startStatementRowCounts() throws {
        try connection.execute(
            """
            CREATE TEMP TABLE IF NOT EXISTS statement_row_counts (
                day INTEGER NOT NULL, high INTEGER NOT NULL, low INTEGER NOT NULL, seen INTEGER NOT NULL,
                PRIMARY KEY (day, high, low)) WITHOUT ROWID
            """)
        try connection.execute("DELETE FROM temp.statement_row_counts")
        // Days are kept in order and rarely read back: 1 MiB of cache is enough, not SQLite's 2 MB.
        try connection.execute("PRAGMA temp.cache_size = -1024")
    }

    /// Keeps one day's counts (replacing what was kept of that day), by the 128-bit key of each
    /// row's identity.
    public func keepStatementRowCounts(day: Int, _ counts: [(high: Int64, low: Int64, seen: Int)]) throws {
        let insert = try connection.cached("INSERT OR REPLACE INTO temp.statement_row_counts (day, high, low, seen) VALUES (?, ?, ?, ?)")
        for count in counts {
            try insert.run([.integer(Int64(day)), .integer(count.high), .integer(count.low), .integer(Int64(count.seen))])
        }
    }

    /// The count kept of one row of `day`, nil when none is.
    public func statementRowCount(day: Int, high: Int64, low: Int64) throws -> Int? {
        let query = try connection.cached("SELECT seen FROM temp.statement_row_counts WHERE day = ? AND high = ? AND low = ?")
        try query.bind([.integer(Int64(day)), .integer(high), .integer(low)])
        return try query.step() ? query.int(0) : nil
    }

    /// The page cache of a write that streams many rows through one transaction, in KiB.
    public func setPageCache(kibibytes: Int) throws {
        try connection.execute("PRAGMA cache_size = -\(kibibytes)")
    }
}
