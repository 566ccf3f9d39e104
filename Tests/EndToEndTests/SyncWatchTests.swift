import Foundation
import PurseTestSupport
import Storage
import Testing

/// `purse sync --watch` as a long-running process: what lands in the export is applied within
/// seconds, a folder replaced by a file-sync tool is followed, reports run while it waits,
/// SIGTERM stops it cleanly at a change-set boundary, and a kill -9 at any moment loses nothing.
@Suite("sync --watch", .tags(.slow))
struct SyncWatchTests {
    typealias F = ExportFixture
    static let account = "0688F73D-508E-49A8-B0A2-4A07A7CF4768"
    static let stream = "transactions/\(account)"

    /// A running `purse sync --watch`, its stderr collected as it comes.
    final class Watch: @unchecked Sendable {
        let process: Process
        private let lock = NSLock()
        private var collected = Data()
        private let done = DispatchGroup()

        init(_ purse: PurseBinary, database: String, arguments: [String]) throws {
            process = try purse.start(["--db", database, "sync", "--watch"] + arguments)
            let pipe = process.standardError as! Pipe
            done.enter()
            DispatchQueue.global().async { [self] in
                while case let data = pipe.fileHandleForReading.availableData, !data.isEmpty {
                    lock.withLock { collected.append(data) }
                }
                done.leave()
            }
        }

        var stderr: String { lock.withLock { String(decoding: collected, as: UTF8.self) } }

        /// Sends `signal` and waits for the process to end; its exit status, or 128 + a signal.
        func stop(_ signal: Int32 = SIGTERM) -> Int32 {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            done.wait()
            return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        }

        deinit {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
    }

    /// The last sequence applied of a stream (0 before any), read without disturbing the watch.
    static func appliedSequence(_ database: String, _ stream: String = stream) throws -> Int64 {
        guard FileManager.default.fileExists(atPath: database) else { return 0 }
        let connection = try Connection(path: database, readOnly: true)
        // A ledger being created has no tables yet.
        return (try? connection.scalarInt("SELECT sequence FROM streams WHERE name = ?", [.text(stream)])) ?? 0
    }

    /// An export with one account and a first snapshot of its transactions.
    static func export(in folder: TemporaryFolder, name: String = "export") throws -> ExportFixture {
        let export = try ExportFixture(in: folder.url, name: name)
        try export.append("accounts", F.changeSet("A", 1, snapshot: true, inserted: [F.account(account)]))
        try export.append(stream, F.changeSet("G", 1, snapshot: true, inserted: [F.transaction("T1", account: account)]))
        return export
    }

    static func purchase(_ sequence: Int) -> String {
        F.changeSet("G", sequence, inserted: [F.transaction("T\(sequence)", account: account, amount: "\(sequence).00")])
    }

    @Test("change sets appended while it runs are applied within seconds, one line per stream each time; SIGTERM ends it with 0")
    func appendedLinesApplied() throws {
        let folder = try TemporaryFolder()
        let export = try Self.export(in: folder)
        let database = folder.file("ledger.sqlite")
        let purse = PurseBinary()
        let watch = try Watch(purse, database: database, arguments: [export.path])
        try eventually("the first sync") { try Self.appliedSequence(database) == 1 }
        try export.append(Self.stream, Self.purchase(2))
        try eventually("the appended change set") { try Self.appliedSequence(database) == 2 }
        // Half a line is left for later; the rest of it is applied when it lands.
        let line = Self.purchase(3) + "\n"
        try export.appendRaw(Self.stream, String(line.prefix(40)))
        // Nothing shows that the half line was seen and left: half a second for the watch to
        // (wrongly) apply it is a check that nothing happens, not a wait for a condition.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try Self.appliedSequence(database) == 2)
        try export.appendRaw(Self.stream, String(line.dropFirst(40)))
        try eventually("the completed line") { try Self.appliedSequence(database) == 3 }
        #expect(watch.stop() == 0)
        #expect(
            watch.stderr == """
                Ana's iPhone accounts: 1 inserted, 0 updated, 0 deleted
                Ana's iPhone \(Self.stream): 1 inserted, 0 updated, 0 deleted
                Ana's iPhone \(Self.stream): 1 inserted, 0 updated, 0 deleted
                Ana's iPhone \(Self.stream): 1 inserted, 0 updated, 0 deleted

                """)
        let again = try purse.run(["--db", database, "sync", export.path])
        #expect(again.status == 0 && again.stderr == "", "a plain sync afterwards has nothing to do")
    }

    @Test("--quiet prints nothing; --poll with --interval looks every interval and finds what changed")
    func quietPolling() throws {
        let folder = try TemporaryFolder()
        let export = try Self.export(in: folder)
        let database = folder.file("ledger.sqlite")
        let watch = try Watch(PurseBinary(), database: database, arguments: ["--poll", "--interval", "0.2", export.path])
        try eventually("the first sync") { try Self.appliedSequence(database) == 1 }
        try export.append(Self.stream, Self.purchase(2))
        try eventually("the appended change set") { try Self.appliedSequence(database) == 2 }
        #expect(watch.stop(SIGINT) == 0)
        let silent = try PurseBinary().start(["--db", database, "--quiet", "sync", "--watch", export.path])
        try export.append(Self.stream, Self.purchase(3))
        try eventually("the change set applied under --quiet") { try Self.appliedSequence(database) == 3 }
        kill(silent.processIdentifier, SIGTERM)
        silent.waitUntilExit()
        #expect(silent.terminationStatus == 0)
        #expect((silent.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile().isEmpty)
    }

    @Test("a folder replaced by a new copy (as a file-sync tool does) is followed")
    func folderReplaced() throws {
        let folder = try TemporaryFolder()
        let export = try Self.export(in: folder)
        let database = folder.file("ledger.sqlite")
        let watch = try Watch(PurseBinary(), database: database, arguments: ["--interval", "30", export.path])
        try eventually("the first sync") { try Self.appliedSequence(database) == 1 }
        let copy = try Self.export(in: folder, name: "incoming")
        for sequence in 2...4 { try copy.append(Self.stream, Self.purchase(sequence)) }
        try FileManager.default.moveItem(at: export.directory, to: folder.url.appendingPathComponent("old"))
        try FileManager.default.moveItem(at: copy.directory, to: export.directory)
        try eventually("the new copy's change sets") { try Self.appliedSequence(database) == 4 }
        try export.append(Self.stream, Self.purchase(5))
        try eventually("a change set appended to the new copy") { try Self.appliedSequence(database) == 5 }
        #expect(watch.stop() == 0)
        #expect(!watch.stderr.contains("Error"), "\(watch.stderr)")
    }

    @Test("a bad line is told once and watched on; the delivery that fixes it is applied")
    func badLineWatchedOn() throws {
        let folder = try TemporaryFolder()
        let export = try Self.export(in: folder)
        let database = folder.file("ledger.sqlite")
        let watch = try Watch(PurseBinary(), database: database, arguments: [export.path])
        try eventually("the first sync") { try Self.appliedSequence(database) == 1 }
        try export.append(Self.stream, Self.purchase(2).replacingOccurrences(of: "\"2.00\"", with: "2.00"))
        let error =
            "Error: \(export.path)/\(Self.stream).jsonl:2: inserted[0].transactionAmount.amount: a JSON number (2.00) where an amount belongs; amounts are decimal strings such as \"12.50\"\n"
        eventually("the error line") { watch.stderr.contains(error) }
        // More news in the same file does not repeat it.
        try export.appendRaw(Self.stream, "")
        try export.append(
            "balances/\(Self.account)", F.changeSet("B", 1, snapshot: true, inserted: [F.balance("B1", account: Self.account)]))
        try eventually("the balance") { try Self.appliedSequence(database, "balances/\(Self.account)") == 1 }
        let lines = try String(contentsOf: export.url(Self.stream), encoding: .utf8).split(separator: "\n").map(String.init)
        try export.replace(Self.stream, lines: [lines[0], Self.purchase(2)])
        try eventually("the fixed line") { try Self.appliedSequence(database) == 2 }
        #expect(watch.stop() == 0)
        #expect(watch.stderr.components(separatedBy: error).count == 2, "told once: \(watch.stderr)")
    }

    @Test("while it waits, the database is free: another run writes to it at once")
    func databaseReleased() throws {
        let folder = try TemporaryFolder()
        let export = try Self.export(in: folder)
        let database = folder.file("ledger.sqlite")
        let purse = PurseBinary()
        let watch = try Watch(purse, database: database, arguments: [export.path])
        try eventually("the first sync") { try Self.appliedSequence(database) == 1 }
        let started = Date()
        let rule = try purse.run(["--db", database, "rules", "add", "--merchant", "Whole Foods Market", "--category", "Dining"])
        #expect(rule.status == 0, "\(rule.stderr)")
        #expect(Date().timeIntervalSince(started) < 4, "no wait for a lock")
        #expect(try purse.run(["--db", database, "transactions"]).status == 0)
        #expect(watch.stop() == 0)
    }

    /// An export whose one stream has `count` change sets of one purchase each.
    static func longExport(in folder: TemporaryFolder, count: Int) throws -> ExportFixture {
        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("A", 1, snapshot: true, inserted: [F.account(account)]))
        var text = ""
        for sequence in 1...count {
            text += F.changeSet("G", sequence, snapshot: sequence == 1, inserted: [F.transaction("T\(sequence)", account: account)]) + "\n"
        }
        try Data(text.utf8).write(to: export.url(stream))
        return export
    }

    @Test("SIGTERM in the middle of a long sync stops at a change-set boundary with 0; the next sync goes on from there")
    func stopsAtBoundary() throws {
        let folder = try TemporaryFolder()
        let count = 60_000
        let export = try Self.longExport(in: folder, count: count)
        let database = folder.file("ledger.sqlite")
        let purse = PurseBinary()
        let watch = try Watch(purse, database: database, arguments: [export.path])
        // A busy machine takes a while to write the export and start: the wait ends at the first commit.
        try eventually(within: 60, "the sync under way, its first commit made") { try Self.appliedSequence(database) > 0 }
        #expect(watch.stop() == 0)
        let applied = try Self.appliedSequence(database)
        #expect(applied < count, "stopped before the end")
        let connection = try Connection(path: database, readOnly: true)
        #expect(try connection.scalarInt("SELECT count(*) FROM transactions") == applied, "exactly the change sets up to the token")
        #expect(try purse.run(["--db", database, "status", "--check"]).status == 0)
        let rest = try purse.run(["--db", database, "--quiet", "sync", export.path])
        #expect(rest.status == 0)
        #expect(try Self.appliedSequence(database) == Int64(count))
    }

    @Test("kill -9 at a random moment while change sets arrive loses nothing: a sync afterwards equals a clean one", arguments: [1, 2, 3])
    func killedAnywhere(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        let folder = try TemporaryFolder()
        let export = try Self.longExport(in: folder, count: 2000)
        let database = folder.file("ledger.sqlite")
        let purse = PurseBinary()
        let watch = try Watch(purse, database: database, arguments: [export.path])
        for sequence in 2001...2000 + random.below(200) + 1 {
            try export.append(Self.stream, Self.purchase(sequence))
            if random.below(20) == 0 { Thread.sleep(forTimeInterval: 0.01) }
        }
        // Seeded pauses, not waits: they put the kill at a different moment for each seed.
        Thread.sleep(forTimeInterval: Double(random.below(800)) / 1000)
        #expect(watch.stop(SIGKILL) == 128 + SIGKILL)
        let clean = try CleanSync(of: export.path, into: folder.file("clean.sqlite"), purse: purse)
        try clean.expectRerunEqualsClean(database, label: "killed at random", purse: purse)
    }

    @Test(
        "--interval and --poll go with --watch, and --interval takes a number of seconds",
        arguments: [
            (["--interval", "5"], "Error: option '--interval' goes with --watch"),
            (["--poll"], "Error: option '--poll' goes with --watch"),
            (["--watch", "--interval", "0"], "Error: option '--interval' needs a number of seconds above 0 (at most 86400), not '0'"),
            (
                ["--watch", "--interval", "soon"],
                "Error: option '--interval' needs a number of seconds above 0 (at most 86400), not 'soon'"
            ),
        ])
    func usage(options: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let export = try Self.export(in: folder)
        let result = try PurseBinary().run(["--db", folder.file("ledger.sqlite"), "sync"] + options + [export.path])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message + ".\nUsage: purse sync [options] PATH...\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("ledger.sqlite")))
    }
}
