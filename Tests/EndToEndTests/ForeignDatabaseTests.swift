import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Storage
import Testing

/// Another application's SQLite file given as the ledger: every command refuses it before
/// writing a byte (exit 74, "not a purse ledger"), and leaves no -wal or -shm beside it. An empty
/// file still becomes a ledger, and a ledger of a purse from before ledgers said so is upgraded.
@Suite("Databases that are not purse ledgers")
struct ForeignDatabaseTests {
    let folder: TemporaryFolder
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Another application's database in rollback-journal mode, as most are: a table with a row,
    /// and (`userVersion`) its own schema version.
    func foreignDatabase(userVersion: Int) throws -> String {
        let path = folder.file("notes.sqlite")
        let connection = try Connection(path: path)
        try connection.execute(
            """
            PRAGMA journal_mode = DELETE;
            CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
            INSERT INTO notes (text) VALUES ('buy milk');
            PRAGMA user_version = \(userVersion);
            """)
        return path
    }

    func digest(_ path: String) throws -> String {
        SHA256.hexDigest(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static let commands: [[String]] = [
        ["sync", Examples.walletExport.path],
        [
            "import", Examples.statements.appendingPathComponent("travel-card-2026-10.ofx").path, "--new-account", "Travel",
            "--kind", "liability", "--currency", "USD",
        ],
        ["rules", "add", "--merchant", "Whole Foods", "--category", "Dining"],
        ["report", "spending", "--month", "2026-10"],
        ["status"],
        ["status", "--check"],
        ["accounts"],
        ["budget", "set", "Groceries", "400"],
    ]

    @Test(
        "sync, import, rules add and the commands that only read: exit 74, the file byte for byte as it was, no -wal",
        arguments: [0, 7], commands)
    func refused(userVersion: Int, command: [String]) throws {
        let path = try foreignDatabase(userVersion: userVersion)
        let before = try digest(path)

        let result = try purse.run(["--db", path] + command)

        #expect(result.status == 74, "\(command): \(result.stderr)")
        #expect(result.stderr == "Error: \(path) is not a purse ledger\n", "\(command)")
        #expect(result.stdout == "")
        #expect(try digest(path) == before, "\(command)")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "\(command)")
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"), "\(command)")
    }

    @Test("a file that is no database at all is not a purse ledger either, and stays as it was")
    func notADatabase() throws {
        let path = folder.file("notes.txt")
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        let before = try digest(path)
        let result = try purse.run(["--db", path, "sync", Examples.walletExport.path])
        #expect(result.status == 74)
        #expect(result.stderr == "Error: \(path) is not a purse ledger\n")
        #expect(try digest(path) == before)
    }

    @Test("an empty file and a new path become ledgers, which say so")
    func emptyFileBecomesALedger() throws {
        let empty = folder.file("empty.sqlite")
        FileManager.default.createFile(atPath: empty, contents: nil)
        for path in [empty, folder.file("new.sqlite")] {
            let result = try purse.run(["--db", path, "sync", Examples.walletExport.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try Connection(path: path, readOnly: true).scalarInt("PRAGMA application_id") == Int64(LedgerSchema.applicationID))
        }
    }

    @Test("a ledger of the schema before ledgers said so is recognised by its migrations, upgraded, and then says so")
    func previousSchemaUpgrades() throws {
        let path = folder.file("ledger.sqlite")
        let connection = try Connection(path: path)
        _ = try Migrator.migrate(connection, Array(LedgerSchema.migrations.prefix(12)), now: "2026-06-01T00:00:00Z")
        #expect(try connection.scalarInt("PRAGMA application_id") == 0)
        let report = try purse.run(["--db", path, "rules", "list"])
        #expect(report.status == 0, "\(report.stderr)")

        let result = try purse.run(["--db", path, "sync", Examples.walletExport.path])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(try connection.scalarInt("PRAGMA application_id") == Int64(LedgerSchema.applicationID))
        #expect(try Migrator.currentVersion(connection) == LedgerSchema.latestVersion)
    }
}
