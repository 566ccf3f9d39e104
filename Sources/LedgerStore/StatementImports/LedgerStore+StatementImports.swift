import Ledger
import Storage

/// What `purse import` keeps besides the records: the files imported, the categories
/// statements give, and the saved bank CSV layouts.
extension LedgerStore {
    /// Whether the ledger has the tables of statement imports (schema 9).
    var hasStatementImports: Bool { openedSchemaVersion >= 9 }

    /// The category a statement gave a transaction, for queries of transactions `t`: the
    /// expression and the join it needs (none in a ledger older than schema 9).
    var statementCategorySQL: (column: String, join: String) {
        hasStatementImports
            ? ("sc.category", "LEFT JOIN statement_categories sc ON sc.transaction_id = t.id") : ("NULL", "")
    }

    /// The source every account created by an import belongs to.
    public func statementSourceRowID(now: Timestamp) throws -> Int64 {
        try sourceRowID(kind: "statement", externalID: "statements", name: "Statement imports", location: nil, now: now)
    }

    /// The zone whose days an account created by an import keeps: the one of its first import,
    /// so a later import from a run with another TZ puts its rows on the same instants.
    public func keepStatementAccountTimeZone(sourceRowID: Int64, accountID: String, zone: String) throws {
        try connection.cached(
            "INSERT OR IGNORE INTO source_account_time_zones (source_id, account_id, time_zone) VALUES (?, ?, ?)"
        ).run([.integer(sourceRowID), .text(accountID), .text(zone)])
    }

    public func recordStatementImport(_ record: StatementImportRecord) throws {
        try connection.cached(
            """
            INSERT INTO statement_imports (account_id, file, sha256, format, imported_at, transactions, inserted, updated)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).run([
            .text(record.accountID), .text(record.file), .text(record.sha256), .text(record.format), .text(record.importedAt),
            .integer(Int64(record.transactions)), .integer(Int64(record.inserted)), .integer(Int64(record.updated)),
        ])
    }

    /// Every import, by account, oldest first; none in a ledger older than schema 9.
    public func statementImports() throws -> [StatementImportRecord] {
        guard hasStatementImports else { return [] }
        let query = try connection.prepare(
            """
            SELECT account_id, file, sha256, format, imported_at, transactions, inserted, updated
            FROM statement_imports ORDER BY account_id, id
            """)
        var records: [StatementImportRecord] = []
        while try query.step() {
            records.append(
                StatementImportRecord(
                    accountID: query.text(0), file: query.text(1), sha256: query.text(2), format: query.text(3),
                    importedAt: query.text(4), transactions: Int(query.int64(5)), inserted: Int(query.int64(6)),
                    updated: Int(query.int64(7))))
        }
        return records
    }

    /// The category a statement gave a transaction (a label already in purse's words).
    public func saveStatementCategory(transactionID: String, category: String?) throws {
        if let category {
            try connection.cached(
                """
                INSERT INTO statement_categories (transaction_id, category) VALUES (?, ?)
                ON CONFLICT (transaction_id) DO UPDATE SET category = excluded.category
                """
            ).run([.text(transactionID), .text(category)])
        } else {
            try connection.cached("DELETE FROM statement_categories WHERE transaction_id = ?").run([.text(transactionID)])
        }
    }

    /// A bank CSV layout saved under a name (any case), or nil.
    public func importProfile(name: String) throws -> String? {
        guard hasStatementImports else { return nil }
        return try connection.scalarText("SELECT layout FROM import_profiles WHERE name = ?", [.text(name)])
    }

    public func saveImportProfile(name: String, layout: String, now: Timestamp) throws {
        try connection.cached(
            """
            INSERT INTO import_profiles (name, layout, saved_at) VALUES (?, ?, ?)
            ON CONFLICT (name) DO UPDATE SET layout = excluded.layout, saved_at = excluded.saved_at
            """
        ).run([.text(name), .text(layout), .text(now.text)])
    }
}

extension LedgerStore {
    /// A transaction of an account that has both synced rows and rows imported from statements.
    public struct SharedAccountTransaction: Sendable, Equatable {
        public let id: String
        public let accountID: String
        public let time: Int64
        public let amount: Int64
        public let indicator: CreditDebitIndicator

        public init(id: String, accountID: String, time: Int64, amount: Int64, indicator: CreditDebitIndicator) {
            self.id = id
            self.accountID = accountID
            self.time = time
            self.amount = amount
            self.indicator = indicator
        }
    }

    /// The transactions, in `[from, until)` and with one of `statuses`, of the accounts a sync
    /// owns that statements were also imported into: where an imported row may repeat a synced
    /// one. None for a ledger where imports only went into accounts they created.
    public func transactionsOfSharedAccounts(from: Int64?, until: Int64?, statuses: [TransactionStatus]) throws
        -> [SharedAccountTransaction]
    {
        guard hasStatementImports else { return [] }
        var conditions = [
            """
            t.account_id IN (SELECT i.account_id FROM statement_imports i JOIN accounts a ON a.id = i.account_id
                JOIN sources s ON s.id = a.source_id WHERE s.kind != 'statement')
            """
        ]
        var values: [SQLValue] = []
        if let from {
            conditions.append("t.transaction_time >= ?")
            values.append(.integer(from))
        }
        if let until {
            conditions.append("t.transaction_time < ?")
            values.append(.integer(until))
        }
        let membership = SQLMembership("t.status", statuses.map { .text($0.rawValue) })
        if !statuses.isEmpty {
            conditions.append(membership.sql)
            values += membership.values
        }
        let query = try connection.prepare(
            """
            SELECT t.id, t.account_id, t.transaction_time, t.amount, t.credit_debit FROM transactions t
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY t.transaction_time, t.id
            """)
        try query.bind(values)
        var rows: [SharedAccountTransaction] = []
        while try query.step() {
            rows.append(
                SharedAccountTransaction(
                    id: query.text(0), accountID: query.text(1), time: query.int64(2), amount: query.int64(3),
                    indicator: query.text(4) == "credit" ? .credit : .debit))
        }
        return rows
    }
}
