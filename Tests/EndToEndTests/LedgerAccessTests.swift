import Foundation
import LedgerStore
import PurseTestSupport
import Storage
import Testing

/// Which commands may create or change the ledger, through the real binary: a mistyped database
/// is an error and never a new empty ledger; reports work on a read-only file and in a read-only
/// folder; a database from an older purse is read as it is or refused, never migrated by a report.
@Suite("Ledger access")
struct LedgerAccessTests {
    let folder: TemporaryFolder
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Every command that only reads, with the arguments it needs.
    static let readingCommands: [[String]] = [
        ["report", "spending"], ["report", "income"], ["report", "cashflow"], ["report", "trend"], ["report", "networth"],
        ["report", "drift"], ["report", "budget"], ["report", "summary"], ["explain"], ["budget", "check"], ["budget", "list"],
        ["accounts"], ["transactions"], ["export", "transactions"], ["status"], ["status", "--check"], ["rules", "list"],
        ["categories"], ["sure", "status"], ["sure", "conflicts"], ["sure", "receipt", "0123456789abcdef0123456789abcdef"],
    ]

    /// Commands that change a ledger they did not create.
    static let updatingCommands: [[String]] = [
        ["sure", "resolve", "CONFLICT", "accept_source"], ["sure", "repair", "CONNECTION"],
        ["sure", "rotate-credential", "CONNECTION"], ["sure", "disconnect", "CONNECTION"],
        // A budget needs an account holding its currency, so only a ledger with data can take one.
        ["budget", "set", "Groceries", "400"], ["budget", "remove", "Groceries"], ["rules", "remove", "1"],
    ]

    // MARK: - A mistyped database

    @Test(
        "a mistyped --db: every command that does not bring data in exits 66 and creates nothing",
        arguments: readingCommands + updatingCommands)
    func mistypedDatabase(arguments: [String]) throws {
        let database = folder.file("typo/ledger.sqlite")
        let result = try purse.run(["--db", database] + arguments)
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: no ledger at \(database) (run 'purse sync EXPORT' first, or set --db / PURSE_DB)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.file("typo")))
    }

    @Test("budget check from cron with a wrong PURSE_DB fails (66) instead of passing forever")
    func wrongPurseDB() throws {
        let database = folder.file("ledgr.sqlite")
        let result = try purse.run(["budget", "check"], environment: ["PURSE_DB": database])
        #expect(result.status == 66)
        #expect(result.stderr == "Error: no ledger at \(database) (run 'purse sync EXPORT' first, or set --db / PURSE_DB)\n")
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test("an empty file is no ledger either, and stays empty")
    func emptyFile() throws {
        let database = folder.file("empty.sqlite")
        FileManager.default.createFile(atPath: database, contents: nil)
        let result = try purse.run(["--db", database, "report", "spending"])
        #expect(result.status == 66)
        #expect(result.stderr == "Error: no ledger at \(database) (run 'purse sync EXPORT' first, or set --db / PURSE_DB)\n")
        #expect(try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int == 0)
    }

    @Test(
        "the commands that bring data in create the ledger (and its folder)",
        arguments: [["rules", "add", "--merchant", "Cafe", "--category", "Dining"]])
    func creatingCommands(arguments: [String]) throws {
        let database = folder.file("new/ledger.sqlite")
        let result = try purse.run(["--db", database] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: database))
        #expect(try purse.run(["--db", database, "status"]).status == 0)
    }

    // MARK: - Read-only

    /// What each report prints, at a fixed month of the example, and the summary's clock line.
    static let reports: [[String]] = [
        ["report", "spending", "--month", "2026-10"], ["report", "summary", "--month", "2026-10", "--no-record"],
        ["report", "networth", "--from", "2026-01-01", "--to", "2026-10-31"], ["export", "transactions"], ["accounts"],
        ["status", "--check"], ["budget", "check", "--month", "2026-10"],
    ]

    static func withoutClock(_ text: String) -> String {
        text.replacingOccurrences(of: #"made \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"#, with: "made TIME", options: .regularExpression)
    }

    /// Syncs the example into `ledgerFolder/ledger.sqlite` and returns each report's output.
    func syncedLedger(in ledgerFolder: String) throws -> (database: String, expected: [PurseBinary.Result]) {
        try FileManager.default.createDirectory(atPath: ledgerFolder, withIntermediateDirectories: true)
        let database = ledgerFolder + "/ledger.sqlite"
        try Examples.syncedLedger(at: database, purse: purse)
        return (database, try Self.reports.map { try purse.run(["--db", database] + $0) })
    }

    /// Runs the reports as a user who may not write; each prints what it printed before, the
    /// summary warns once that it could not record itself, and a write fails (so this really ran
    /// read-only).
    func expectReportsWork(database: String, expected: [PurseBinary.Result]) throws {
        let reader = ReadOnlyAccess.purse(purse)
        for (arguments, before) in zip(Self.reports, expected) {
            let result = try reader.run(["--db", database] + arguments)
            #expect(result.status == before.status, "\(arguments): \(result.stderr)")
            #expect(Self.withoutClock(result.stdout) == Self.withoutClock(before.stdout), "\(arguments)")
            #expect(result.stderr == before.stderr, "\(arguments)")
        }
        let summary = try reader.run(["--db", database, "report", "summary", "--month", "2026-10"])
        #expect(summary.status == 0)
        #expect(Self.withoutClock(summary.stdout) == Self.withoutClock(expected[1].stdout))
        #expect(
            summary.stderr == "Warning: the ledger at \(database) is read-only, so this summary was not remembered "
                + "(restatements are not tracked)\n")

        let write = try reader.run(["--db", database, "rules", "add", "--merchant", "Cafe", "--category", "Dining"])
        #expect(write.status == 74, "a write succeeded: the test did not run read-only")
        #expect(write.stderr.hasPrefix("Error: "))
    }

    @Test("reports work on a read-only database file")
    func readOnlyFile() throws {
        try ReadOnlyAccess.require()
        let ledgerFolder = folder.file("ledger")
        let (database, expected) = try syncedLedger(in: ledgerFolder)
        let paths = [ledgerFolder, database, database + "-wal", database + "-shm"].filter { FileManager.default.fileExists(atPath: $0) }
        try ReadOnlyAccess.set(paths.map { ($0, $0 == database ? 0o400 : $0 == ledgerFolder ? 0o700 : 0o600) })
        defer { ReadOnlyAccess.restore(paths) }
        try expectReportsWork(database: database, expected: expected)
    }

    @Test("reports work in a read-only folder, with or without the -wal and -shm files a reader leaves", arguments: [false, true])
    func readOnlyFolder(keepsReaderFiles: Bool) throws {
        try ReadOnlyAccess.require()
        // Characters a SQLite URI gives meaning to, in the folder's name.
        let ledgerFolder = folder.file("ledger #1 100%?")
        let (database, expected) = try syncedLedger(in: ledgerFolder)
        if !keepsReaderFiles {
            // As the last writer leaves it after a clean close.
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
        }
        let files = [database, database + "-wal", database + "-shm"].filter { FileManager.default.fileExists(atPath: $0) }
        #expect(files.count == (keepsReaderFiles ? 3 : 1))
        try ReadOnlyAccess.set(files.map { ($0, 0o400) } + [(ledgerFolder, 0o500)])
        defer { ReadOnlyAccess.restore([ledgerFolder] + files) }
        try expectReportsWork(database: database, expected: expected)
    }

    @Test("a summary while another run holds the ledger: complete, then one warning that it was not remembered, exit 0")
    func summaryOfLockedLedger() throws {
        let (database, expected) = try syncedLedger(in: folder.file("ledger"))
        let holder = try Connection(path: database)
        try holder.execute("BEGIN EXCLUSIVE")
        defer { try? holder.execute("ROLLBACK") }

        let summary = try purse.run(["--db", database, "report", "summary", "--month", "2026-10"])

        #expect(summary.status == 0)
        #expect(Self.withoutClock(summary.stdout) == Self.withoutClock(expected[1].stdout))
        #expect(
            summary.stderr == "Warning: the database is locked by another purse run, so this summary was not remembered "
                + "(restatements are not tracked)\n")
        try holder.execute("ROLLBACK")
        #expect(try holder.scalarInt("SELECT count(*) FROM summaries") == 0)
    }

    // MARK: - An older schema

    @Test(
        "a database from an older purse: reports that need nothing new read it as it is; the summary asks for a sync; nothing migrates it but a sync"
    )
    func olderSchema() throws {
        let (database, expected) = try syncedLedger(in: folder.file("ledger"))
        // Schema 4, as the purse before summaries left it.
        let connection = try Connection(path: database)
        try connection.execute(
            """
            DROP TRIGGER sum_inserted; DROP TRIGGER sum_deleted; DROP TRIGGER sum_updated;
            DROP TABLE order_fulfillments; DROP TABLE order_payments; DROP TABLE order_summary_items; DROP TABLE order_line_items;
            DROP TABLE orders; DROP TABLE transaction_splits; DROP TABLE transaction_tags; DROP TABLE transaction_overrides;
            DROP TABLE rules;
            CREATE TABLE rules (id INTEGER PRIMARY KEY, merchant TEXT, description TEXT, mcc INTEGER, category TEXT,
                flow TEXT CHECK (flow IN ('expense', 'income', 'transfer')), created_at TEXT NOT NULL,
                CHECK (merchant IS NOT NULL OR description IS NOT NULL OR mcc IS NOT NULL),
                CHECK (category IS NOT NULL OR flow IS NOT NULL));
            DROP TABLE statement_imports; DROP TABLE statement_categories; DROP TABLE import_profiles;
            DROP TABLE statement_account_numbers; DROP TABLE ledger_settings; DROP TABLE exchange_rates;
            ALTER TABLE budgets DROP COLUMN all_currencies; ALTER TABLE budgets DROP COLUMN period; DROP INDEX transactions_foreign; DROP TABLE goals;
            DROP TRIGGER pack_inserted; DROP TRIGGER pack_deleted; DROP TRIGGER pack_updated; DROP TRIGGER pack_account_deleted;
            DROP TABLE charge_packs; DROP TABLE category_groups; ALTER TABLE budgets DROP COLUMN scope;
            DROP INDEX transactions_people; ALTER TABLE transactions DROP COLUMN person;
            DROP TABLE source_account_time_zones; DROP TABLE account_settings; ALTER TABLE sources DROP COLUMN exported_at;
            ALTER TABLE sources DROP COLUMN time_zone; DROP TABLE unknown_values; DROP TABLE summary_totals; DROP TABLE summaries;
            DROP TRIGGER classify_inserted; DROP TRIGGER classify_deleted; DROP TRIGGER classify_updated;
            DROP TRIGGER classify_account_kind; DROP INDEX transactions_transfer_reach; DROP INDEX transactions_not_booked;
            DROP TABLE classification_state;
            DROP TABLE classification_queue; DROP TABLE classification_zones; DROP TABLE spending_summary;
            ALTER TABLE transactions DROP COLUMN class_state; ALTER TABLE transactions DROP COLUMN class_flow;
            ALTER TABLE transactions DROP COLUMN class_category; ALTER TABLE transactions DROP COLUMN class_source;
            ALTER TABLE transactions DROP COLUMN class_reason; ALTER TABLE transactions DROP COLUMN class_partner;
            ALTER TABLE transactions DROP COLUMN class_month;
            DELETE FROM schema_migrations WHERE id >= 5; PRAGMA user_version = 4;
            """)
        func version() throws -> Int64? { try Connection(path: database, readOnly: true).scalarInt("PRAGMA user_version") }

        // A ledger from before accounts had zones knows none: its days are TZ's, here the phone's
        // (the UK account's October is the same in London and New York).
        let spending = try purse.run(
            ["--db", database, "report", "spending", "--month", "2026-10"], environment: ["TZ": "America/New_York"])
        #expect(spending.status == 0, "\(spending.stderr)")
        #expect(spending.stdout == expected[0].stdout)
        let summary = try purse.run(["--db", database, "report", "summary", "--month", "2026-10"])
        #expect(summary.status == 74)
        #expect(summary.stdout == "")
        #expect(
            summary.stderr
                == "Error: the ledger at \(database) was written by an older purse (schema 4, this purse uses \(LedgerSchema.latestVersion)); "
                + "run 'purse sync EXPORT' once to update it\n")
        #expect(try version() == 4)

        #expect(try purse.run(["--db", database, "sync", Examples.walletExport.path]).status == 0)
        #expect(try version() == Int64(LedgerSchema.latestVersion))
        #expect(try purse.run(["--db", database, "report", "summary", "--month", "2026-10"]).status == 0)
    }
}
