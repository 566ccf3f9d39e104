import Ledger
import Storage

/// What `purse import` keeps besides the records: the files imported, the categories
/// statements give, and the saved bank CSV layouts.
extension LedgerStore {
    /// Whether the ledger has the tables of statement imports (schema 11).
    var hasStatementImports: Bool { openedSchemaVersion >= 11 }

    /// The category a statement gave a transaction, for queries of transactions `t`: the
    /// expression and the join it needs (none in a ledger older than schema 11).
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
        insertReadingsMayHaveChanged()
        try connection.cached(
            "INSERT OR IGNORE INTO source_account_time_zones (source_id, account_id, time_zone) VALUES (?, ?, ?)"
        ).run([.integer(sourceRowID), .text(accountID), .text(zone)])
    }

    /// Puts an account's imported rows back on the days their statements wrote, in `zone` (the
    /// account's zone now): a transaction at noon of its day, a balance at 23:59, as an import in
    /// that zone places them, so a report shows the same day and importing the file again
    /// changes nothing. A row's text keeps the day it was written on, whatever zone placed it.
    /// Returns how many rows moved.
    @discardableResult
    public func restampStatementDays(accountID: String, zone: ReportTimeZone) throws -> Int {
        func day(_ text: String?) -> CivilDate? { text.flatMap { CivilDate(iso: String($0.prefix(10))) } }
        var moved = 0
        let transactions = try connection.prepare(
            "SELECT id, transaction_date, posted_date FROM transactions WHERE account_id = ? AND substr(id, 1, ?) = ?")
        try transactions.bind([
            .text(accountID), .integer(Int64(Transaction.statementIDPrefix.count)), .text(Transaction.statementIDPrefix),
        ])
        var retimedTransactions: [(id: String, date: Timestamp, posted: Timestamp?)] = []
        while try transactions.step() {
            let (date, posted) = (transactions.text(1), transactions.optionalText(2))
            guard let written = day(date) else { continue }
            let retimed = (
                id: transactions.text(0), date: zone.localInstant(written, hour: 12),
                posted: day(posted).map { zone.localInstant($0, hour: 12) }
            )
            if retimed.date.text != date || retimed.posted?.text != posted { retimedTransactions.append(retimed) }
        }
        let updateTransaction = try connection.prepare(
            "UPDATE transactions SET transaction_date = ?, transaction_time = ?, posted_date = ? WHERE id = ?")
        for row in retimedTransactions {
            try updateTransaction.run([.text(row.date.text), .integer(row.date.epochSeconds), .optional(row.posted?.text), .text(row.id)])
            moved += 1
        }
        let balances = try connection.prepare(
            "SELECT id, available_as_of, booked_as_of FROM balances WHERE account_id = ? AND substr(id, 1, ?) = ?")
        try balances.bind([
            .text(accountID), .integer(Int64(AccountBalance.statementIDPrefix.count)), .text(AccountBalance.statementIDPrefix),
        ])
        var retimedBalances: [(id: String, available: Timestamp?, booked: Timestamp?)] = []
        while try balances.step() {
            let (available, booked) = (balances.optionalText(1), balances.optionalText(2))
            let retimed = (
                id: balances.text(0), available: day(available).map { zone.localInstant($0, hour: 23, minute: 59) },
                booked: day(booked).map { zone.localInstant($0, hour: 23, minute: 59) }
            )
            if retimed.available?.text != available || retimed.booked?.text != booked { retimedBalances.append(retimed) }
        }
        let updateBalance = try connection.prepare(
            "UPDATE balances SET available_as_of = ?, booked_as_of = ?, observed_time = ? WHERE id = ?")
        for row in retimedBalances {
            // The balance observed is the booked one when there is one, as `AccountBalance.observed` picks.
            guard let observed = row.booked ?? row.available else { continue }
            try updateBalance.run([
                .optional(row.available?.text), .optional(row.booked?.text), .integer(observed.epochSeconds), .text(row.id),
            ])
            moved += 1
        }
        return moved
    }

    public func recordStatementImport(_ record: StatementImportRecord) throws {
        insertReadingsMayHaveChanged()
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

    /// Every import, by account, oldest first; none in a ledger older than schema 11.
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

    /// The account number recorded on an account by its statements, nil before the first that
    /// gives one.
    public func statementAccountNumber(accountID: String) throws -> StatementAccountNumber? {
        let query = try connection.cached("SELECT bank_id, account_number FROM statement_account_numbers WHERE account_id = ?")
        defer { query.reset() }
        try query.bind([.text(accountID)])
        guard try query.step() else { return nil }
        return StatementAccountNumber(bankID: query.optionalText(0), accountID: query.text(1))
    }

    /// Records `number` as the account's (replacing one recorded before: a reissued card).
    public func saveStatementAccountNumber(_ number: StatementAccountNumber, accountID: String, now: Timestamp) throws {
        try connection.cached(
            """
            INSERT INTO statement_account_numbers (account_id, bank_id, account_number, recorded_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (account_id) DO UPDATE SET bank_id = excluded.bank_id, account_number = excluded.account_number,
                recorded_at = excluded.recorded_at
            """
        ).run([.text(accountID), .optional(number.bankID), .text(number.accountID), .text(now.text)])
    }

    /// Another account than `accountID` whose statements gave `number`, with its name: the same
    /// account's statements imported into two accounts would count its money twice.
    public func otherAccountNumbered(_ number: StatementAccountNumber, besides accountID: String) throws -> (id: String, name: String?)? {
        let query = try connection.cached(
            """
            SELECT n.account_id, \(accountNameSQL.name) FROM statement_account_numbers n JOIN accounts a ON a.id = n.account_id
                \(accountNameSQL.join)
            WHERE n.account_number = ? AND n.bank_id IS ? AND n.account_id != ? ORDER BY n.account_id LIMIT 1
            """)
        defer { query.reset() }
        try query.bind([.text(number.accountID), .optional(number.bankID), .text(accountID)])
        guard try query.step() else { return nil }
        return (query.text(0), query.optionalText(1))
    }

    /// The first account other than `accountID` that a file of this SHA-256 was imported into,
    /// with its name (nil when the account is gone).
    public func otherAccountImporting(sha256: String, besides accountID: String) throws -> (id: String, name: String?)? {
        let query = try connection.cached(
            """
            SELECT i.account_id, \(accountNameSQL.name) FROM statement_imports i LEFT JOIN accounts a ON a.id = i.account_id
                \(accountNameSQL.join)
            WHERE i.sha256 = ? AND i.account_id != ? ORDER BY i.id LIMIT 1
            """)
        defer { query.reset() }
        try query.bind([.text(sha256), .text(accountID)])
        guard try query.step() else { return nil }
        return (query.text(0), query.optionalText(1))
    }

    /// The category a statement gave a transaction (a label already in purse's words).
    public func saveStatementCategory(transactionID: String, category: String?) throws {
        insertReadingsMayHaveChanged()
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
