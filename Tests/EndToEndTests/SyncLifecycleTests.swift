import Foundation
import PurseTestSupport
import Storage
import Testing

/// The life of an export through the real binary: first sync, updates and deletions, a
/// compacted stream, a deleted account, each checked against the expected ledger.
@Suite("Sync lifecycle")
struct SyncLifecycleTests {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let export: ExportFixture
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        database = folder.file("ledger.sqlite")
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("A1", kind: "liability", name: "Apple Card"), F.account("A2", name: "Savings"),
                ]))
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T1", 1, snapshot: true,
                inserted: [
                    F.transaction("C1", account: "A1", date: "2026-10-03T12:00:00-04:00", amount: "54.20"),
                    F.transaction(
                        "C2", account: "A1", date: "2026-10-04T09:00:00-04:00", amount: "12.00", status: "pending",
                        merchant: "Blue Bottle", description: "BLUE BOTTLE"),
                ]))
        try export.append(
            "transactions/A2",
            F.changeSet(
                "T2", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "S1", account: "A2", date: "2026-10-01T08:00:00-04:00", amount: "2500.00", indicator: "credit",
                        type: "directDeposit", mcc: nil, merchant: nil, description: "ACME PAYROLL")
                ]))
        try export.append(
            "balances/A2",
            F.changeSet(
                "B2", 1, snapshot: true,
                inserted: [
                    F.balance("BAL1", account: "A2", amount: "2500.00")
                ]))
    }

    func sync() throws -> PurseBinary.Result {
        try purse.run(["--db", database, "sync", export.path])
    }

    /// id, status and signed amount of every transaction, in date order.
    func ledger() throws -> [String] {
        let result = try purse.run(["--db", database, "export", "transactions"])
        #expect(result.status == 0)
        return result.stdout.split(separator: "\n").dropFirst().map { line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            return "\(cells[0]) \(cells[5]) \(cells[9])"
        }
    }

    @Test("first sync reports each stream on stderr, nothing on stdout, and a second sync changes nothing")
    func firstSyncAndIdempotence() throws {
        let first = try sync()
        #expect(first.status == 0)
        #expect(first.stdout == "")
        #expect(
            first.stderr == """
                Ana's iPhone accounts: 2 inserted, 0 updated, 0 deleted
                Ana's iPhone transactions/A1: 2 inserted, 0 updated, 0 deleted
                Ana's iPhone balances/A2: 1 inserted, 0 updated, 0 deleted
                Ana's iPhone transactions/A2: 1 inserted, 0 updated, 0 deleted

                """)
        #expect(try ledger() == ["S1 booked 2500.00", "C1 booked -54.20", "C2 pending -12.00"])
        let dump = try purse.run(["--db", database, "export", "transactions", "--format", "json"]).stdout

        let second = try sync()

        #expect(second.status == 0)
        #expect(second.stderr == "")
        #expect(try ledger() == ["S1 booked 2500.00", "C1 booked -54.20", "C2 pending -12.00"])
        #expect(try purse.run(["--db", database, "status"]).stdout.contains("transactions/A1  T1                 1        2"))
        #expect(try purse.run(["--db", database, "export", "transactions", "--format", "json"]).stdout == dump)
    }

    @Test("appended change sets: a pending purchase books and a deletion removes")
    func updatesAndDeletions() throws {
        _ = try sync()
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T1", 2,
                updated: [
                    F.transaction(
                        "C2", account: "A1", date: "2026-10-04T09:00:00-04:00", amount: "12.50", merchant: "Blue Bottle",
                        description: "BLUE BOTTLE")
                ], deleted: ["C1"]))
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T1", 3,
                inserted: [
                    F.transaction(
                        "C3", account: "A1", date: "2026-10-06T10:00:00-04:00", amount: "5.00", indicator: "credit",
                        type: "refund")
                ]))

        let result = try sync()

        #expect(result.status == 0)
        #expect(result.stderr == "Ana's iPhone transactions/A1: 1 inserted, 1 updated, 1 deleted\n")
        #expect(try ledger() == ["S1 booked 2500.00", "C2 booked -12.50", "C3 booked 5.00"])
    }

    @Test("a compacted stream (new snapshot, later sequence) is resynced alone")
    func compactedStream() throws {
        _ = try sync()
        try export.replace(
            "transactions/A1",
            lines: [
                F.changeSet("T1", 7, snapshot: true, inserted: [F.transaction("C1", account: "A1", date: "2026-10-03T12:00:00-04:00")])
            ])

        let result = try sync()

        #expect(result.status == 0)
        #expect(result.stderr == "Ana's iPhone transactions/A1: 0 inserted, 0 updated, 1 deleted (resynced)\n")
        #expect(try ledger() == ["S1 booked 2500.00", "C1 booked -54.20"])
    }

    @Test("a new generation whose first line is a snapshot resyncs that stream")
    func newGeneration() throws {
        _ = try sync()
        try export.replace(
            "transactions/A2",
            lines: [
                F.changeSet(
                    "T2-NEW", 1, snapshot: true,
                    inserted: [
                        F.transaction(
                            "S2", account: "A2", date: "2026-10-15T08:00:00-04:00", amount: "2600.00", indicator: "credit",
                            type: "directDeposit", mcc: nil, merchant: nil, description: "ACME PAYROLL")
                    ])
            ])

        let result = try sync()

        #expect(result.stderr == "Ana's iPhone transactions/A2: 1 inserted, 0 updated, 1 deleted (resynced)\n")
        #expect(try ledger() == ["C1 booked -54.20", "C2 pending -12.00", "S2 booked 2600.00"])
    }

    @Test("deleting an account removes its balances and transactions")
    func deletedAccount() throws {
        _ = try sync()
        try export.append("accounts", F.changeSet("G", 2, deleted: ["A2"]))

        let result = try sync()

        #expect(result.status == 0)
        #expect(result.stderr == "Ana's iPhone accounts: 0 inserted, 0 updated, 1 deleted\n")
        #expect(try ledger() == ["C1 booked -54.20", "C2 pending -12.00"])
        let accounts = try purse.run(["--db", database, "accounts", "--format", "csv"]).stdout
        #expect(!accounts.contains("A2"))
        let status = try purse.run(["--db", database, "status"]).stdout
        #expect(status.contains("Ledger: 1 accounts, 0 balance observations, 2 transactions"))
    }

    @Test("an unfinished last line waits for the next run")
    func unfinishedLine() throws {
        let line = F.changeSet("T1", 2, inserted: [F.transaction("C9", account: "A1", date: "2026-10-09T10:00:00-04:00")])
        try export.appendRaw("transactions/A1", String(line.prefix(40)))
        _ = try sync()
        #expect(try ledger().count == 3)
        try export.replace(
            "transactions/A1",
            lines: [
                F.changeSet(
                    "T1", 1, snapshot: true,
                    inserted: [
                        F.transaction("C1", account: "A1", date: "2026-10-03T12:00:00-04:00", amount: "54.20"),
                        F.transaction(
                            "C2", account: "A1", date: "2026-10-04T09:00:00-04:00", amount: "12.00", status: "pending",
                            merchant: "Blue Bottle", description: "BLUE BOTTLE"),
                    ]),
                line,
            ])

        let result = try sync()

        #expect(result.stderr == "Ana's iPhone transactions/A1: 1 inserted, 0 updated, 0 deleted\n")
        #expect(try ledger().contains("C9 booked -54.20"))
    }

    @Test("the database and its WAL and SHM files are created with mode 0600")
    func fileModes() throws {
        let process = try purse.start(["--db", database, "sync", export.path])
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // Hold the database open so SQLite keeps its -wal and -shm files.
        let connection = try Connection(path: database)
        try connection.execute("CREATE TEMP TABLE keep_open (x)")
        _ = try connection.scalarInt("SELECT count(*) FROM transactions")
        for suffix in ["", "-wal", "-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: database + suffix)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(suffix)")
        }
    }

    @Test("a database locked by another run: sync waits, then exits 75")
    func lockedDatabase() throws {
        _ = try sync()
        try export.append("transactions/A1", F.changeSet("T1", 2, deleted: ["C1"]))
        let holder = try Connection(path: database)
        try holder.execute("BEGIN EXCLUSIVE")
        defer { try? holder.execute("ROLLBACK") }

        let result = try sync()

        #expect(result.status == 75)
        #expect(result.stderr == "Error: the database is locked by another purse run; try again in a moment\n")
        try holder.execute("ROLLBACK")
        #expect(try ledger() == ["S1 booked 2500.00", "C1 booked -54.20", "C2 pending -12.00"])
    }

    @Test("PURSE_DB chooses the database when --db is absent")
    func environmentDatabase() throws {
        let result = try purse.run(["sync", export.path], environment: ["PURSE_DB": database])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: database))
    }

    @Test("a database from a newer purse is refused with exit 74 and left untouched")
    func newerDatabase() throws {
        _ = try sync()
        let connection = try Connection(path: database)
        try connection.execute("INSERT INTO schema_migrations (id, name, applied_at) VALUES (99, 'future', 'x'); PRAGMA user_version = 99;")
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))

        let result = try purse.run(["--db", database, "status"])

        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("Error: the database was written by a newer purse (schema 99"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }
}
