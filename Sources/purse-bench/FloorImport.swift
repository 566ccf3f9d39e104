import Analytics
import Foundation
import Ledger
import LedgerStore

/// The floor: SQLite's own shell (`sqlite3`) importing, as CSV, the very rows a sync stored into
/// an empty ledger of the same schema and indexes, in one transaction, with the pragmas purse
/// uses. No JSON, no checks, no classification: what storing those rows costs at the least.
/// CSV has no NULL: a NULL arrives as an empty text, which costs the same to store. The bare
/// floor imports the same rows into a table with nothing but the three indexes any ledger needs
/// (`id` as primary key, account and date, date): what a row costs SQLite at the very least.
struct FloorImport {
    static let columns = [
        "id", "account_id", "transaction_date", "transaction_time", "posted_date", "amount", "currency", "credit_debit",
        "signed_amount", "foreign_amount", "foreign_currency", "exchange_rate", "description", "original_description",
        "mcc", "merchant_name", "type", "status",
    ]
    static let accountColumns = ["id", "kind", "display_name", "institution_name", "currency"]

    let shell: String
    let emptyLedger: String
    let script: String

    /// Untimed: writes the synced database's accounts and transactions as CSV with the shell
    /// itself, an empty ledger of the current schema, and the import script.
    static func prepare(synced: String, work: String) throws -> FloorImport {
        let shell = try shellPath()
        let accountsFile = work + "/floor-accounts.csv"
        let rowsFile = work + "/floor-rows.csv"
        try dump(
            synced, shell: shell, work: work,
            """
            .output \(accountsFile)
            SELECT \(accountColumns.joined(separator: ", ")) FROM accounts;
            .output \(rowsFile)
            SELECT row_id, \(columns.joined(separator: ", ")) FROM transactions ORDER BY row_id;
            """)

        let emptyLedger = work + "/floor-empty.sqlite"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: emptyLedger + suffix) }
        _ = try LedgerStore(
            path: emptyLedger, mode: .create(keeper: ClassificationKeeper(base: ReportTimeZone(identifier: "UTC")!)),
            now: Timestamp.utc(epochSeconds: 0))

        let script = work + "/floor-import.sql"
        try """
        PRAGMA foreign_keys = ON;
        PRAGMA synchronous = NORMAL;
        PRAGMA cache_size = -32768;
        BEGIN;
        INSERT INTO sources (id, kind, external_id, name, created_at) VALUES (1, 'floor', 'floor', 'floor', 'x');
        CREATE TEMP TABLE staged_accounts (\(accountColumns.joined(separator: ", ")));
        .import --csv --schema temp \(accountsFile) staged_accounts
        INSERT INTO accounts (source_id, \(accountColumns.joined(separator: ", ")))
            SELECT 1, \(accountColumns.joined(separator: ", ")) FROM staged_accounts;
        .import --csv \(rowsFile) transactions
        COMMIT;

        """.write(toFile: script, atomically: true, encoding: .utf8)
        return FloorImport(shell: shell, emptyLedger: emptyLedger, script: script)
    }

    /// Untimed: the synced rows as CSV (in the order the sync stored them, without purse's
    /// `row_id`), an empty database holding only the bare table, and the import script.
    static func prepareBare(synced: String, work: String) throws -> FloorImport {
        let shell = try shellPath()
        let rowsFile = work + "/floor-bare-rows.csv"
        try dump(
            synced, shell: shell, work: work,
            """
            .output \(rowsFile)
            SELECT \(columns.joined(separator: ", ")) FROM transactions ORDER BY row_id;
            """)
        let emptyDatabase = work + "/floor-bare-empty.sqlite"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: emptyDatabase + suffix) }
        // purse's column types (so each value is stored as purse stores it), none of its checks.
        let created = try ChildProcess.run(
            shell,
            [
                "-bail", emptyDatabase,
                """
                PRAGMA journal_mode = WAL;
                CREATE TABLE transactions (id TEXT PRIMARY KEY, account_id TEXT, transaction_date TEXT,
                    transaction_time INTEGER, posted_date TEXT, amount INTEGER, currency TEXT, credit_debit TEXT,
                    signed_amount INTEGER, foreign_amount INTEGER, foreign_currency TEXT, exchange_rate TEXT,
                    description TEXT, original_description TEXT, mcc INTEGER, merchant_name TEXT, type TEXT, status TEXT);
                CREATE INDEX transactions_by_account_date ON transactions(account_id, transaction_date);
                CREATE INDEX transactions_by_date ON transactions(transaction_date);
                """,
            ])
        guard created.status == 0 else { throw BenchmarkError("sqlite3 could not create the bare floor's table") }
        let script = work + "/floor-bare-import.sql"
        try """
        PRAGMA synchronous = NORMAL;
        PRAGMA cache_size = -32768;
        BEGIN;
        .import --csv \(rowsFile) transactions
        COMMIT;

        """.write(toFile: script, atomically: true, encoding: .utf8)
        return FloorImport(shell: shell, emptyLedger: emptyDatabase, script: script)
    }

    private static func shellPath() throws -> String {
        guard let shell = ChildProcess.onPath("sqlite3") else {
            throw BenchmarkError("sqlite3 not found on the PATH: the floor is its .import (apt-get install sqlite3)")
        }
        return shell
    }

    /// Runs `queries` (with `.output` lines) in CSV mode on the synced database, read only.
    private static func dump(_ synced: String, shell: String, work: String, _ queries: String) throws {
        let export = work + "/floor-export.sql"
        try ".mode csv\n.headers off\n\(queries)\n.output stdout\n".write(toFile: export, atomically: true, encoding: .utf8)
        let dumped = try ChildProcess.run(shell, ["-bail", "-readonly", synced, ".read \(export)"])
        guard dumped.status == 0 else { throw BenchmarkError("sqlite3 could not write the floor's rows from \(synced)") }
    }

    /// Untimed: a copy of the empty ledger at `database`, for one timed run.
    func reset(_ database: String) throws {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
        try FileManager.default.copyItem(atPath: emptyLedger, toPath: database)
    }

    /// The timed command.
    func arguments(database: String) -> [String] {
        ["-bail", database, ".read \(script)"]
    }
}

extension FloorImport {
    /// Untimed: the floor must have stored every row the sync did, or its time means nothing.
    func verify(_ database: String, holdsTheRowsOf synced: String) throws {
        let floorCount = try count(database)
        let syncedCount = try count(synced)
        guard floorCount == syncedCount else {
            throw BenchmarkError("the floor stored \(floorCount) transactions, the sync \(syncedCount)")
        }
    }

    private func count(_ database: String) throws -> String {
        let output = NSTemporaryDirectory() + "purse-bench-count-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let counted = try ChildProcess.run(shell, ["-readonly", database, "SELECT count(*) FROM transactions"], stdout: output)
        guard counted.status == 0 else { throw BenchmarkError("sqlite3 could not count the rows of \(database)") }
        return try String(contentsOfFile: output, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
