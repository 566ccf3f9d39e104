import Foundation
import PurseTestSupport
import Testing

/// The shared test ledger: built once, copied to each test that asks, and a failed build fails
/// every one of them, not only the first.
@Suite("Shared test ledger")
struct SharedLedgerTests {
    struct Broken: Error {}

    @Test("a build that failed fails each test that asks again, as a failure of its own")
    func failedBuild() throws {
        let builds = Counter()
        let shared = SharedLedger { _ in
            builds.add()
            throw Broken()
        }
        let folder = try TemporaryFolder()
        for name in ["a.sqlite", "b.sqlite"] {
            let error = try #require(throws: SharedLedger.BuildFailed.self) { try shared.copy(to: folder.file(name)) }
            #expect(error.underlying is Broken)
        }
        #expect(builds.value == 1)
    }

    @Test("each test gets a copy of its own: a write to one is not in the next")
    func copies() throws {
        let shared = SharedLedger { path in try Data("built".utf8).write(to: URL(fileURLWithPath: path)) }
        let folder = try TemporaryFolder()
        try shared.copy(to: folder.file("a.sqlite"))
        try Data("changed".utf8).write(to: URL(fileURLWithPath: folder.file("a.sqlite")))
        try shared.copy(to: folder.file("b.sqlite"))
        #expect(try String(contentsOfFile: folder.file("b.sqlite"), encoding: .utf8) == "built")
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }
}
