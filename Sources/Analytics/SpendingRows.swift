import Ledger
import Storage

/// `report spending`'s rows, in the report's order. Up to `heldAtMost` of them are held as they
/// are; past that, all of them go to a private temporary database (SQLite's own, opened with an
/// empty name), which keeps a small cache in memory and the rest in a file it deletes when the
/// rows go: ten years by merchant on a large ledger are hundreds of thousands of rows, over 300
/// MB as values. They are read back a row at a time, as often as a rendering needs (text sizes
/// its columns first).
public final class SpendingRows {
    /// About 2 MB of rows: a report of a few thousand never touches SQLite, which took a tenth of
    /// ten years' spending by MCC (7,000 rows) to write them and read them back.
    static let heldAtMost = 8_192

    private var held: [SpendingReport.Row] = []
    private var spill: (connection: Connection, insert: Statement)?
    /// How many rows there are.
    public private(set) var count = 0
    /// Each currency's largest net, for text's bars.
    private var largestNets: [String: Int64] = [:]

    init() {}

    /// Adds `row` after the others.
    func append(_ row: SpendingReport.Row) throws {
        count += 1
        largestNets[row.currency] = max(largestNets[row.currency] ?? row.net, row.net)
        if let spill { return try Self.insert(row, spill.insert) }
        held.append(row)
        guard held.count > Self.heldAtMost else { return }
        let connection = try Connection(path: "")
        // The cache is what the rows take in memory, however many; nothing is ever rolled back,
        // so nothing is journaled.
        try connection.execute(
            """
            PRAGMA cache_size = -1024;
            PRAGMA journal_mode = OFF;
            CREATE TABLE row (period INTEGER NOT NULL, key TEXT NOT NULL, mcc INTEGER, category TEXT, currency TEXT NOT NULL,
                spent INTEGER NOT NULL, refunded INTEGER NOT NULL, count INTEGER NOT NULL, previous_net INTEGER);
            BEGIN
            """)
        let insert = try connection.prepare("INSERT INTO row VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        for row in held { try Self.insert(row, insert) }
        held = []
        spill = (connection, insert)
    }

    private static func insert(_ row: SpendingReport.Row, _ insert: Statement) throws {
        insert.reset()
        try insert.bind(Classification.number(of: row.period), at: 1)
        try insert.bind(row.key, at: 2)
        try insert.bind(row.merchantCategoryCode.map(Int64.init), at: 3)
        try insert.bind(row.category, at: 4)
        try insert.bind(row.currency, at: 5)
        try insert.bind(row.spent, at: 6)
        try insert.bind(row.refunded, at: 7)
        try insert.bind(Int64(row.count), at: 8)
        try insert.bind(row.previousNet, at: 9)
        _ = try insert.step()
    }

    /// The largest net of `currency`'s rows (0 when it has none).
    public func largestNet(_ currency: String) -> Int64 { largestNets[currency] ?? 0 }

    /// Each row in order, or (`currency`) each of that currency's.
    public func readEach(currency: String? = nil, _ body: (SpendingReport.Row) throws -> Void) throws {
        let cursor = try Cursor(self, currency: currency)
        while let row = try cursor.next() { try body(row) }
    }

    /// Reads the rows in order, one at a time.
    public final class Cursor {
        private let query: Statement?
        private let held: [SpendingReport.Row]
        private let currency: String?
        private var position = 0

        /// Of every row, or (`currency`) of that currency's.
        public init(_ rows: SpendingRows, currency: String? = nil) throws {
            held = rows.held
            self.currency = currency
            query = try rows.spill.map { spill in
                let query = try spill.connection.prepare(
                    "SELECT period, key, mcc, category, currency, spent, refunded, count, previous_net FROM row"
                        + (currency == nil ? "" : " WHERE currency = ?") + " ORDER BY rowid")
                if let currency { try query.bind(currency, at: 1) }
                return query
            }
        }

        /// The next row; nil after the last.
        public func next() throws -> SpendingReport.Row? {
            guard let query else {
                while position < held.count {
                    position += 1
                    if currency == nil || held[position - 1].currency == currency { return held[position - 1] }
                }
                return nil
            }
            guard try query.step() else { return nil }
            let code = query.optionalInt64(2).map { Int($0) }
            return try SpendingReport.Row(
                period: Classification.month(number: query.int64(0)), key: query.text(1), merchantCategoryCode: code,
                codeDescription: code.flatMap(MerchantCategoryCodeTable.description), category: query.optionalText(3),
                currency: query.text(4), spent: query.int64(5), refunded: query.int64(6), count: query.int(7),
                previousNet: query.optionalInt64(8))
        }
    }

    /// Every row, read back whole: for a report known to be small.
    public var all: [SpendingReport.Row] {
        get throws {
            var rows: [SpendingReport.Row] = []
            try readEach { rows.append($0) }
            return rows
        }
    }
}
