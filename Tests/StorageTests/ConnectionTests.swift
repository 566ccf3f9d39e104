import Foundation
import Testing

@testable import Storage

@Suite struct ConnectionTests {
    @Test func createsTheFileWithMode0600AndTheWALFilesInheritIt() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("ledger.sqlite").path
            let connection = try Connection(path: path)
            #expect(try permissions(path) == 0o600)

            try connection.execute("CREATE TABLE t (x INTEGER)")
            try connection.execute("INSERT INTO t VALUES (1)")
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            #expect(FileManager.default.fileExists(atPath: path + "-shm"))
            #expect(try permissions(path + "-wal") == 0o600)
            #expect(try permissions(path + "-shm") == 0o600)
            #expect(connection.path == path)
        }
    }

    @Test func leavesAnExistingFilesModeAlone() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("shared.sqlite").path
            #expect(
                FileManager.default.createFile(
                    atPath: path, contents: Data(), attributes: [.posixPermissions: 0o640]))
            _ = try Connection(path: path)
            #expect(try permissions(path) == 0o640)
        }
    }

    @Test func doesNotCreateAMissingParentDirectory() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("missing/ledger.sqlite").path
            let error = try #require(throws: StorageError.self) { try Connection(path: path) }
            #expect(error.description.contains("missing/ledger.sqlite"))
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("missing").path))
        }
    }

    @Test func pragmasAreInEffect() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            #expect(try connection.scalarInt("PRAGMA foreign_keys") == 1)
            #expect(try connection.scalarText("PRAGMA journal_mode") == "wal")
            #expect(try connection.scalarInt("PRAGMA synchronous") == 1)  // NORMAL
            #expect(try connection.scalarInt("PRAGMA busy_timeout") == 5000)
        }
    }

    @Test func foreignKeysAreEnforcedAndErrorsNeverShowBoundValues() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            try connection.execute(
                """
                CREATE TABLE account (id TEXT PRIMARY KEY);
                CREATE TABLE entry (id INTEGER PRIMARY KEY, account TEXT NOT NULL REFERENCES account(id));
                """)
            let insert = try connection.prepare("INSERT INTO entry (account) VALUES (?)")
            let error = try #require(throws: StorageError.self) {
                try insert.run([.text("secret-IBAN-DE89370400440532013000")])
            }
            #expect(error.code == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
            #expect(error.sql == "INSERT INTO entry (account) VALUES (?)")
            #expect(error.description == "database error: FOREIGN KEY constraint failed (while writing to the database)")
            StorageError.$showsSQL.withValue(true) {
                #expect(
                    error.description == """
                        database error: FOREIGN KEY constraint failed (while running: INSERT INTO entry (account) VALUES (?))
                        """)
            }
            #expect(!error.description.contains("secret"))
            #expect(!error.message.contains("secret"))
        }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("notes.txt").path
            let contents = Data(String(repeating: "not a database, just notes\n", count: 200).utf8)
            try contents.write(to: URL(fileURLWithPath: path))

            let error = try #require(throws: StorageError.self) { try Connection(path: path) }
            #expect(error.code & 0xFF == 26)  // SQLITE_NOTADB
            #expect(error.description.contains("file is not a database"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    @Test func readOnlyNeverCreatesTheFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("absent.sqlite").path
            #expect(throws: StorageError.self) { try Connection(path: path, readOnly: true) }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func readOnlyConnectionsReadButRefuseWrites() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            do {
                let writer = try Connection(path: path)
                try writer.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (42);")
            }
            let reader = try Connection(path: path, readOnly: true)
            #expect(try reader.scalarInt("SELECT x FROM t") == 42)
            let error = try #require(throws: StorageError.self) {
                try reader.execute("INSERT INTO t VALUES (1)")
            }
            #expect(error.isReadOnly)
            #expect(!error.isBusy)
        }
    }

    @Test func aSecondWriterGetsABusyErrorWhileTheFirstHoldsTheLock() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            let first = try Connection(path: path)
            try first.execute("CREATE TABLE t (x INTEGER)")
            try first.execute("BEGIN IMMEDIATE")
            try first.execute("INSERT INTO t VALUES (1)")

            let second = try Connection(path: path, busyTimeoutMilliseconds: 50)
            let insertError = try #require(throws: StorageError.self) {
                try second.execute("INSERT INTO t VALUES (2)")
            }
            #expect(insertError.isBusy)
            #expect(insertError.code & 0xFF == 5)  // SQLITE_BUSY

            let transactionError = try #require(throws: StorageError.self) {
                try second.transaction { try second.execute("INSERT INTO t VALUES (3)") }
            }
            #expect(transactionError.isBusy)
            #expect(!second.isInTransaction)

            // Readers are not blocked in WAL mode, and see only committed rows.
            #expect(try second.scalarInt("SELECT count(*) FROM t") == 0)
            try first.execute("COMMIT")
            try second.execute("INSERT INTO t VALUES (4)")
            #expect(try second.scalarInt("SELECT count(*) FROM t") == 2)
        }
    }

    @Test func changeCountersAndLastInsertRowID() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER)")
            let before = connection.totalChanges
            try connection.execute("INSERT INTO t (x) VALUES (1), (2), (3)")
            #expect(connection.changes == 3)
            #expect(connection.lastInsertRowID == 3)
            try connection.execute("UPDATE t SET x = x + 1 WHERE x >= 2")
            #expect(connection.changes == 2)
            #expect(connection.totalChanges - before == 5)
        }
    }

    @Test func errorFlagsFollowThePrimaryCode() {
        #expect(StorageError(code: 5, message: "database is locked").isBusy)
        #expect(StorageError(code: 517, message: "database is locked").isBusy)  // SQLITE_BUSY_SNAPSHOT
        #expect(StorageError(code: 6, message: "database table is locked").isBusy)
        #expect(StorageError(code: 1032, message: "attempt to write a readonly database").isReadOnly)
        #expect(StorageError(code: 13, message: "database or disk is full").isFull)
        #expect(!StorageError(code: 19, message: "constraint failed").isBusy)
        #expect(StorageError(code: 5, message: "database is locked").description == "database error: database is locked")
    }
}
