import Foundation
import PurseTestSupport
import Storage
import Testing

/// What users do to a ledger that must never corrupt it: two syncs at once, a read-only
/// database, a damaged file, and `status --check` saying whether all is well.
@Suite("Faults")
struct FaultTests {
    let folder: TemporaryFolder
    let purse = PurseBinary()
    let export: String

    init() throws {
        folder = try TemporaryFolder()
        export = folder.file("export")
        let sample = try purse.run(["sample", "--out", export, "--transactions", "8000", "--months", "12", "--seed", "3"])
        precondition(sample.status == 0, sample.stderr)
    }

    @Test("two syncs at once: both finish, or the second exits 75; the ledger is whole and checks clean")
    func concurrentSyncs() throws {
        let database = folder.file("ledger.sqlite")
        let clean = folder.file("clean.sqlite")
        try #require(try purse.run(["--db", clean, "sync", export]).status == 0)
        let expected = try purse.run(["--db", clean, "export", "transactions"]).stdout

        let first = try purse.start(["--db", database, "sync", export])
        let second = try purse.start(["--db", database, "sync", export])
        first.waitUntilExit()
        second.waitUntilExit()
        let statuses = [first.terminationStatus, second.terminationStatus]
        #expect(statuses.allSatisfy { $0 == 0 || $0 == 75 }, "\(statuses)")
        #expect(statuses.contains(0))

        let rerun = try purse.run(["--db", database, "sync", export])
        #expect(rerun.status == 0)
        #expect(try purse.run(["--db", database, "export", "transactions"]).stdout == expected)
        let check = try purse.run(["--db", database, "status", "--check"])
        #expect(check.status == 0)
        #expect(check.stdout == "\(database): ok (integrity check and ledger invariants)\n")
    }

    @Test("status --check lists broken invariants and exits 1")
    func checkFindsProblems() throws {
        let database = folder.file("ledger.sqlite")
        try #require(try purse.run(["--db", database, "sync", export]).status == 0)
        let connection = try Connection(path: database)
        try connection.execute("PRAGMA foreign_keys = OFF; UPDATE transactions SET signed_amount = 1 WHERE row_id = 1; "
            + "INSERT INTO transactions (id, account_id, transaction_date, transaction_time, amount, currency, credit_debit, signed_amount, description, original_description, type, status) "
            + "VALUES ('ORPHAN', 'NO-SUCH-ACCOUNT', '2026-01-01T00:00:00Z', 0, 1, 'USD', 'credit', 1, '', '', 'unknown', 'booked')")

        let check = try purse.run(["--db", database, "status", "--check"])

        #expect(check.status == 1)
        #expect(check.stdout.contains("1 transactions whose account does not exist\n"))
        #expect(check.stdout.contains("1 transactions whose signed amount does not match amount and direction\n"))
        #expect(check.stdout.contains("transactions row"))
    }

    /// Runs mount(8); false when this machine does not let the tests mount (not root, no tmpfs).
    @discardableResult
    static func mount(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static let canMount: Bool = {
        #if os(Linux)
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
        let probe = NSTemporaryDirectory() + "purse-mount-probe-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard mount(["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe]) else { return false }
        _ = umount2(probe, 0)
        return true
        #else
        return false
        #endif
    }()

    @Test("a read-only database: a clear error, exit 74, nothing changed", .enabled(if: FaultTests.canMount, "needs root and tmpfs"))
    func readOnlyDatabase() throws {
        let volume = folder.file("volume")
        try FileManager.default.createDirectory(atPath: volume, withIntermediateDirectories: true)
        try #require(Self.mount(["-t", "tmpfs", "-o", "size=64m", "tmpfs", volume]))
        defer { _ = umount2(volume, 0) }
        let database = volume + "/ledger.sqlite"
        try #require(try purse.run(["--db", database, "sync", export]).status == 0)
        let before = try purse.run(["--db", database, "export", "transactions"]).stdout
        try #require(Self.mount(["-o", "remount,ro", volume]))
        let other = folder.file("other")
        try #require(try purse.run(["sample", "--out", other, "--transactions", "50", "--seed", "9"]).status == 0)

        let result = try purse.run(["--db", database, "sync", other])

        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        try #require(Self.mount(["-o", "remount,rw", volume]))
        #expect(try purse.run(["--db", database, "export", "transactions"]).stdout == before)
    }

    @Test("a full disk: a clear error, exit 74, no partial change set; a rerun with room finishes", .enabled(if: FaultTests.canMount, "needs root and tmpfs"))
    func fullDisk() throws {
        let clean = folder.file("clean.sqlite")
        try #require(try purse.run(["--db", clean, "sync", export]).status == 0)
        let expected = try purse.run(["--db", clean, "export", "transactions"]).stdout
        let volume = folder.file("small")
        try FileManager.default.createDirectory(atPath: volume, withIntermediateDirectories: true)
        try #require(Self.mount(["-t", "tmpfs", "-o", "size=1m", "tmpfs", volume]))
        defer { _ = umount2(volume, 0) }
        let database = volume + "/ledger.sqlite"

        let result = try purse.run(["--db", database, "sync", export])

        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("Error: "))
        try #require(Self.mount(["-o", "remount,size=64m", volume]))
        let check = try purse.run(["--db", database, "status", "--check"])
        #expect(check.status == 0, "\(check.stdout)")
        let rerun = try purse.run(["--db", database, "sync", export])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try purse.run(["--db", database, "export", "transactions"]).stdout == expected)
    }

    @Test("a file that is not a database is refused with exit 74 and left as it was")
    func notADatabase() throws {
        let path = folder.file("notes.sqlite")
        try Data("these are my notes, not a database\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try purse.run(["--db", path, "status"])
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "these are my notes, not a database\n")
    }
}
