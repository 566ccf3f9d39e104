import Foundation
import Ledger
import SampleData
import Storage
import Testing
import WalletExport

@testable import LedgerStore
@testable import Sync

/// A disk that fills up mid-sync (SQLite's `max_page_count` stands in for it): SQLite rolls the
/// whole open transaction back by itself, and the sync must report the full disk, not the
/// COMMIT that then has nothing to commit.
@Suite struct SyncEngineFullDiskTests {
    @Test("a full disk fails the sync with SQLITE_FULL, keeps the streams committed before it, and a rerun with room finishes")
    func fullDisk() throws {
        let world = try SyncWorld()
        let sample = world.folder.url.appendingPathComponent("sample")
        _ = try WalletExportSampleGenerator(transactions: 2000, months: 12, seed: 5).write(to: sample)
        let source = try WalletExportSource(path: sample.path)
        let connection = world.store.connection
        let pages = try #require(try connection.scalarInt("PRAGMA page_count"))
        try connection.execute("PRAGMA max_page_count = \(pages + 40)")

        let interrupted = try #require(throws: SyncInterrupted.self) {
            try SyncEngine(store: world.store, now: world.now).sync(source)
        }

        let error = try #require(interrupted.underlying as? StorageError)
        #expect(error.isFull, "\(error)")
        #expect(!connection.isInTransaction)
        let committed = try world.streamNames()
        #expect(!committed.isEmpty && committed.count < 9, "\(committed)")
        // What the error carries is what committed: each stream with a token, with its change sets.
        #expect(interrupted.report.changedStreams.map(\.stream).sorted() == committed.sorted())
        for stream in interrupted.report.changedStreams {
            #expect(
                Int64(stream.changeSets) == (try world.store.token(sourceRowID: 1, stream: stream.stream)?.sequence), "\(stream.stream)")
        }
        #expect(try world.store.check().isEmpty)

        try connection.execute("PRAGMA max_page_count = 1073741823")
        try SyncEngine(store: world.store, now: world.now).sync(source)
        let clean = try SyncWorld()
        try SyncEngine(store: clean.store, now: clean.now).sync(source)
        #expect(try world.dump() == clean.dump())
    }
}
