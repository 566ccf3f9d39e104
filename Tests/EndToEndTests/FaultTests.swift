import Foundation
import PurseTestSupport
import Storage
import Testing

/// What users and machines do to a ledger that must never corrupt it: two syncs at once, a
/// read-only database, a full disk, a damaged file, and `status --check` saying whether all is
/// well. None of it needs root.
@Suite("Faults", .tags(.slow))
struct FaultTests {
    let folder: TemporaryFolder
    let purse = PurseBinary()
    let export: String

    init() throws {
        folder = try TemporaryFolder()
        export = folder.file("export")
        let sample = try purse.run(["sample", "--out", export, "--transactions", "8000", "--months", "12", "--seed", "3"])
        try #require(sample.status == 0, "\(sample.stderr)")
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
        #expect(check.stdout == "\(database): ok (integrity check, ledger invariants, stored classification, summary and charge packs)\n")
    }

    @Test("status --check lists broken invariants and exits 1")
    func checkFindsProblems() throws {
        let database = folder.file("ledger.sqlite")
        try #require(try purse.run(["--db", database, "sync", export]).status == 0)
        let connection = try Connection(path: database)
        try connection.execute(
            "PRAGMA foreign_keys = OFF; UPDATE transactions SET signed_amount = 1 WHERE row_id = 1; "
                + "INSERT INTO transactions (id, account_id, transaction_date, transaction_time, amount, currency, credit_debit, signed_amount, description, original_description, type, status) "
                + "VALUES ('ORPHAN', 'NO-SUCH-ACCOUNT', '2026-01-01T00:00:00Z', 0, 1, 'USD', 'credit', 1, '', '', 'unknown', 'booked')")

        let check = try purse.run(["--db", database, "status", "--check"])

        #expect(check.status == 1)
        #expect(check.stdout.contains("1 transactions whose account does not exist\n"))
        #expect(check.stdout.contains("1 transactions whose signed amount does not match amount and direction\n"))
        #expect(check.stdout.contains("transactions row"))
    }

    /// How much of the ledger's surroundings is read-only.
    enum ReadOnlySetup: String, CaseIterable, Sendable {
        /// The file alone: SQLite may still create its -wal and -shm files next to it.
        case file
        /// The file and its folder: nothing can be created there either.
        case fileAndFolder
    }

    @Test("a read-only database: a clear error, exit 74, nothing changed", arguments: ReadOnlySetup.allCases)
    func readOnlyDatabase(_ setup: ReadOnlySetup) throws {
        try ReadOnlyAccess.require()
        let ledgerFolder = folder.file("ledger")
        let database = ledgerFolder + "/ledger.sqlite"
        try #require(try purse.run(["--db", database, "sync", export]).status == 0)
        let other = folder.file("other")
        try #require(try purse.run(["sample", "--out", other, "--transactions", "50", "--seed", "9"]).status == 0)
        let before = try LedgerContents(path: database)
        // Everything purse needs is handed to the user it runs as; only the ledger is read-only.
        let paths = [folder.path] + (FileManager.default.subpaths(atPath: folder.path) ?? []).map { folder.path + "/" + $0 }
        try ReadOnlyAccess.set(
            paths.map { path in
                var isFolder: ObjCBool = false
                FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                if path == database { return (path, 0o444) }
                if path == ledgerFolder, setup == .fileAndFolder { return (path, 0o555) }
                return (path, isFolder.boolValue ? 0o755 : 0o644)
            })
        defer { ReadOnlyAccess.restore(paths) }
        // The setup must really bind the user purse runs as, or the test would prove nothing.
        #expect(try !ReadOnlyAccess.canWrite(database))
        #expect(try ReadOnlyAccess.canCreateFile(in: ledgerFolder) == (setup == .file))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: database))

        let result = try ReadOnlyAccess.purse(purse).run(["--db", database, "sync", other])

        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("readonly") || result.stderr.contains("read-only"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytes)
        ReadOnlyAccess.restore(paths)
        #expect(try LedgerContents(path: database) == before)
    }

    /// A sync that runs out of room at a chosen size.
    struct FullDisk {
        let label: String
        /// What stderr names: SQLite's own "database or disk is full", or the OS's refused write.
        let message: String
        let sync: (_ database: String, _ export: String, _ quiet: Bool) throws -> (status: Int32, stderr: String)
    }

    /// A small sample export and what its clean sync holds.
    struct FullDiskSetup {
        let export: String
        let expected: LedgerContents
        let expectedJSON: String
        let pages: Int64
        let bytes: Int
        /// The size of a ledger with the schema and no data: a limit below it stops the
        /// migrations, not the sync, and it grows with every migration.
        let schemaBytes: Int

        /// A limit that lets the schema and `thirds` thirds of the data in.
        func bytes(thirds: Int) -> Int { schemaBytes + (bytes - schemaBytes) * thirds / 3 }
    }

    func fullDiskSetup() throws -> FullDiskSetup {
        let small = folder.file("small")
        try #require(try purse.run(["sample", "--out", small, "--transactions", "2000", "--seed", "5"]).status == 0)
        let clean = folder.file("clean.sqlite")
        try #require(try purse.run(["--db", clean, "sync", small]).status == 0)
        return FullDiskSetup(
            export: small, expected: try LedgerContents(path: clean),
            expectedJSON: try purse.run(["--db", clean, "export", "transactions", "--format", "json"]).stdout,
            pages: try #require(try Connection(path: clean).scalarInt("PRAGMA page_count")),
            bytes: try #require(try FileManager.default.attributesOfItem(atPath: clean)[.size] as? Int),
            schemaBytes: try schemaBytes())
    }

    /// The size of a ledger with the schema and one rule.
    func schemaBytes() throws -> Int {
        let empty = folder.file("schema.sqlite")
        try #require(try purse.run(["--db", empty, "rules", "add", "--mcc", "1", "--category", "X"]).status == 0)
        return try #require(try FileManager.default.attributesOfItem(atPath: empty)[.size] as? Int)
    }

    @Test(
        "a full disk at SQLite's page limit: the lines of the streams applied, then a clear error, exit 74, no partial change set; a rerun with room finishes",
        .enabled(if: PurseBinary.hasTestHooks, PurseBinary.needsTestHooks))
    func fullDiskAtPageLimit() throws {
        let setup = try fullDiskSetup()
        let purse = purse
        // The debug build's PURSE_TEST_MAX_PAGE_COUNT: SQLite refuses to grow the file (SQLITE_FULL).
        try expectFullDisk(
            [setup.pages / 3, setup.pages * 2 / 3].map { limit in
                FullDisk(label: "\(limit) pages", message: "full") { database, export, quiet in
                    let result = try purse.run(
                        ["--db", database] + (quiet ? ["--quiet"] : []) + ["sync", export],
                        environment: ["PURSE_TEST_MAX_PAGE_COUNT": String(limit)])
                    return (result.status, result.stderr)
                }
            }, setup)
    }

    @Test(
        "a full disk under a file size limit: the lines of the streams applied, then a clear error, exit 74, no partial change set; a rerun with room finishes"
    )
    func fullDiskAtFileSizeLimit() throws {
        let setup = try fullDiskSetup()
        let purse = purse
        // ulimit -f (RLIMIT_FSIZE, in 512-byte blocks): the OS refuses the write itself, as on a
        // full file system, typically when COMMIT writes the log. The schema alone fills the
        // log first, so each limit lets it in and then part of the data.
        try expectFullDisk(
            [setup.bytes(thirds: 1), setup.bytes(thirds: 2)].map { limit in
                FullDisk(label: "\(limit) bytes", message: "I/O error") { database, export, quiet in
                    try Self.runShell(
                        "ulimit -f \(limit / 512); trap '' XFSZ; exec \"$0\" \"$@\"",
                        [purse.url.path, "--db", database] + (quiet ? ["--quiet"] : []) + ["sync", export])
                }
            }, setup)
    }

    func expectFullDisk(_ faults: [FullDisk], _ setup: FullDiskSetup) throws {
        let (small, expected, expectedJSON) = (setup.export, setup.expected, setup.expectedJSON)
        for fault in faults {
            let database = folder.file("full-\(fault.label).sqlite")

            let result = try fault.sync(database, small, false)

            #expect(result.status == 74, "\(fault.label): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            let error = try #require(lines.dropLast().last)
            #expect(error.hasPrefix("Error: ") && error.contains(fault.message), "\(fault.label): \(result.stderr)")
            // Some change sets, and exactly the ledger after the last one that committed.
            let failed = try LedgerContents(path: database)
            #expect(
                failed.changeSets > 0 && failed.changeSets < expected.changeSets,
                "\(fault.label): \(failed.changeSets) of \(expected.changeSets) change sets")
            let cut = folder.file("cut-\(fault.label)")
            try ExportCut.copy(small, to: cut, cutAt: failed.tokens)
            let cutDatabase = folder.file("cut-\(fault.label).sqlite")
            let cutSync = try purse.run(["--db", cutDatabase, "sync", cut])
            try #require(cutSync.status == 0)
            let atLastCommit = try LedgerContents(path: cutDatabase)
            #expect(failed == atLastCommit, "\(fault.label): \(failed.firstDifference(from: atLastCommit))")
            // Before the error, a line for each stream as far as it was applied: what a sync of
            // the export cut there says (the cut export sits in another folder, but the lines name
            // the source, not the folder).
            #expect(!cutSync.stderr.isEmpty)
            #expect(result.stderr == cutSync.stderr + error + "\n", "\(fault.label)")

            // --quiet: the error alone, on a ledger that stopped at the same point.
            let quietDatabase = folder.file("full-quiet-\(fault.label).sqlite")
            let quiet = try fault.sync(quietDatabase, small, true)
            #expect(quiet.status == 74)
            #expect(quiet.stderr == error + "\n", "\(fault.label)")
            #expect(try LedgerContents(path: quietDatabase).tokens == failed.tokens, "\(fault.label)")
            #expect(try purse.run(["--db", database, "status", "--check"]).status == 0)

            let rerun = try purse.run(["--db", database, "sync", small])

            #expect(rerun.status == 0, "\(rerun.stderr)")
            let contents = try LedgerContents(path: database)
            #expect(contents == expected, "\(fault.label): \(contents.firstDifference(from: expected))")
            #expect(try purse.run(["--db", database, "export", "transactions", "--format", "json"]).stdout == expectedJSON)
        }
    }

    /// Runs a /bin/sh script with `arguments` as $0, $1, ... and no output but a line or two on stderr.
    static func runShell(_ script: String, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC", "LANG": "C.UTF-8"]
        let error = Pipe()
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
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
