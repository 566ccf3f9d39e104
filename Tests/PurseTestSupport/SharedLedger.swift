import Foundation

/// A ledger built once per test process, the first time a test asks, then copied for each test
/// that asks, so every test may write to its own copy and none sees another's. The original is
/// read-only: nobody is handed its path.
public final class SharedLedger: Sendable {
    private let build: @Sendable (_ database: String) throws -> Void
    private let built = Locked<Result<String, any Error>?>(nil)

    /// `build` makes the ledger at the path it is given; it runs at most once.
    public init(_ build: @escaping @Sendable (_ database: String) throws -> Void) {
        self.build = build
    }

    /// Copies the ledger to `database`, building it first if no test has yet.
    public func copy(to database: String) throws {
        let original = try built.withLock { built in
            let result =
                built
                ?? Result {
                    let path = try Self.folder().appendingPathComponent("ledger.sqlite").path
                    try build(path)
                    return path
                }
            built = result
            // A failed `#require` in the build is an error the test framework takes as reported
            // already: passed on as it is, every later test would pass without checking anything.
            return try result.mapError { BuildFailed(underlying: $0) }.get()
        }
        // Only a crash leaves a write-ahead log beside a closed ledger; copied with it, the copy
        // holds everything the original does.
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: original + suffix) {
            try FileManager.default.copyItem(atPath: original + suffix, toPath: database + suffix)
        }
    }

    /// The build failed: every test that asks for the ledger fails with this.
    public struct BuildFailed: Error, CustomStringConvertible {
        public let underlying: any Error
        public var description: String { "the shared ledger could not be built: \(underlying)" }
    }

    /// A folder of its own under the system's temporary directory, left for the system to clean:
    /// the ledger lives as long as the test process.
    private static func folder() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("purse-test-shared-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
