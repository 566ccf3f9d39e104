import Foundation
import Ledger
import PurseTestSupport
import Testing
import WalletExport

@testable import Sync

/// A stream's sequence, which may read ahead and hold change sets, is let go as soon as the
/// sync is done with its stream, not when the whole sync ends.
@Suite struct SyncEngineStreamReleaseTests {
    /// The export's own sequences, each watched through a weak reference: every read notes how
    /// many sequences of the streams opened before its own are still alive.
    final class WatchedSource: LedgerSource {
        let export: WalletExportSource
        private var isAlive: [() -> Bool] = []
        private(set) var aliveBefore: [String: Int] = [:]

        init(_ export: WalletExportSource) { self.export = export }

        var kind: String { export.kind }
        var externalID: String { export.externalID }
        var displayName: String { export.displayName }
        var location: String { export.location }
        func streams() throws -> [LedgerStream] { try export.streams() }

        func changes(for stream: LedgerStream, after token: StreamToken?) throws -> any ChangeSequence {
            let sequence = Watched(try export.changes(for: stream, after: token))
            let earlier = isAlive
            sequence.onRead = { [unowned self] in aliveBefore[stream.name] = earlier.filter { $0() }.count }
            isAlive.append { [weak sequence] in sequence != nil }
            return sequence
        }
    }

    final class Watched: ChangeSequence {
        let base: any ChangeSequence
        var onRead: () -> Void = {}

        init(_ base: any ChangeSequence) { self.base = base }

        var resumeHint: StreamToken? { base.resumeHint }

        func next() throws -> StreamChange? {
            onRead()
            return try base.next()
        }
    }

    @Test func eachStreamsSequenceIsLetGoBeforeTheNextStreamIsRead() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        let source = WatchedSource(try WalletExportSource(path: world.export.path))
        let streams = try source.streams().map(\.name)
        #expect(streams.count == 5)
        let report = try SyncEngine(store: world.store, now: world.now).sync(source)
        #expect(report.failures.isEmpty)
        #expect(source.aliveBefore.keys.sorted() == streams.sorted())
        for name in streams.dropFirst() {
            #expect(source.aliveBefore[name] == 0, "\(name)")
        }
    }
}
