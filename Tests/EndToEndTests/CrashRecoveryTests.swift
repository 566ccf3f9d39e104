import Foundation
import PurseTestSupport
import Storage
import Testing

/// kill -9 a sync, rerun it, and the ledger must equal a clean run's: every change set commits
/// together with its token. The kills land at points chosen exactly (the debug build's
/// `PURSE_TEST_KILL_AT` hook: after a commit, inside an open transaction between two change sets,
/// in the middle of a change set) and at moments chosen from outside. Each kill must be proved to
/// have landed mid-sync: the killed ledger holds some but not all change sets, and exactly the
/// state after its last complete one (the same rows as a sync of the export cut at its tokens).
@Suite("Crash recovery", .tags(.slow))
struct CrashRecoveryTests {
    let folder: TemporaryFolder
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A sample export and its clean sync.
    func cleanRun(transactions: Int) throws -> CleanSync {
        let export = folder.file("export")
        let sample = try purse.run(["sample", "--out", export, "--transactions", String(transactions), "--months", "12", "--seed", "5"])
        try #require(sample.status == 0, "\(sample.stderr)")
        let clean = try CleanSync(of: export, into: folder.file("clean.sqlite"), purse: purse)
        try #require(clean.contents.count("transactions") > transactions / 2)
        return clean
    }

    @Test("killed right after each commit but the last", .enabled(if: PurseBinary.hasTestHooks, PurseBinary.needsTestHooks))
    func killedAfterACommit() throws {
        let clean = try cleanRun(transactions: 2000)
        // One commit per stream here (each holds fewer records than a commit takes).
        let streams = clean.contents.tokens.count
        try #require(streams == 9)
        for commit in 1..<streams {
            try killAndRecover(at: "commit:\(commit)", clean)
        }
    }

    @Test(
        "killed inside an open transaction, right after a change set and its token",
        .enabled(if: PurseBinary.hasTestHooks, PurseBinary.needsTestHooks))
    func killedBetweenChangeSets() throws {
        let clean = try cleanRun(transactions: 2000)
        // From the first change set after the accounts stream's commit to the very last one.
        let first = Int(clean.contents.tokens["accounts"]!) + 1
        let last = Int(clean.contents.changeSets)
        let points = (0..<8).map { first + ($0 * (last - first)) / 7 }
        try #require(Set(points).count == 8)
        for changeSet in points {
            try killAndRecover(at: "change-set:\(changeSet)", clean)
        }
    }

    @Test(
        "killed in the middle of a change set, after some of its records",
        .enabled(if: PurseBinary.hasTestHooks, PurseBinary.needsTestHooks))
    func killedInsideAChangeSet() throws {
        let clean = try cleanRun(transactions: 2000)
        let records = clean.contents.count("transactions")
        for seventh in 1...6 {
            try killAndRecover(at: "record:\(records * seventh / 7)", clean)
        }
    }

    @Test("killed from outside while it runs, once some streams have committed")
    func killedFromOutside() throws {
        let clean = try cleanRun(transactions: 10_000)
        for committedStreams in [1, 3, 5] {
            let label = "outside-\(committedStreams)"
            let database = folder.file(label + ".sqlite")
            let process = try purse.start(["--db", database, "sync", clean.source])
            try waitUntil(committedStreams, streamsIn: database, while: process)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try #require(process.terminationReason == .uncaughtSignal, "\(label): the sync ended before the kill")
            try checkLandedMidSync(database, clean, label: label)
            try clean.expectRerunEqualsClean(database, label: label, purse: purse)
        }
    }

    // MARK: - Steps

    func killAndRecover(at point: String, _ clean: CleanSync) throws {
        let database = folder.file("killed-\(point).sqlite")
        try clean.kill(at: point, into: database, purse: purse)
        try checkLandedMidSync(database, clean, label: point)
        try clean.expectRerunEqualsClean(database, label: point, purse: purse)
    }

    /// Some but not all change sets, and exactly the rows of a sync of the export cut at the
    /// killed ledger's tokens: no change set half-applied, none applied without its token.
    func checkLandedMidSync(_ database: String, _ clean: CleanSync, label: String) throws {
        let killed = try LedgerContents(path: database)
        #expect(
            killed.changeSets > 0 && killed.changeSets < clean.contents.changeSets,
            "\(label): \(killed.changeSets) of \(clean.contents.changeSets) change sets")
        let cut = folder.file("cut-\(label)")
        try ExportCut.copy(clean.source, to: cut, cutAt: killed.tokens)
        let cutDatabase = folder.file("cut-\(label).sqlite")
        let sync = try purse.run(["--db", cutDatabase, "sync", cut])
        try #require(sync.status == 0, "\(label): \(sync.stderr)")
        let expected = try LedgerContents(path: cutDatabase)
        #expect(killed == expected, "\(label): \(killed.firstDifference(from: expected))")
    }

    /// Polls the ledger every millisecond (a reader never blocks the writer in WAL mode) until
    /// `count` streams have committed; fails if the sync ends first.
    func waitUntil(_ count: Int, streamsIn database: String, while process: Process) throws {
        func committed() -> Bool {
            guard FileManager.default.fileExists(atPath: database), let reader = try? Connection(path: database, readOnly: true),
                let committed = try? reader.scalarInt("SELECT count(*) FROM streams")
            else { return false }
            return committed >= count
        }
        eventually(within: 600, every: 0.001, "\(count) streams committed") { committed() || !process.isRunning }
        if !committed() { Issue.record("the sync ended before \(count) streams committed") }
    }
}
