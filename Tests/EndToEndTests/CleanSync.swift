import Foundation
import PurseTestSupport
import Testing

/// What the crash tests of Wallet exports and Sure inboxes share: a source synced cleanly, a
/// sync of it killed at an exact point (the debug build's `PURSE_TEST_KILL_AT` hook), and the
/// rerun that must equal the clean sync.
struct CleanSync {
    /// The Wallet export or Sure inbox.
    let source: String
    let contents: LedgerContents
    let transactionsJSON: String

    /// Syncs `source` into `database`, a new ledger.
    init(of source: String, into database: String, purse: PurseBinary, sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.source = source
        let sync = try purse.run(["--db", database, "sync", source])
        try #require(sync.status == 0, "\(sync.stderr)", sourceLocation: sourceLocation)
        transactionsJSON = try purse.run(["--db", database, "export", "transactions", "--format", "json"]).stdout
        contents = try LedgerContents(path: database)
    }

    /// Syncs the source into `database`, a new ledger, with purse killing itself at `point`
    /// (`commit:3`); fails the test unless it was killed there.
    func kill(at point: String, into database: String, purse: PurseBinary) throws {
        let process = try purse.start(["--db", database, "sync", source], environment: ["PURSE_TEST_KILL_AT": point])
        process.waitUntilExit()
        try #require(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
            "\(point): the sync was not killed there (exit \(process.terminationStatus))")
    }

    /// Syncs the source again into the killed ledger at `database`: it must equal the clean
    /// sync row for row and in `export transactions` byte for byte, and check clean.
    func expectRerunEqualsClean(_ database: String, label: String, purse: PurseBinary) throws {
        let rerun = try purse.run(["--db", database, "sync", source])
        #expect(rerun.status == 0, "\(label): \(rerun.stderr)")
        let rerunContents = try LedgerContents(path: database)
        #expect(rerunContents == contents, "\(label): \(rerunContents.firstDifference(from: contents))")
        #expect(try purse.run(["--db", database, "export", "transactions", "--format", "json"]).stdout == transactionsJSON, "\(label)")
        #expect(try purse.run(["--db", database, "status", "--check"]).status == 0, "\(label)")
    }
}
