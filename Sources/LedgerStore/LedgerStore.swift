import Foundation
import Ledger
import Storage

/// The ledger database: opens it in the mode a command needs (creating and migrating it only
/// for commands that bring data in), and owns the row mapping between the model and the schema.
public final class LedgerStore {
    /// How a command may use the database.
    public enum OpenMode: Sendable {
        /// Reads only (`SQLITE_OPEN_READONLY`): a missing file is an error, and nothing is
        /// created, migrated or written. A database of an older schema is read as it is; a query
        /// that needs what it lacks fails with `LedgerOpenError.schemaTooOld` (see `readSnapshot`).
        /// Works on a read-only file and in a read-only folder.
        case readOnly
        /// Writes to an existing database as it stands: a missing file is an error, and an older
        /// schema is refused rather than migrated.
        case writeExisting
        /// Creates the database (mode 0600) and its folder (0700) when missing, and brings its
        /// schema up to date: for the commands that bring data in.
        case create
    }

    /// Only this module writes SQL: other modules use the typed operations.
    let connection: Connection
    public let path: String
    /// The schema version the database had when opened (after migrating, for `.create`).
    public let openedSchemaVersion: Int
    private var insertTransactionStatement: Statement?

    /// Opens the database at `path` in `mode`. A database from a newer purse is refused before
    /// anything changes, whatever the mode.
    public init(path: String, mode: OpenMode, now: Timestamp, busyTimeoutMilliseconds: Int32 = 5000) throws {
        self.path = path
        let current = LedgerSchema.migrations.count
        switch mode {
        case .create:
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            }
            connection = try Connection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            try Self.useLargeCache(connection)
            openedSchemaVersion = try Migrator.migrate(connection, LedgerSchema.migrations, now: now.text)
        case .writeExisting:
            try Self.requireFile(path)
            connection = try Connection(path: path, createIfMissing: false, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            try Self.useLargeCache(connection)
            openedSchemaVersion = try Self.checkedVersion(connection, path: path)
            if openedSchemaVersion < current {
                throw LedgerOpenError.schemaTooOld(path: path, found: openedSchemaVersion, current: current)
            }
        case .readOnly:
            try Self.requireFile(path)
            connection = try Self.openForReading(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            try Self.useLargeCache(connection)
            openedSchemaVersion = try Self.checkedVersion(connection, path: path)
        }
    }

    /// A 32 MiB page cache keeps the transaction indexes' hot pages in memory during a large
    /// sync or report while keeping the process well under its memory budget.
    private static func useLargeCache(_ connection: Connection) throws {
        try connection.execute("PRAGMA cache_size = -32768")
    }

    /// Only ENOENT means "no ledger here": other failures (a folder it may not enter) are left
    /// for SQLite to report as they are.
    private static func requireFile(_ path: String) throws {
        var status = stat()
        if stat(path, &status) != 0, errno == ENOENT || errno == ENOTDIR {
            throw LedgerOpenError.missing(path: path)
        }
    }

    /// The schema version of an existing database: a newer one is refused, and one without any
    /// ledger in it (an empty file) is no ledger.
    private static func checkedVersion(_ connection: Connection, path: String) throws -> Int {
        let found = try Migrator.currentVersion(connection)
        let current = LedgerSchema.migrations.count
        if found > current { throw SchemaTooNewError(found: found, supported: current) }
        if found == 0 { throw LedgerOpenError.missing(path: path) }
        return found
    }

    /// A read-only connection. In a folder it may not write, SQLite cannot make the -shm file a
    /// WAL database needs; then, when no write-ahead log is waiting to be checkpointed (whose
    /// changes an immutable open would miss), the file is opened as immutable.
    private static func openForReading(_ path: String, busyTimeoutMilliseconds: Int32) throws -> Connection {
        do {
            return try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch let error as StorageError where error.isCannotOpen || error.isReadOnly {
            guard !hasPendingWriteAheadLog(path), FileManager.default.isReadableFile(atPath: path) else { throw error }
            return try Connection(path: immutableURI(path), readOnly: true, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
    }

    private static func hasPendingWriteAheadLog(_ path: String) -> Bool {
        var status = stat()
        return stat(path + "-wal", &status) == 0 && status.st_size > 0
    }

    /// `file:PATH?immutable=1`, with the characters a URI gives meaning to escaped.
    static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7F...:
                escaped += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            default:
                escaped.append(Character(Unicode.Scalar(byte)))
            }
        }
        return "file:" + escaped + "?immutable=1"
    }

    /// Runs `body` in one deferred read transaction: every query in it sees the same ledger,
    /// even while a sync writes (WAL), so a report never mixes before and after. Inside a
    /// transaction already, `body` just runs in it.
    ///
    /// On a database of an older schema opened read-only, a query that needs a table or column
    /// it lacks becomes `LedgerOpenError.schemaTooOld`.
    public func readSnapshot<T>(_ body: () throws -> T) throws -> T {
        do {
            if connection.isInTransaction { return try body() }
            return try connection.transaction(.deferred, body)
        } catch let error as StorageError where openedSchemaVersion < LedgerSchema.migrations.count
                    && (error.message.hasPrefix("no such table") || error.message.hasPrefix("no such column")) {
            throw LedgerOpenError.schemaTooOld(path: path, found: openedSchemaVersion, current: LedgerSchema.migrations.count)
        }
    }

    public var schemaVersion: Int {
        get throws { try Migrator.currentVersion(connection) }
    }

    /// Runs `body` in one write transaction: everything it writes commits together, or nothing
    /// does when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try connection.transaction(.immediate, body)
    }

    /// Runs `body` as one change set inside the current transaction (a savepoint): when it
    /// throws, what it wrote is undone and what the transaction wrote before it stays.
    public func changeSet<T>(_ body: () throws -> T) throws -> T {
        try connection.savepoint("change_set", body)
    }

    /// Whether a transaction is open. False after SQLite rolled a failed transaction back by
    /// itself (a full disk, an I/O error), when nothing is left to commit.
    public var isInTransaction: Bool { connection.isInTransaction }

    #if DEBUG
    /// Caps the database file at `pages` pages (SQLite's `max_page_count`), so a test can make a
    /// sync run out of room at a chosen size. SQLite never lowers the cap below the file's size.
    public func limitPageCount(to pages: Int) throws {
        try connection.execute("PRAGMA max_page_count = \(pages)")
    }
    #endif

    // MARK: - Sources and stream tokens

    /// The row id of a source, created on first sight.
    public func sourceRowID(kind: String, externalID: String, name: String, location: String?, now: Timestamp) throws -> Int64 {
        let upsert = try connection.cached("""
            INSERT INTO sources (kind, external_id, name, location, created_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (kind, external_id) DO UPDATE SET name = excluded.name, location = excluded.location
            WHERE name IS NOT excluded.name OR location IS NOT excluded.location
            """)
        try upsert.run([.text(kind), .text(externalID), .text(name), location.map(SQLValue.text) ?? .null, .text(now.text)])
        guard let rowID = try connection.scalarInt("SELECT id FROM sources WHERE kind = ? AND external_id = ?",
                                                   [.text(kind), .text(externalID)]) else {
            throw LedgerStoreError.unknownAccount(externalID)
        }
        return rowID
    }

    public func markSynced(sourceRowID: Int64, now: Timestamp) throws {
        try connection.cached("UPDATE sources SET last_synced_at = ? WHERE id = ?").run([.text(now.text), .integer(sourceRowID)])
    }

    public func token(sourceRowID: Int64, stream: String) throws -> StreamToken? {
        let query = try connection.cached("SELECT generation, sequence, resume_offset, resume_line FROM streams WHERE source_id = ? AND name = ?")
        try query.bind([.integer(sourceRowID), .text(stream)])
        defer { query.reset() }
        guard try query.step() else { return nil }
        return StreamToken(generation: query.text(0), sequence: query.int64(1),
                           resumeOffset: query.optionalInt64(2), resumeLine: query.optionalInt64(3).map(Int.init))
    }

    public func saveToken(_ token: StreamToken, sourceRowID: Int64, stream: String, now: Timestamp) throws {
        try connection.cached("""
            INSERT INTO streams (source_id, name, generation, sequence, resume_offset, resume_line, changed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (source_id, name) DO UPDATE SET generation = excluded.generation, sequence = excluded.sequence,
                resume_offset = excluded.resume_offset, resume_line = excluded.resume_line, changed_at = excluded.changed_at
            """).run([.integer(sourceRowID), .text(stream), .text(token.generation), .integer(token.sequence),
                      token.resumeOffset.map(SQLValue.integer) ?? .null,
                      token.resumeLine.map { SQLValue.integer(Int64($0)) } ?? .null, .text(now.text)])
    }

    /// Updates only the resume hint: the history point is unchanged, so nothing else moves.
    public func saveResumeHint(_ token: StreamToken, sourceRowID: Int64, stream: String) throws {
        try connection.cached("""
            UPDATE streams SET resume_offset = ?, resume_line = ?
            WHERE source_id = ? AND name = ? AND generation = ? AND sequence = ?
            """).run([token.resumeOffset.map(SQLValue.integer) ?? .null,
                      token.resumeLine.map { SQLValue.integer(Int64($0)) } ?? .null,
                      .integer(sourceRowID), .text(stream), .text(token.generation), .integer(token.sequence)])
    }

    // MARK: - Accounts

    /// The source an account belongs to, or nil when the ledger does not have it.
    public func sourceRowID(ofAccount id: String) throws -> Int64? {
        try connection.scalarInt("SELECT source_id FROM accounts WHERE id = ?", [.text(id)])
    }

    public func upsertAccount(_ account: Account, sourceRowID: Int64) throws -> UpsertOutcome {
        if let owner = try self.sourceRowID(ofAccount: account.id), owner != sourceRowID {
            throw LedgerStoreError.accountOfOtherSource(accountID: account.id)
        }
        let credit = account.creditInformation
        let values: [SQLValue] = [
            .text(account.kind.rawValue), .text(account.displayName), .text(account.institutionName),
            .optional(account.accountDescription), .text(account.currencyCode), .optional(account.openingDate?.text),
            .optional(credit?.creditLimit?.units), .optional(credit?.creditLimit?.currency),
            .optional(credit?.minimumNextPaymentAmount?.units), .optional(credit?.minimumNextPaymentAmount?.currency),
            .optional(credit?.nextPaymentDueDate?.text),
            .optional(credit?.overduePaymentAmount?.units), .optional(credit?.overduePaymentAmount?.currency),
        ]
        let insert = try connection.cached("""
            INSERT INTO accounts (id, source_id, kind, display_name, institution_name, account_description, currency,
                opening_date, credit_limit, credit_limit_currency, minimum_payment, minimum_payment_currency,
                next_payment_due_date, overdue_payment, overdue_payment_currency)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
            """)
        try insert.run([.text(account.id), .integer(sourceRowID)] + values)
        if connection.changes > 0 { return .inserted }
        let update = try connection.cached("""
            UPDATE accounts SET kind = ?1, display_name = ?2, institution_name = ?3, account_description = ?4,
                currency = ?5, opening_date = ?6, credit_limit = ?7, credit_limit_currency = ?8, minimum_payment = ?9,
                minimum_payment_currency = ?10, next_payment_due_date = ?11, overdue_payment = ?12,
                overdue_payment_currency = ?13
            WHERE id = ?14 AND NOT (kind IS ?1 AND display_name IS ?2 AND institution_name IS ?3
                AND account_description IS ?4 AND currency IS ?5 AND opening_date IS ?6 AND credit_limit IS ?7
                AND credit_limit_currency IS ?8 AND minimum_payment IS ?9 AND minimum_payment_currency IS ?10
                AND next_payment_due_date IS ?11 AND overdue_payment IS ?12 AND overdue_payment_currency IS ?13)
            """)
        try update.run(values + [.text(account.id)])
        return connection.changes > 0 ? .updated : .unchanged
    }

    /// Deletes an account with its balances, transactions and the tokens of its streams.
    public func deleteAccount(id: String, sourceRowID: Int64) throws -> Bool {
        try connection.cached("DELETE FROM accounts WHERE id = ? AND source_id = ?").run([.text(id), .integer(sourceRowID)])
        guard connection.changes > 0 else { return false }
        try connection.cached("DELETE FROM streams WHERE source_id = ? AND name IN (?, ?)")
            .run([.integer(sourceRowID), .text("balances/" + id), .text("transactions/" + id)])
        return true
    }

    // MARK: - Balances

    public func upsertBalance(_ balance: AccountBalance) throws -> UpsertOutcome {
        let observed = balance.observed
        let values: [SQLValue] = [
            .text(balance.accountID), .text(balance.currencyCode),
            .optional(balance.available?.amount.units), .optional(balance.available?.amount.currency),
            .optional(balance.available?.asOfDate.text), .optional(balance.available?.creditDebitIndicator.rawValue),
            .optional(balance.booked?.amount.units), .optional(balance.booked?.amount.currency),
            .optional(balance.booked?.asOfDate.text), .optional(balance.booked?.creditDebitIndicator.rawValue),
            .integer(observed.asOfDate.epochSeconds), .integer(observed.signedUnits),
        ]
        let insert = try connection.cached("""
            INSERT INTO balances (id, account_id, currency, available_amount, available_currency, available_as_of,
                available_indicator, booked_amount, booked_currency, booked_as_of, booked_indicator, observed_time,
                observed_signed)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
            """)
        try insert.run([.text(balance.id)] + values)
        if connection.changes > 0 { return .inserted }
        let update = try connection.cached("""
            UPDATE balances SET currency = ?2, available_amount = ?3, available_currency = ?4, available_as_of = ?5,
                available_indicator = ?6, booked_amount = ?7, booked_currency = ?8, booked_as_of = ?9,
                booked_indicator = ?10, observed_time = ?11, observed_signed = ?12
            WHERE id = ?13 AND account_id = ?1 AND NOT (currency IS ?2 AND available_amount IS ?3
                AND available_currency IS ?4 AND available_as_of IS ?5 AND available_indicator IS ?6
                AND booked_amount IS ?7 AND booked_currency IS ?8 AND booked_as_of IS ?9 AND booked_indicator IS ?10)
            """)
        try update.run(values + [.text(balance.id)])
        if connection.changes > 0 { return .updated }
        try requireOwner(table: "balances", kind: "balance", id: balance.id, accountID: balance.accountID)
        return .unchanged
    }

    public func deleteBalance(id: String, accountID: String) throws -> Bool {
        try connection.cached("DELETE FROM balances WHERE id = ? AND account_id = ?").run([.text(id), .text(accountID)])
        return connection.changes > 0
    }

    // MARK: - Transactions

    public func upsertTransaction(_ transaction: Transaction) throws -> UpsertOutcome {
        // The insert is the hot path of a sync: bind each column directly, no array of values.
        let insert = try insertTransactionStatement ?? connection.prepare("""
            INSERT INTO transactions (id, account_id, transaction_date, transaction_time, posted_date, amount, currency,
                credit_debit, signed_amount, foreign_amount, foreign_currency, exchange_rate, description,
                original_description, mcc, merchant_name, type, status)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
            """)
        // Kept here rather than looked up by its SQL text on every row.
        insertTransactionStatement = insert
        try insert.bind(transaction.id, at: 1)
        try insert.bind(transaction.accountID, at: 2)
        try insert.bind(transaction.transactionDate.text, at: 3)
        try insert.bind(transaction.transactionDate.epochSeconds, at: 4)
        try insert.bind(transaction.postedDate?.text, at: 5)
        try insert.bind(transaction.transactionAmount.units, at: 6)
        try insert.bind(transaction.transactionAmount.currency, at: 7)
        try insert.bind(transaction.creditDebitIndicator.rawValue, at: 8)
        try insert.bind(transaction.signedUnits, at: 9)
        try insert.bind(transaction.foreignCurrencyAmount?.units, at: 10)
        try insert.bind(transaction.foreignCurrencyAmount?.currency, at: 11)
        try insert.bind(transaction.foreignCurrencyExchangeRate, at: 12)
        try insert.bind(transaction.transactionDescription, at: 13)
        try insert.bind(transaction.originalTransactionDescription, at: 14)
        try insert.bind(transaction.merchantCategoryCode.map(Int64.init), at: 15)
        try insert.bind(transaction.merchantName, at: 16)
        try insert.bind(transaction.transactionType.rawValue, at: 17)
        try insert.bind(transaction.status.rawValue, at: 18)
        while try insert.step() {}
        insert.reset()
        if connection.changes > 0 { return .inserted }
        let values: [SQLValue] = [
            .text(transaction.accountID), .text(transaction.transactionDate.text),
            .integer(transaction.transactionDate.epochSeconds), .optional(transaction.postedDate?.text),
            .integer(transaction.transactionAmount.units), .text(transaction.transactionAmount.currency),
            .text(transaction.creditDebitIndicator.rawValue), .integer(transaction.signedUnits),
            .optional(transaction.foreignCurrencyAmount?.units), .optional(transaction.foreignCurrencyAmount?.currency),
            .optional(transaction.foreignCurrencyExchangeRate), .text(transaction.transactionDescription),
            .text(transaction.originalTransactionDescription), .optional(transaction.merchantCategoryCode.map(Int64.init)),
            .optional(transaction.merchantName), .text(transaction.transactionType.rawValue),
            .text(transaction.status.rawValue),
        ]
        let update = try connection.cached("""
            UPDATE transactions SET transaction_date = ?2, transaction_time = ?3, posted_date = ?4, amount = ?5,
                currency = ?6, credit_debit = ?7, signed_amount = ?8, foreign_amount = ?9, foreign_currency = ?10,
                exchange_rate = ?11, description = ?12, original_description = ?13, mcc = ?14, merchant_name = ?15,
                type = ?16, status = ?17
            WHERE id = ?18 AND account_id = ?1 AND NOT (transaction_date IS ?2 AND posted_date IS ?4 AND amount IS ?5
                AND currency IS ?6 AND credit_debit IS ?7 AND foreign_amount IS ?9 AND foreign_currency IS ?10
                AND exchange_rate IS ?11 AND description IS ?12 AND original_description IS ?13 AND mcc IS ?14
                AND merchant_name IS ?15 AND type IS ?16 AND status IS ?17)
            """)
        try update.run(values + [.text(transaction.id)])
        if connection.changes > 0 { return .updated }
        try requireOwner(table: "transactions", kind: "transaction", id: transaction.id, accountID: transaction.accountID)
        return .unchanged
    }

    public func deleteTransaction(id: String, accountID: String) throws -> Bool {
        try connection.cached("DELETE FROM transactions WHERE id = ? AND account_id = ?").run([.text(id), .text(accountID)])
        return connection.changes > 0
    }

    /// An unchanged row is fine; a row of the same id in another account is a collision.
    private func requireOwner(table: String, kind: String, id: String, accountID: String) throws {
        let owner = try connection.scalarText("SELECT account_id FROM \(table) WHERE id = ?", [.text(id)])
        if let owner, owner != accountID {
            throw LedgerStoreError.recordOfOtherAccount(kind: kind, id: id, accountID: owner)
        }
    }

    // MARK: - Snapshots

    /// Starts collecting the IDs a snapshot contains; `sweep...` then deletes every other row.
    public func beginSnapshot() throws {
        try connection.execute("CREATE TEMP TABLE IF NOT EXISTS snapshot_ids (id TEXT PRIMARY KEY) WITHOUT ROWID; DELETE FROM snapshot_ids;")
    }

    public func addSnapshotID(_ id: String) throws {
        try connection.cached("INSERT OR IGNORE INTO temp.snapshot_ids (id) VALUES (?)").run([.text(id)])
    }

    /// Deletes the source's accounts the snapshot lacks (with all their data); returns their IDs.
    public func sweepAccounts(sourceRowID: Int64) throws -> [String] {
        let query = try connection.prepare("SELECT id FROM accounts WHERE source_id = ? AND id NOT IN (SELECT id FROM temp.snapshot_ids) ORDER BY id")
        try query.bind([.integer(sourceRowID)])
        var missing: [String] = []
        while try query.step() { missing.append(query.text(0)) }
        for id in missing { _ = try deleteAccount(id: id, sourceRowID: sourceRowID) }
        return missing
    }

    public func sweepBalances(accountID: String) throws -> Int {
        try connection.cached("DELETE FROM balances WHERE account_id = ? AND id NOT IN (SELECT id FROM temp.snapshot_ids)").run([.text(accountID)])
        return connection.changes
    }

    public func sweepTransactions(accountID: String) throws -> Int {
        try connection.cached("DELETE FROM transactions WHERE account_id = ? AND id NOT IN (SELECT id FROM temp.snapshot_ids)").run([.text(accountID)])
        return connection.changes
    }
}

extension SQLValue {
    static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
    static func optional(_ number: Int64?) -> SQLValue { number.map(SQLValue.integer) ?? .null }
}
