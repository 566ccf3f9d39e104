import Ledger
import Storage

/// The stored classification (README, "Stored classification"): each transaction's
/// classification in its `class_*` columns, the queue of transactions a change may have
/// reclassified (filled by triggers, in the change's own transaction), and spending summed per
/// (month, account, category, MCC, currency). Which classification is right is Analytics'
/// business: this only reads and writes it.
extension LedgerStore {
    /// Where the stored classification stands.
    public struct ClassificationStatus: Sendable, Equatable {
        /// False until the first build (a ledger of an older schema, before its first write).
        public let built: Bool
        /// A rule changed: everything must be classified again.
        public let rebuildNeeded: Bool
        /// Transactions wait in the queue.
        public let queued: Bool

        /// Whether reports may read the stored classification and summary as they are.
        public var isCurrent: Bool { built && !rebuildNeeded && !queued }
    }

    /// An entry of the queue: a transaction as it is now (a new or changed row) or as it was (a
    /// changed or deleted row): where an internal transfer or a statement duplicate could reach.
    public struct QueuedTransaction: Sendable, Hashable {
        public let rowID: Int64
        public let accountID: String
        public let currency: String
        public let amount: Int64
        public let time: Int64
        public let indicator: CreditDebitIndicator
        public let merchantCategoryCode: Int?
    }

    var hasStoredClassification: Bool { openedSchemaVersion >= 12 }

    /// The first schema whose stored classification reports read: schema 12's summary may hold
    /// a REAL, and before 17 pending rows were not classified and months were in the writer's
    /// `TZ`. Reports classify as they go on an older ledger until a write upgrades it.
    static let currentClassificationVersion = 17

    /// Nil for a ledger of an older schema, which has none.
    public func classificationStatus() throws -> ClassificationStatus? {
        guard hasStoredClassification else { return nil }
        guard openedSchemaVersion >= Self.currentClassificationVersion else {
            return ClassificationStatus(built: false, rebuildNeeded: false, queued: false)
        }
        let query = try connection.cached(
            "SELECT built, rebuild_needed, EXISTS (SELECT 1 FROM classification_queue) FROM classification_state")
        // Reset at once: a cached statement left on its row would hold the read snapshot open.
        defer { query.reset() }
        guard try query.step() else { return nil }
        return ClassificationStatus(built: query.int64(0) != 0, rebuildNeeded: query.int64(1) != 0, queued: query.int64(2) != 0)
    }

    /// The queue, `size` entries at a time: the entries of one amount come together, so the
    /// reach of one entry takes in those next to it. Only the entries of `accountIDs` when given.
    public func forEachQueuedSlice(
        accountIDs: Set<String>? = nil, size: Int, _ body: ([QueuedTransaction]) throws -> Void
    ) throws {
        var condition = ""
        var values: [SQLValue] = []
        if let accountIDs {
            guard !accountIDs.isEmpty else { return }
            let membership = SQLMembership("account_id", accountIDs.sorted().map(SQLValue.text))
            condition = "WHERE \(membership.sql)"
            values = membership.values
        }
        // SQLite sorts the queue aside; only one slice of it is held here at a time.
        let query = try connection.prepare(
            """
            SELECT row_id, account_id, currency, amount, transaction_time, credit_debit, mcc FROM classification_queue \(condition)
            ORDER BY amount, currency, account_id, credit_debit, transaction_time, row_id
            """)
        try query.bind(values)
        var slice: [QueuedTransaction] = []
        while try query.step() {
            slice.append(
                QueuedTransaction(
                    rowID: query.int64(0), accountID: query.text(1), currency: query.text(2), amount: query.int64(3),
                    time: query.int64(4), indicator: query.text(5) == "credit" ? .credit : .debit,
                    merchantCategoryCode: query.optionalInt64(6).map(Int.init)))
            if slice.count == size {
                try body(slice)
                slice.removeAll(keepingCapacity: true)
            }
        }
        if !slice.isEmpty { try body(slice) }
    }

    /// How many row IDs `classifiableTransactions(rowIDs:)` asks for at a time.
    private static let rowIDBatch = 500

    /// The transactions of `rowIDs` still in the ledger, as they are now, with what is stored of them.
    public func classifiableTransactions(rowIDs: [Int64]) throws -> [ReportTransaction] {
        var transactions: [ReportTransaction] = []
        for start in stride(from: 0, to: rowIDs.count, by: Self.rowIDBatch) {
            var batch = Array(rowIDs[start..<min(start + Self.rowIDBatch, rowIDs.count)])
            // Every batch the same length, repeating its last ID, so one cached statement serves them all.
            batch += Array(repeating: batch[batch.count - 1], count: Self.rowIDBatch - batch.count)
            let membership = SQLMembership("t.row_id", batch.map(SQLValue.integer))
            transactions += try classifiableTransactions(where: membership.sql, values: membership.values)
        }
        return transactions
    }

    /// Empties the queue and records the classification as built and current.
    public func finishClassification() throws {
        try connection.cached("DELETE FROM classification_queue").run()
        try connection.cached("UPDATE classification_state SET built = 1, rebuild_needed = 0").run()
    }

    /// Up to `limit` transactions after `rowID` in row order, with what is stored of them: a
    /// build from scratch reads the ledger a slice at a time.
    public func classifiableTransactions(afterRowID rowID: Int64, limit: Int) throws -> [ReportTransaction] {
        try classifiableTransactions(
            where: "t.row_id > ? ORDER BY t.row_id LIMIT ?", values: [.integer(rowID), .integer(Int64(limit))])
    }

    /// Every transaction without a merchant category code, of `currency` and `amount`, that is
    /// linked to `time` by a chain of such transactions at most `gap` seconds apart: all that a
    /// change at `time` can re-pair as internal transfers.
    public func transferReach(currency: String, amount: Int64, around time: Int64, gap: Int64) throws -> [ReportTransaction] {
        let filter = "t.mcc IS NULL AND t.currency = ? AND t.amount = ?"
        let key: [SQLValue] = [.text(currency), .integer(amount)]
        guard let (from, until) = try chain(filter: filter, key: key, around: time, gap: gap) else { return [] }
        return try classifiableTransactions(
            where: "\(filter) AND t.transaction_time BETWEEN ? AND ?", values: key + [.integer(from), .integer(until)])
    }

    /// Every transaction of `accountID` with `indicator` and `amount` linked to `time` by a chain
    /// of such transactions at most `gap` seconds apart: all that a change at `time` can
    /// re-match as a statement row and its synced twin.
    public func statementReach(
        accountID: String, indicator: CreditDebitIndicator, amount: Int64, around time: Int64, gap: Int64
    ) throws -> [ReportTransaction] {
        let filter = "t.account_id = ? AND t.credit_debit = ? AND t.amount = ?"
        let key: [SQLValue] = [.text(accountID), .text(indicator.rawValue), .integer(amount)]
        guard let (from, until) = try chain(filter: filter, key: key, around: time, gap: gap) else { return [] }
        return try classifiableTransactions(
            where: "\(filter) AND t.transaction_time BETWEEN ? AND ?", values: key + [.integer(from), .integer(until)])
    }

    /// The first and last instant of the chain of `filter`'s transactions, each at most `gap`
    /// from the next, that reaches `time - gap...time + gap`; nil when none is that near.
    private func chain(filter: String, key: [SQLValue], around time: Int64, gap: Int64) throws -> (Int64, Int64)? {
        let near = try connection.cached(
            "SELECT min(t.transaction_time), max(t.transaction_time) FROM transactions t WHERE \(filter) AND t.transaction_time BETWEEN ? AND ?"
        )
        try near.bind(key + [.integer(time - gap), .integer(time + gap)])
        guard try near.step(), !near.isNull(0) else { return nil }
        var first = near.int64(0)
        var last = near.int64(1)
        let earlier = try connection.cached(
            "SELECT t.transaction_time FROM transactions t WHERE \(filter) AND t.transaction_time < ? ORDER BY t.transaction_time DESC")
        try earlier.bind(key + [.integer(first)])
        while try earlier.step(), first - earlier.int64(0) <= gap { first = earlier.int64(0) }
        let later = try connection.cached(
            "SELECT t.transaction_time FROM transactions t WHERE \(filter) AND t.transaction_time > ? ORDER BY t.transaction_time")
        try later.bind(key + [.integer(last)])
        while try later.step(), later.int64(0) - last <= gap { last = later.int64(0) }
        // Cached statements are reset here: one left on a row would hold its read open.
        for statement in [near, earlier, later] { statement.reset() }
        return (first, last)
    }

    private func classifiableTransactions(where condition: String, values: [SQLValue]) throws -> [ReportTransaction] {
        let query = try connection.cached(
            """
            SELECT \(reportColumns(stored: true))
            FROM transactions t JOIN accounts a ON a.id = t.account_id \(accountNameSQL.join) \(statementCategorySQL.join)
            WHERE \(condition)
            """)
        try query.bind(values)
        var names: [String: String] = [:]
        var transactions: [ReportTransaction] = []
        while try query.step() { transactions.append(reportTransaction(query, names: &names)) }
        return transactions
    }

    /// What the keeper read to classify rows as they are inserted (accounts, their zones and
    /// kinds, statement imports, overrides, settings) is read again after this write.
    func insertReadingsMayHaveChanged() {
        keeper?.forgetWhatInsertsRead()
    }

    /// Stores a transaction's classification.
    public func saveClassification(_ classification: Classification, rowID: Int64) throws {
        try connection.cached(
            """
            UPDATE transactions SET class_state = ?, class_flow = ?, class_category = ?, class_source = ?, class_reason = ?,
                class_partner = ?, class_month = ? WHERE row_id = ?
            """
        ).run(Self.classificationValues(classification) + [.integer(rowID)])
    }

    /// The seven `class_*` columns' values, in their order (all NULL: not classified yet). The
    /// one place a classification becomes text.
    static func classificationValues(_ classification: Classification?) -> [SQLValue] {
        guard let classification else { return Array(repeating: .null, count: 7) }
        return [
            .text(classification.state.rawValue), .text(classification.flow.rawValue), .text(classification.category),
            .text(classification.categorySource.code), .text(classification.reason.code), .optional(classification.partnerID),
            .integer(Classification.number(of: classification.month)),
        ]
    }

    /// The classification in the seven columns from `first` on (`class_state` to `class_month`),
    /// if the statement has them and the row is classified; nil too for values this purse did
    /// not write, which the keeper then classifies again.
    func storedClassification(_ statement: Statement, from first: Int32) -> Classification? {
        guard statement.columnCount > first + 6, let state = statement.optionalText(first).flatMap(ClassificationState.init),
            let flow = Flow(rawValue: statement.text(first + 1)), let source = CategorySource(code: statement.text(first + 3)),
            let reason = ClassificationReason(code: statement.text(first + 4))
        else { return nil }
        return Classification(
            state: state, flow: flow, category: statement.text(first + 2), categorySource: source, reason: reason,
            partnerID: statement.optionalText(first + 5), month: Classification.month(number: statement.int64(first + 6)))
    }

    /// The zone each account's months were classified in.
    public func classificationZones() throws -> [String: String] {
        let query = try connection.prepare("SELECT account_id, time_zone FROM classification_zones")
        var zones: [String: String] = [:]
        while try query.step() { zones[query.text(0)] = query.text(1) }
        return zones
    }

    public func saveClassificationZones(_ zones: [String: String]) throws {
        try connection.cached("DELETE FROM classification_zones").run()
        let insert = try connection.cached("INSERT INTO classification_zones (account_id, time_zone) VALUES (?, ?)")
        // In key order: the same zones leave the same file, whatever the dictionary's order.
        for (account, zone) in zones.sorted(by: { $0.key < $1.key }) { try insert.run([.text(account), .text(zone)]) }
    }
}
