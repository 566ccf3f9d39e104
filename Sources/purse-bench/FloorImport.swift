import Analytics
import Foundation
import Ledger
import LedgerStore

/// The floor: SQLite's own shell (`sqlite3`) importing, as CSV, the very rows a sync stored into
/// an empty ledger of the same schema and indexes, in one transaction, with the pragmas purse
/// uses. No JSON, no checks, no classification: what storing those rows costs at the least.
/// CSV has no NULL: a NULL arrives as an empty text, which costs the same to store.
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
        guard let shell = ChildProcess.onPath("sqlite3") else {
            throw BenchmarkError("sqlite3 not found on the PATH: the floor is its .import (apt-get install sqlite3)")
        }
        let accountsFile = work + "/floor-accounts.csv"
        let rowsFile = work + "/floor-rows.csv"
        let export = work + "/floor-export.sql"
        try """
        .mode csv
        .headers off
        .output \(accountsFile)
        SELECT \(accountColumns.joined(separator: ", ")) FROM accounts;
        .output \(rowsFile)
        SELECT row_id, \(columns.joined(separator: ", ")) FROM transactions ORDER BY row_id;
        .output stdout

        """.write(toFile: export, atomically: true, encoding: .utf8)
        let dumped = try ChildProcess.run(shell, ["-bail", "-readonly", synced, ".read \(export)"])
        guard dumped.status == 0 else { throw BenchmarkError("sqlite3 could not write the floor's rows from \(synced)") }

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
