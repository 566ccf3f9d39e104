#if DEBUG
import Foundation
import LedgerStore

/// Faults that the crash and disk tests inject into a debug build (`swift build`, `swift test`)
/// through the environment, so that each one lands exactly where the test says instead of at a
/// moment guessed from a clock. A release build (`-c release`) contains none of this. The
/// environment is read once; with the variables unset nothing changes.
///
/// - `PURSE_TEST_KILL_AT=POINT:N`: the process sends itself SIGKILL (as `kill -9` or a power
///   cut would end it) the Nth time a sync reaches POINT:
///   - `record`: a Wallet record was written, in the middle of its change set;
///   - `change-set`: a Wallet change set and its token were written, before their commit;
///   - `commit`: a Wallet sync transaction committed;
///   - `batch`: a Sure batch was accepted and its receipt committed;
///   - `event`: a Sure event was applied, inside its capture's transaction;
///   - `chunk`: a Sure chunk's events were applied, before the capture commits;
///   - `capture`: a Sure capture committed with the connection's cursor.
/// - `PURSE_TEST_MAX_PAGE_COUNT=N`: a sync may not grow the ledger past N pages (SQLite's
///   `max_page_count`), so it fails as on a full disk (`SQLITE_FULL`) at a chosen size.
enum TestFaultInjection {
    enum Point: String {
        case record
        case changeSet = "change-set"
        case commit, batch, event, chunk, capture
    }

    private static let environment = ProcessInfo.processInfo.environment

    private static let killTarget: (point: Point, count: Int)? = {
        guard let text = environment["PURSE_TEST_KILL_AT"] else { return nil }
        let parts = text.split(separator: ":")
        guard parts.count == 2, let point = Point(rawValue: String(parts[0])), let count = Int(parts[1]), count > 0 else {
            fatalError("PURSE_TEST_KILL_AT must be POINT:N, not '\(text)'")
        }
        return (point, count)
    }()

    private static let maximumPageCount: Int? = environment["PURSE_TEST_MAX_PAGE_COUNT"].map {
        guard let pages = Int($0), pages > 0 else { fatalError("PURSE_TEST_MAX_PAGE_COUNT must be a page count, not '\($0)'") }
        return pages
    }

    // One sync runs on one thread; nothing else touches the count.
    nonisolated(unsafe) private static var reachedCount = 0

    /// Ends the process when `point` is reached for the Nth time and N is what the test asked for.
    static func reached(_ point: Point) {
        guard let target = killTarget, target.point == point else { return }
        reachedCount += 1
        if reachedCount == target.count { raise(SIGKILL) }
    }

    /// Caps the ledger's size when the test asked for it (SQLite never lowers the cap below the
    /// file's current size).
    static func limitPages(of store: LedgerStore) throws {
        guard let maximumPageCount else { return }
        try store.limitPageCount(to: maximumPageCount)
    }
}
#endif
