import Foundation
import Testing

@testable import Storage

@Suite struct MigratorTests {
    static let migrations = [
        Migration(id: 1, name: "accounts", sql: "CREATE TABLE account (id TEXT PRIMARY KEY, name TEXT NOT NULL);"),
        Migration(
            id: 2, name: "transactions",
            sql: """
                CREATE TABLE entry (id INTEGER PRIMARY KEY, account TEXT NOT NULL REFERENCES account(id));
                CREATE INDEX entry_account ON entry (account);
                """),
        Migration(id: 3, name: "budgets", sql: "CREATE TABLE budget (category TEXT PRIMARY KEY);"),
    ]

    private func records(_ connection: Connection) throws -> [String] {
        let rows = try connection.prepare("SELECT id, name, applied_at FROM schema_migrations ORDER BY id")
        var result: [String] = []
        while try rows.step() { result.append("\(rows.int(0)) \(rows.text(1)) \(rows.text(2))") }
        return result
    }

    @Test func anEmptyDatabaseIsVersionZero() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            #expect(try Migrator.currentVersion(connection) == 0)
        }
    }

    @Test func migrationsAreAppliedOnceAndRecorded() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            #expect(try Migrator.migrate(connection, Self.migrations, now: "2026-01-01T00:00:00Z") == 3)
            #expect(
                try records(connection) == [
                    "1 accounts 2026-01-01T00:00:00Z",
                    "2 transactions 2026-01-01T00:00:00Z",
                    "3 budgets 2026-01-01T00:00:00Z",
                ])
            #expect(try connection.scalarInt("PRAGMA user_version") == 3)
            #expect(try Migrator.currentVersion(connection) == 3)
            #expect(
                try connection.scalarInt(
                    "SELECT count(*) FROM sqlite_schema WHERE name IN ('account', 'entry', 'entry_account', 'budget')") == 4)

            // Running again changes nothing.
            let before = connection.totalChanges
            #expect(try Migrator.migrate(connection, Self.migrations, now: "2027-06-30T12:00:00Z") == 3)
            #expect(connection.totalChanges == before)
            #expect(try records(connection).allSatisfy { $0.hasSuffix("2026-01-01T00:00:00Z") })
        }
    }

    @Test func onlyMissingMigrationsAreApplied() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            do {
                let connection = try Connection(path: path)
                #expect(try Migrator.migrate(connection, Array(Self.migrations.prefix(1)), now: "day 1") == 1)
            }
            let connection = try Connection(path: path)
            #expect(try Migrator.migrate(connection, Self.migrations, now: "day 2") == 3)
            #expect(try records(connection) == ["1 accounts day 1", "2 transactions day 2", "3 budgets day 2"])
        }
    }

    @Test func aFailingMigrationLeavesNoTrace() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            let broken = [
                Self.migrations[0],
                Migration(id: 2, name: "broken", sql: "CREATE TABLE half (x); CREATE TABLE oops (;"),
            ]
            let error = try #require(throws: StorageError.self) {
                try Migrator.migrate(connection, broken, now: "now")
            }
            #expect(error.message.contains("syntax error"))
            #expect(try Migrator.currentVersion(connection) == 1)
            #expect(try connection.scalarInt("PRAGMA user_version") == 1)
            #expect(try connection.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'half'") == 0)
            #expect(try records(connection) == ["1 accounts now"])
        }
    }

    /// A parent table built anew (to drop a CHECK) keeps the rows that refer to it: dropping the
    /// old table must not cascade, and foreign keys are back on afterwards.
    @Test func aMigrationThatRebuildsAParentTableKeepsItsChildren() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            let parent = [
                Migration(
                    id: 1, name: "parent",
                    sql: """
                        CREATE TABLE account (id TEXT PRIMARY KEY, kind TEXT NOT NULL CHECK (kind IN ('asset')));
                        CREATE TABLE entry (id INTEGER PRIMARY KEY, account TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE);
                        """)
            ]
            _ = try Migrator.migrate(connection, parent, now: "day 1")
            try connection.execute("INSERT INTO account VALUES ('A', 'asset'); INSERT INTO entry (account) VALUES ('A'), ('A');")
            let rebuild = Migration(
                id: 2, name: "open kinds",
                sql: """
                    CREATE TABLE account_new (id TEXT PRIMARY KEY, kind TEXT NOT NULL);
                    INSERT INTO account_new SELECT id, kind FROM account;
                    DROP TABLE account;
                    ALTER TABLE account_new RENAME TO account;
                    """, rebuildsTables: true)

            #expect(try Migrator.migrate(connection, parent + [rebuild], now: "day 2") == 2)

            #expect(try connection.scalarInt("SELECT count(*) FROM entry") == 2)
            try connection.execute("INSERT INTO account VALUES ('B', 'brokerage')")
            #expect(try connection.scalarInt("PRAGMA foreign_keys") == 1)
            try connection.execute("DELETE FROM account WHERE id = 'A'")
            #expect(try connection.scalarInt("SELECT count(*) FROM entry") == 0, "the children still follow the new table")
        }
    }

    @Test func aRebuildThatBreaksAForeignKeyIsRolledBack() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            _ = try Migrator.migrate(connection, Self.migrations, now: "day 1")
            try connection.execute("INSERT INTO account VALUES ('A', 'Checking'); INSERT INTO entry (account) VALUES ('A');")
            let lossy = Migration(
                id: 4, name: "lossy",
                sql: """
                    CREATE TABLE account_new (id TEXT PRIMARY KEY, name TEXT NOT NULL);
                    DROP TABLE account;
                    ALTER TABLE account_new RENAME TO account;
                    """, rebuildsTables: true)

            let error = try #require(throws: StorageError.self) {
                try Migrator.migrate(connection, Self.migrations + [lossy], now: "day 2")
            }

            #expect(error.message.contains("foreign key"))
            #expect(try Migrator.currentVersion(connection) == 3)
            #expect(try connection.scalarText("SELECT name FROM account") == "Checking")
            #expect(try connection.scalarInt("PRAGMA foreign_keys") == 1)
        }
    }

    @Test func aNewerDatabaseIsRefusedAndLeftUntouched() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            do {
                let newer = try Connection(path: path)
                _ = try Migrator.migrate(newer, Self.migrations, now: "then")
            }
            let bytesBefore = try Data(contentsOf: URL(fileURLWithPath: path))

            do {
                let older = try Connection(path: path)
                let error = try #require(throws: SchemaTooNewError.self) {
                    try Migrator.migrate(older, Array(Self.migrations.prefix(2)), now: "now")
                }
                #expect(error == SchemaTooNewError(found: 3, supported: 2))
                #expect(
                    error.description
                        == "the database was written by a newer purse (schema 3, this purse knows up to 2); upgrade purse")
                #expect(try records(older).count == 3)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytesBefore)
        }
    }

    @Test func aForeignUserVersionIsNotTakenForAnOlderSchema() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            try connection.execute("PRAGMA user_version = 12")
            #expect(throws: SchemaTooNewError.self) {
                try Migrator.migrate(connection, Self.migrations, now: "now")
            }
            #expect(try connection.scalarInt("SELECT count(*) FROM sqlite_schema") == 0)
        }
    }

    @Test func migrationIdsMustRunFromOneInOrder() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            let gap = [Self.migrations[0], Self.migrations[2]]
            #expect(throws: StorageError.self) { try Migrator.migrate(connection, gap, now: "now") }
            #expect(try Migrator.currentVersion(connection) == 0)
            #expect(try connection.scalarInt("SELECT count(*) FROM sqlite_schema") == 0)
        }
    }
}
