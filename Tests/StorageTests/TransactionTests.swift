import Foundation
import Testing

@testable import Storage

@Suite struct TransactionTests {
    private func makeConnection(in directory: URL) throws -> Connection {
        let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
        try connection.execute("CREATE TABLE t (x INTEGER)")
        return connection
    }

    @Test func commitKeepsTheWorkAndReturnsTheResult() throws {
        try withTemporaryDirectory { directory in
            let connection = try makeConnection(in: directory)
            let result = try connection.transaction {
                #expect(connection.isInTransaction)
                try connection.execute("INSERT INTO t VALUES (1), (2)")
                return "done"
            }
            #expect(result == "done")
            #expect(!connection.isInTransaction)
            #expect(try connection.scalarInt("SELECT count(*) FROM t") == 2)
        }
    }

    @Test(arguments: [TransactionMode.deferred, .immediate, .exclusive])
    func everyModeCommits(_ mode: TransactionMode) throws {
        try withTemporaryDirectory { directory in
            let connection = try makeConnection(in: directory)
            try connection.transaction(mode) { try connection.execute("INSERT INTO t VALUES (1)") }
            #expect(try connection.scalarInt("SELECT count(*) FROM t") == 1)
        }
    }

    @Test func rollbackRethrowsTheOriginalErrorAndUndoesTheWork() throws {
        try withTemporaryDirectory { directory in
            let connection = try makeConnection(in: directory)
            let error = try #require(throws: CustomError.self) {
                try connection.transaction {
                    try connection.execute("INSERT INTO t VALUES (1)")
                    throw CustomError(tag: "from the body")
                }
            }
            #expect(error == CustomError(tag: "from the body"))
            #expect(!connection.isInTransaction)
            #expect(try connection.scalarInt("SELECT count(*) FROM t") == 0)
        }
    }

    @Test func aStorageErrorInTheBodyComesOutUnchanged() throws {
        try withTemporaryDirectory { directory in
            let connection = try makeConnection(in: directory)
            let error = try #require(throws: StorageError.self) {
                try connection.transaction {
                    try connection.execute("INSERT INTO t VALUES (1)")
                    try connection.execute("INSERT INTO missing VALUES (1)")
                }
            }
            #expect(error.message.contains("no such table: missing"))
            #expect(try connection.scalarInt("SELECT count(*) FROM t") == 0)
        }
    }

    @Test func aFailingRollbackDoesNotMaskTheOriginalError() throws {
        try withTemporaryDirectory { directory in
            let connection = try makeConnection(in: directory)
            let error = try #require(throws: CustomError.self) {
                try connection.transaction {
                    try connection.execute("INSERT INTO t VALUES (1)")
                    try connection.execute("ROLLBACK")  // the transaction is gone: ROLLBACK would fail
                    throw CustomError(tag: "original")
                }
            }
            #expect(error.tag == "original")
            #expect(!connection.isInTransaction)
        }
    }

    @Test func aFailingCommitRollsBackAndThrows() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            try connection.execute(
                """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
                """)
            let error = try #require(throws: StorageError.self) {
                try connection.transaction { try connection.execute("INSERT INTO child VALUES (99)") }
            }
            #expect(error.code & 0xFF == 19)  // SQLITE_CONSTRAINT, reported by COMMIT
            #expect(!connection.isInTransaction)
            #expect(try connection.scalarInt("SELECT count(*) FROM child") == 0)
        }
    }

    @Test func transactionsDoNotNest() throws {
        try withTemporaryDirectory { directory in
            let connection = try makeConnection(in: directory)
            #expect(throws: StorageError.self) {
                try connection.transaction {
                    try connection.execute("INSERT INTO t VALUES (1)")
                    try connection.transaction { try connection.execute("INSERT INTO t VALUES (2)") }
                }
            }
            #expect(!connection.isInTransaction)
            #expect(try connection.scalarInt("SELECT count(*) FROM t") == 0)
        }
    }
}
