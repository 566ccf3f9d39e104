import Ledger
import LedgerStore
import PurseTestSupport
import Testing
import WalletExport

@testable import Sync

/// A sync commits when a transaction holds enough records or has held the database long
/// enough (`SyncEngine.commitLimit`), always after whole change sets.
@Suite struct SyncEngineCommitTests {
    /// Five change sets of three new transactions each on the checking account, after the usual
    /// export has synced; what each commit reported, for that stream.
    private static func commits(limit: (records: Int, duration: Duration)) throws -> [String] {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let stream = "transactions/" + ID.checking
        for set in 0..<5 {
            let rows = (0..<3).map { ExportFixture.transaction(ID.transaction(100 + 3 * set + $0), account: ID.checking) }
            try world.export.append(stream, ExportFixture.changeSet("G1", 2 + set, inserted: rows))
        }
        let engine = SyncEngine(store: world.store, now: world.now)
        engine.commitLimit = limit
        var commits: [String] = []
        engine.progress = { if $0.contains(stream) { commits.append($0) } }
        let report = try engine.sync(try WalletExportSource(path: world.export.path))
        #expect(report.failures.isEmpty)
        #expect(try world.transactionIDs(of: ID.checking).count == 17)
        return commits
    }

    /// How many change sets had committed, from the progress text "... 4 change sets".
    private static func changeSets(_ progress: String) -> Int? {
        progress.split(separator: " ").dropLast(2).last.flatMap { Int($0) }
    }

    @Test func aCommitHoldsChangeSetsUpToTheRecordLimit() throws {
        let commits = try Self.commits(limit: (records: 6, duration: .seconds(3_600)))
        #expect(commits.map(Self.changeSets) == [2, 4, 5])
    }

    @Test func aCommitEndsOnceItHasHeldTheDatabaseLongEnough() throws {
        let commits = try Self.commits(limit: (records: .max, duration: .zero))
        // One change set each, then the end of the stream found in a transaction of its own.
        #expect(commits.map(Self.changeSets) == [1, 2, 3, 4, 5, 5])
    }
}
