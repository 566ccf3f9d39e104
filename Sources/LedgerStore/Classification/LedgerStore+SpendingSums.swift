import Ledger
import Storage

/// Spending summed per (month, account, category, MCC, currency): kept in the summary table by
/// its triggers, summed again from scratch by `rebuildSpendingSummary`, and summed for what the
/// summary does not hold (days that are not whole months, merchants, pending rows, an overlay)
/// by `forEachSpendingSum`. All three are one SQL statement (`SpendingSumsSQL`), but for the sums
/// by merchant, which add up the same statement's rows here, exactly as it would.
extension LedgerStore {
    /// A row of spending sums.
    public struct SpendingSummaryRow: Sendable, Equatable {
        public let month: YearMonth
        public let accountID: String
        public let category: String
        public let merchantCategoryCode: Int?
        public let currency: String
        /// The merchant's name, else the description (only when summed by merchant).
        public let merchant: String?
        public let spentSum: SpendingSum
        public let refundedSum: SpendingSum
        public let count: Int

        /// `MoneyError.overflow` when the sum does not fit 64 bits (the summary itself stays exact).
        public var spent: Int64 { get throws { try spentSum.units(currency: currency) } }
        public var refunded: Int64 { get throws { try refundedSum.units(currency: currency) } }
    }

    /// One counted expense or refund (a split's part on its own), unsummed, for what converts
    /// each on its own day (`forEachSpendingEntry`).
    public struct SpendingEntry: Sendable, Equatable {
        public let month: YearMonth
        public let accountID: String
        public let category: String
        public let merchantCategoryCode: Int?
        public let currency: String
        /// The merchant's name, else the description (only when read by merchant).
        public let merchant: String?
        public let isRefund: Bool
        /// Positive, in 1/10,000 units of `currency`.
        public let amount: Int64
        /// The transaction's instant, in seconds since 1970.
        public let time: Int64
    }

    /// Where `forEachSpendingSum` reads each row's classification.
    public enum SpendingSource: Sendable {
        /// What the ledger stores.
        case stored
        /// The overlay's classifications (`withClassificationOverlay`).
        case overlay
        /// What the ledger stores, in the overlay's months (`withMonthOverlay`).
        case storedInOverlayMonths
    }

    /// Silences the triggers (queue and summary) while everything is classified again: the
    /// summary is then summed from scratch (`rebuildSpendingSummary`) and `finishClassification`
    /// turns them back on.
    public func beginClassificationRebuild() throws {
        try connection.cached("UPDATE classification_state SET built = 0").run()
    }

    /// A write transaction (`transaction`) running `body`, with the summary's sums of the rows it
    /// inserts through `insertTransactions` and `upsertTransaction` added up here and written
    /// once before the commit, instead of by the `sum_inserted` trigger, which the first insert
    /// drops for the while and which is made again from its own SQL. SQLite makes and zeroes a
    /// frame for a trigger's program on every row, whatever its `WHEN`: without it a sync of
    /// 100k transactions ran 13 % fewer instructions. `pack_inserted` is dropped with it, and
    /// the charge packs of every bucket from the first to the last time inserted are deleted
    /// before the commit instead. Should `body` throw, the rollback brings the triggers back,
    /// and with them nothing summed here. Any other insert of a transaction inside `body` would
    /// go unsummed: only a sync's change-set writer runs in it.
    public func transactionSummingInserts<T>(_ body: () throws -> T) throws -> T {
        try transaction {
            let triggerSQL = "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?"
            guard insertedSpendingSums == nil, try classificationStatus()?.built == true,
                let trigger = try connection.scalarText(triggerSQL, [.text("sum_inserted")]),
                let packTrigger = try connection.scalarText(triggerSQL, [.text("pack_inserted")])
            else { return try body() }
            insertedSpendingSums = InsertedSpendingSums(trigger: trigger, packTrigger: packTrigger)
            defer { insertedSpendingSums = nil }
            let result = try body()
            // SQLite rolled back by itself (a full disk): the triggers are back, and nothing to write.
            guard connection.isInTransaction, let sums = insertedSpendingSums, sums.areTriggersDropped else { return result }
            try writeSums(sums)
            if let times = sums.insertedTimes {
                try connection.cached("DELETE FROM charge_packs WHERE bucket BETWEEN ? AND ?").run([
                    .integer(ChargePack.bucket(of: times.lowerBound)), .integer(ChargePack.bucket(of: times.upperBound)),
                ])
            }
            try connection.execute(sums.trigger)
            try connection.execute(sums.packTrigger)
            return result
        }
    }

    private func writeSums(_ sums: InsertedSpendingSums) throws {
        let base = SpendingSum.base
        let add = try connection.prepare(
            """
            INSERT INTO spending_summary (\(SpendingSumsSQL.summaryColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET
                spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / \(base),
                spent_low = (spent_low + excluded.spent_low) % \(base),
                refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / \(base),
                refunded_low = (refunded_low + excluded.refunded_low) % \(base),
                count = count + excluded.count
            """)
        for (key, row) in sums.rowsInKeyOrder {
            try add.run([
                .integer(key.month), .text(key.accountID), .text(key.category), .integer(key.merchantCategoryCode), .text(key.currency),
                .integer(row.spent.high), .integer(row.spent.low), .integer(row.refunded.high), .integer(row.refunded.low),
                .integer(row.count),
            ])
        }
    }

    /// Within `transactionSummingInserts`, drops the `sum_inserted` and `pack_inserted` triggers
    /// before the first insert: a transaction that inserts nothing leaves the schema as it was.
    func droppingInsertTriggersBeforeInserts() throws {
        guard insertedSpendingSums?.areTriggersDropped == false else { return }
        try connection.execute("DROP TRIGGER sum_inserted; DROP TRIGGER pack_inserted")
        insertedSpendingSums?.areTriggersDropped = true
    }

    /// Sums the counted expenses and refunds of the whole ledger into the summary again, exactly.
    public func rebuildSpendingSummary() throws {
        try connection.cached("DELETE FROM spending_summary").run()
        let sums = SpendingSumsSQL(classified: .stored, range: nil, states: [.counted], byMerchant: false)
        try connection.prepare("INSERT INTO spending_summary (\(SpendingSumsSQL.summaryColumns)) \(sums.select)").run(sums.values)
    }

    /// How many rows of the summary differ from the same sums made from scratch of the stored
    /// classification (into a temporary table), and the first of them.
    public func spendingSummaryDifferences() throws -> (count: Int, first: String?) {
        // Emptied, never dropped: a table cannot go while a statement of the connection is open.
        try connection.execute("CREATE TEMP TABLE IF NOT EXISTS spending_check AS SELECT * FROM spending_summary WHERE 0")
        try connection.execute("DELETE FROM temp.spending_check")
        defer { try? connection.execute("DELETE FROM temp.spending_check") }
        let sums = SpendingSumsSQL(classified: .stored, range: nil, states: [.counted], byMerchant: false)
        try connection.prepare("INSERT INTO temp.spending_check (\(SpendingSumsSQL.summaryColumns)) \(sums.select)").run(sums.values)
        let columns = SpendingSumsSQL.normalizedSummaryColumns
        let query = try connection.prepare(
            """
            SELECT month, account_id, category, currency FROM (
                SELECT \(columns) FROM main.spending_summary WHERE count != 0 EXCEPT SELECT \(columns) FROM temp.spending_check
                UNION ALL
                SELECT \(columns) FROM temp.spending_check EXCEPT SELECT \(columns) FROM main.spending_summary WHERE count != 0
            ) ORDER BY 1, 2, 3, 4
            """)
        var count = 0
        var first: String?
        while try query.step() {
            if first == nil {
                first = "\(Classification.month(number: query.int64(0))) \(query.text(1)) \(query.text(2)) \(query.text(3))"
            }
            count += 1
        }
        return (count, first)
    }

    /// The summary's rows, in key order: of `accountIDs` (nil: every account), from `first` to
    /// `last` (nil: open), of `currencies` (empty: any).
    public func spendingSummary(
        accountIDs: [String]? = nil, first: YearMonth? = nil, last: YearMonth? = nil, currencies: [String] = []
    ) throws -> [SpendingSummaryRow] {
        var rows: [SpendingSummaryRow] = []
        try forEachSpendingSummaryRow(accountIDs: accountIDs, first: first, last: last, currencies: currencies) { rows.append($0) }
        return rows
    }

    /// The rows of `spendingSummary`, one by one as read.
    public func forEachSpendingSummaryRow(
        accountIDs: [String]? = nil, first: YearMonth? = nil, last: YearMonth? = nil, currencies: [String] = [],
        _ body: (SpendingSummaryRow) throws -> Void
    ) throws {
        // A row whose transactions all went is left at 0 by the triggers.
        var conditions = ["count != 0"]
        var values: [SQLValue] = []
        func add(_ membership: SQLMembership) {
            conditions.append(membership.sql)
            values += membership.values
        }
        if let accountIDs {
            guard !accountIDs.isEmpty else { return }
            add(SQLMembership("account_id", accountIDs.map(SQLValue.text)))
        }
        if let first {
            conditions.append("month >= ?")
            values.append(.integer(Classification.number(of: first)))
        }
        if let last {
            conditions.append("month <= ?")
            values.append(.integer(Classification.number(of: last)))
        }
        if !currencies.isEmpty { add(SQLMembership("currency", currencies.map(SQLValue.text))) }
        let query = try connection.prepare(
            """
            SELECT \(SpendingSumsSQL.summaryColumns)
            FROM spending_summary WHERE \(conditions.joined(separator: " AND ")) ORDER BY 1, 2, 3, 4, 5
            """)
        try query.bind(values)
        try Self.forEachSpendingRow(query, byMerchant: false, body)
    }

    /// The sums of the transactions `selection` reads (its range, accounts and currencies) in
    /// `states`, classified as `source` says, per summary key and, `byMerchant`, per merchant,
    /// in key order (by merchant, as `forEachMerchantSum` says). By merchant they are held until the
    /// last row is read (a report reads a month at a time); else they are handed out one by one as
    /// read.
    public func forEachSpendingSum(
        _ selection: ReportSelection, states: [ClassificationState], byMerchant: Bool, source: SpendingSource,
        _ body: (SpendingSummaryRow) throws -> Void
    ) throws {
        var range = TimeRangeSQL(from: selection.from, until: selection.until, ranges: selection.accountRanges)
        if !selection.currencies.isEmpty {
            range.add(SQLMembership("t.currency", selection.currencies.map(SQLValue.text)))
        }
        let months = (from: selection.classifiedFrom, before: selection.classifiedBefore)
        guard !byMerchant else { return try forEachMerchantSum(range, months: months, states: states, source: source, body) }
        let sums = SpendingSumsSQL(
            classified: source, range: range, months: months, states: states, byMerchant: byMerchant, splits: hasOverrides)
        let query = try connection.prepare(sums.select)
        try query.bind(sums.values)
        try Self.forEachSpendingRow(query, byMerchant: byMerchant, body)
    }

    /// A merchant's sums: nearly as many as the rows, so SQLite's GROUP BY sorted every row with its
    /// texts and then the groups again, three times as long as reading the rows. They are summed
    /// here instead, from the same statement's rows, per key of the same bytes (as GROUP BY tells
    /// texts apart). They are handed out in the statement's order when two of a field's texts are
    /// canonically equal in other bytes: a caller keyed by Swift's `==` keeps the first spelling it
    /// is given, which must be the one SQL gives first. Otherwise the order cannot change what a
    /// caller makes of them, and they come in the order first read.
    private func forEachMerchantSum(
        _ range: TimeRangeSQL, months: (from: YearMonth?, before: YearMonth?), states: [ClassificationState], source: SpendingSource,
        _ body: (SpendingSummaryRow) throws -> Void
    ) throws {
        let sql = SpendingSumsSQL(
            classified: source, range: range, months: months, states: states, byMerchant: true, splits: hasOverrides, entries: true)
        let query = try connection.prepare(sql.select)
        try query.bind(sql.values)
        // Accounts, categories and currencies are few: kept once each, a key holds their places.
        var (accounts, categories, currencies) = (TextsInBytes(), TextsInBytes(), TextsInBytes())
        var merchants: [String: String] = [:]
        var spelledApart = false
        var places: [MerchantSumKey: Int] = [:]
        var groups: [(key: MerchantSumKey, spent: SpendingSum, refunded: SpendingSum, count: Int)] = []
        while try query.step() {
            let key = MerchantSumKey(
                month: query.int64(0), accountID: accounts.place(of: query.text(1)), category: categories.place(of: query.text(2)),
                code: query.int64(3), currency: currencies.place(of: query.text(4)), merchant: query.text(8))
            let place: Int
            if let known = places[key] {
                place = known
            } else {
                place = groups.count
                places[key] = place
                groups.append((key, SpendingSum(), SpendingSum(), 0))
                let spelling = merchants[key.merchant] ?? key.merchant
                merchants[key.merchant] = spelling
                spelledApart = spelledApart || !spelling.hasSameBytes(as: key.merchant)
            }
            if query.text(5) == Flow.refund.rawValue {
                groups[place].refunded.add(query.int64(6))
            } else {
                groups[place].spent.add(query.int64(6))
            }
            groups[place].count += 1
        }
        places = [:]
        merchants = [:]
        if spelledApart || accounts.spelledApart || categories.spelledApart || currencies.spelledApart {
            let ranks = (accounts: accounts.ranks(), categories: categories.ranks(), currencies: currencies.ranks())
            let order = { (key: MerchantSumKey) in
                (key.month, ranks.accounts[key.accountID], ranks.categories[key.category], key.code, ranks.currencies[key.currency])
            }
            groups.sort { left, right in
                let (leftOrder, rightOrder) = (order(left.key), order(right.key))
                return leftOrder != rightOrder ? leftOrder < rightOrder : left.key.merchant.precedesInBytes(right.key.merchant)
            }
        }
        for (key, spent, refunded, count) in groups {
            try body(
                SpendingSummaryRow(
                    month: Classification.month(number: key.month), accountID: accounts[key.accountID], category: categories[key.category],
                    merchantCategoryCode: key.code < 0 ? nil : Int(key.code), currency: currencies[key.currency], merchant: key.merchant,
                    spentSum: spent, refundedSum: refunded, count: count))
        }
    }

    /// What a merchant's sums are per: the other texts by their places (`TextsInBytes`), the merchant equal
    /// only in the same bytes.
    private struct MerchantSumKey: Hashable {
        let month: Int64
        let accountID: Int
        let category: Int
        let code: Int64
        let currency: Int
        let merchant: String

        // A merchant of the same bytes is canonically equal too, so it hashes alike.
        static func == (left: Self, right: Self) -> Bool {
            (left.month, left.accountID, left.category, left.code, left.currency)
                == (right.month, right.accountID, right.category, right.code, right.currency)
                && left.merchant.hasSameBytes(as: right.merchant)
        }
    }

    /// Hands out the rows `forEachSpendingSum` would sum, one by one as read (ten years of them would
    /// not fit a report's memory), but only those in another currency than `currency`: a
    /// conversion sums the rows already in its currency as they are and converts the others,
    /// each on its own day.
    public func forEachSpendingEntry(
        _ selection: ReportSelection, states: [ClassificationState], byMerchant: Bool, source: SpendingSource,
        notIn currency: String, _ body: (SpendingEntry) throws -> Void
    ) throws {
        var range = TimeRangeSQL(from: selection.from, until: selection.until, ranges: selection.accountRanges)
        if !selection.currencies.isEmpty {
            range.add(SQLMembership("t.currency", selection.currencies.map(SQLValue.text)))
        }
        range.add(SQLMembership("t.currency", [.text(currency)], negated: true))
        let sql = SpendingSumsSQL(
            classified: source, range: range, months: (selection.classifiedFrom, selection.classifiedBefore), states: states,
            byMerchant: byMerchant, splits: hasOverrides, entries: true)
        let query = try connection.prepare(sql.select)
        try query.bind(sql.values)
        while try query.step() {
            let code = query.int64(3)
            try body(
                SpendingEntry(
                    month: Classification.month(number: query.int64(0)), accountID: query.text(1), category: query.text(2),
                    merchantCategoryCode: code < 0 ? nil : Int(code), currency: query.text(4),
                    merchant: byMerchant ? query.text(8) : nil, isRefund: query.text(5) == Flow.refund.rawValue,
                    amount: query.int64(6), time: query.int64(7)))
        }
    }

    /// Runs `body` with `classifications` (by row ID) standing in for the stored ones where
    /// `forEachSpendingSum(..., source: .overlay)` reads: a temporary table, so even a read-only ledger
    /// sums a classification it could not store in the one statement it stores with.
    public func withClassificationOverlay<T>(
        _ classifications: (_ add: (Int64, Classification) throws -> Void) throws -> Void, _ body: () throws -> T
    ) throws -> T {
        try withOverlay(
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            { insert in
                try classifications { rowID, classification in
                    try insert.run([.integer(rowID)] + Self.classificationValues(classification) + [.optional(classification.merchant)])
                }
            }, body)
    }

    /// Runs `body` with the months `month` gives (of an account and an instant) standing in for
    /// the stored ones of the rows `selection` reads, where `forEachSpendingSum(..., source:
    /// .storedInOverlayMonths)` reads: a report in other zones (`--tz`). Only the rows whose
    /// month moves are held, a few near each month's edges.
    public func withMovedMonths<T>(
        _ selection: ReportSelection, month: (_ accountID: String, _ time: Int64) -> YearMonth, _ body: () throws -> T
    ) throws -> T {
        try withOverlay(
            "(row_id, class_month) VALUES (?, ?)",
            { insert in
                let range = TimeRangeSQL(from: selection.from, until: selection.until, ranges: selection.accountRanges)
                let query = try connection.prepare(
                    """
                    SELECT t.row_id, t.account_id, t.transaction_time, t.class_month FROM transactions t
                    \(range.conditions.isEmpty ? "" : "WHERE " + range.conditions.joined(separator: " AND "))
                    """)
                try query.bind(range.values)
                while try query.step() {
                    let moved = Classification.number(of: month(query.text(1), query.int64(2)))
                    if moved != query.int64(3) { try insert.run([.integer(query.int64(0)), .integer(moved)]) }
                }
            }, body)
    }

    /// Fills the overlay with `fill`, given its insert (`insertion` after `INSERT INTO`), for `body`.
    private func withOverlay<T>(_ insertion: String, _ fill: (Statement) throws -> Void, _ body: () throws -> T) throws -> T {
        // Emptied, never dropped: a table cannot go while a statement of the connection is open.
        try connection.execute(
            """
            CREATE TEMP TABLE IF NOT EXISTS classification_overlay (row_id INTEGER PRIMARY KEY, class_state TEXT, class_flow TEXT,
                class_category TEXT, class_source TEXT, class_reason TEXT, class_partner TEXT, class_month INTEGER,
                class_merchant TEXT)
            """)
        defer { try? connection.execute("DELETE FROM temp.classification_overlay") }
        try connection.execute("DELETE FROM temp.classification_overlay")
        let insert = try connection.prepare("INSERT INTO temp.classification_overlay \(insertion)")
        try fill(insert)
        return try body()
    }

    private static func forEachSpendingRow(
        _ query: Statement, byMerchant: Bool, _ body: (SpendingSummaryRow) throws -> Void
    ) throws {
        while try query.step() {
            let code = query.int64(3)
            try body(
                SpendingSummaryRow(
                    month: Classification.month(number: query.int64(0)), accountID: query.text(1), category: query.text(2),
                    merchantCategoryCode: code < 0 ? nil : Int(code), currency: query.text(4),
                    merchant: byMerchant ? query.text(10) : nil,
                    spentSum: SpendingSum(high: query.int64(5), low: query.int64(6)),
                    refundedSum: SpendingSum(high: query.int64(7), low: query.int64(8)), count: query.int(9)))
        }
    }
}
