import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Testing
import WalletExport

@testable import Sync

/// `SyncEngine.shouldStop`, which `purse sync --watch` answers from SIGINT and SIGTERM: the sync
/// stops right after a change set, with it committed, and the next sync goes on from there.
@Suite struct SyncEngineStopTests {
    private typealias Fixture = ExportFixture

    @Test func aStopRequestedAfterAChangeSetCommitsItAndStopsThere() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        for sequence in 2...4 {
            try world.export.append(
                "transactions/" + ID.checking,
                Fixture.changeSet("G1", sequence, inserted: [Fixture.transaction(ID.transaction(100 + sequence), account: ID.checking)]))
        }
        let source = try WalletExportSource(path: world.export.path)
        let engine = SyncEngine(store: world.store, now: world.now)
        var asked = 0
        // Asked before each stream and after each change set: accounts (2), the checking
        // account's balances (2), its transactions' first change set (2), then its second.
        engine.shouldStop = {
            asked += 1
            return asked > 6
        }
        let report = try engine.sync(source)
        #expect(report.stoppedEarly)
        #expect(report.changedStreamNames == ["accounts", "balances/" + ID.checking, "transactions/" + ID.checking])
        #expect(try world.point("transactions/" + ID.checking) == "G1#2")
        #expect(try world.point("transactions/" + ID.card) == nil)
        #expect(try world.transactionIDs(of: ID.checking).contains(ID.transaction(102)))
        #expect(!(try world.transactionIDs(of: ID.checking).contains(ID.transaction(103))))

        let rest = try world.sync()
        #expect(!rest.stoppedEarly)
        #expect(try world.point("transactions/" + ID.checking) == "G1#4")
        #expect(try world.point("transactions/" + ID.card) == "G1#1")
    }
}
