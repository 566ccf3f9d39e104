import Ledger
import Storage

extension LedgerStore {
    /// Transactions summed in SQL by local month and by everything the built-in flow and
    /// category rules look at (type, direction, account kind, MCC), plus an optional key.
    public struct SpendingGroup: Sendable {
        public let monthIndex: Int
        public let merchantCategoryCode: Int?
        public let currency: String
        public let indicator: CreditDebitIndicator
        public let type: TransactionType
        public let accountKind: AccountKind
        /// The merchant (else description) or the account, when asked for.
        public let key: String?
        public let accountID: String?
        public let count: Int
        public let amount: Int64
    }

    public enum SpendingGroupKey: Sendable {
        case none, merchant, account
    }

    /// Sums the selected transactions that cannot be internal-transfer candidates (those with a
    /// merchant category code, or of a type that never moves money between accounts), by
    /// month: `monthStarts` are the first instants of consecutive local months, the last one
    /// ending the range.
    public func spendingGroups(monthStarts: [Int64], selection: ReportSelection, excludingTypes candidateTypes: [TransactionType],
                               key: SpendingGroupKey) throws -> [SpendingGroup] {
        guard monthStarts.count >= 2 else { return [] }
        try connection.execute("CREATE TEMP TABLE IF NOT EXISTS report_months (month INTEGER PRIMARY KEY, start INTEGER NOT NULL, finish INTEGER NOT NULL); DELETE FROM temp.report_months;")
        let insert = try connection.prepare("INSERT INTO temp.report_months (month, start, finish) VALUES (?, ?, ?)")
        for index in 0..<(monthStarts.count - 1) {
            try insert.run([.integer(Int64(index)), .integer(monthStarts[index]), .integer(monthStarts[index + 1])])
        }
        var conditions = ["t.transaction_time >= m.start", "t.transaction_time < m.finish"]
        var values: [SQLValue] = []
        func list(_ column: String, _ items: [SQLValue]) {
            guard !items.isEmpty else { return }
            conditions.append("\(column) IN (" + Array(repeating: "?", count: items.count).joined(separator: ", ") + ")")
            values += items
        }
        if let from = selection.from {
            conditions.append("t.transaction_time >= ?")
            values.append(.integer(from))
        }
        if let until = selection.until {
            conditions.append("t.transaction_time < ?")
            values.append(.integer(until))
        }
        list("t.status", selection.statuses.map { .text($0.rawValue) })
        list("t.account_id", selection.accountIDs.map(SQLValue.text))
        list("t.currency", selection.currencies.map(SQLValue.text))
        conditions.append("NOT (t.mcc IS NULL AND t.type IN (" + candidateTypes.map { "'\($0.rawValue)'" }.joined(separator: ", ") + "))")
        let keyColumns = switch key {
        case .none: "NULL, NULL"
        case .merchant: "coalesce(t.merchant_name, t.description), NULL"
        case .account: "a.display_name, a.id"
        }
        // The months drive the join, so each month is one range of the time index.
        let query = try connection.prepare("""
            SELECT m.month, t.mcc, t.currency, t.credit_debit, t.type, a.kind, \(keyColumns), count(*), sum(t.amount)
            FROM temp.report_months m CROSS JOIN transactions t JOIN accounts a ON a.id = t.account_id
            WHERE \(conditions.joined(separator: " AND "))
            GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
            """)
        try query.bind(values)
        var groups: [SpendingGroup] = []
        while try query.step() {
            groups.append(SpendingGroup(
                monthIndex: query.int(0), merchantCategoryCode: query.optionalInt64(1).map(Int.init), currency: query.text(2),
                indicator: query.text(3) == "credit" ? .credit : .debit, type: TransactionType(rawValue: query.text(4)) ?? .unknown,
                accountKind: query.text(5) == "liability" ? .liability : .asset, key: query.optionalText(6),
                accountID: query.optionalText(7), count: query.int(8), amount: query.int64(9)))
        }
        return groups
    }

    /// The first and last transaction instants, for reports over all time.
    public func transactionTimeRange() throws -> (first: Int64, last: Int64)? {
        guard let first = try connection.scalarInt("SELECT min(transaction_time) FROM transactions"),
              let last = try connection.scalarInt("SELECT max(transaction_time) FROM transactions") else { return nil }
        return (first, last)
    }
}
