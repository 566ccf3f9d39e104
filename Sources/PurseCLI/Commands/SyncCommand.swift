import Foundation
import Ledger
import Sync
import WalletExport

/// `purse sync PATH...`: applies new change sets; summaries on stderr, nothing on stdout.
/// Bad input stops its own stream (or source) only: everything else is still synced, each
/// failure gets its error line, and the exit status is 65 at the end.
enum SyncCommand: PurseCommand {
    static let spec = CommandSpec(
        ["sync"], summary: "Pull new changes from Wallet exports and Sure inboxes (idempotent).",
        discussion: """
            Applies every change set not yet applied, each in one database transaction together with its \
            stream's token, and prints one line per stream that changed to stderr. Running it again \
            changes nothing. Bad input stops its own stream only: the other streams are synced, each \
            failure gets its error line, and the exit status is 65. A value FinanceKit added after this \
            purse (a new transaction type, say) is stored as given, with a warning. With --watch it keeps \
            running, syncing whenever the folders change and leaving the database free in between.
            """,
        positionals: [
            PositionalSpec(
                "PATH", help: "A Wallet export folder (with export.json) or a Sure inbox (connection.json and batches/).", minCount: 1,
                maxCount: nil)
        ],
        options: WatchOptions.options)

    // One function on purpose: every input shares the progress line and the exit status it builds up.
    static func run(_ context: CommandContext) throws {
        // A Wallet export has export.json; a Sure inbox connection.json and/or batches/.
        let inputs = try context.command.positionals.map { path -> SyncInput in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SourceError.notFound(path: path, what: "no such file or directory")
            }
            if isDirectory.boolValue, WalletExportSource.isExport(at: path) {
                return .wallet(path: path)
            }
            guard isDirectory.boolValue, SureInbox.isInbox(at: path) else {
                throw SourceError.notFound(
                    path: path, what: "not a Wallet export (no export.json in it) or a Sure inbox (no connection.json or batches/)")
            }
            return .sure(path: path, SureInbox(path: path))
        }
        let watching = try WatchOptions(context.command)
        if let interval = watching.interval {
            let watch = SyncWatch(context: context, inputs: inputs, interval: interval.seconds, polling: watching.polling)
            return try watch.run()
        }
        let store = try context.openStore(.create)
        let engine = SyncEngine(store: store, now: context.now)
        func clearProgress() {
            if context.showsProgress { context.stderr.write("\r\u{1B}[K") }
        }
        if context.showsProgress {
            engine.progress = { text in context.stderr.write("\r\u{1B}[K" + text) }
        }
        defer { clearProgress() }
        var badInput = false
        var sureProblems = 0
        var sureOnlyTemporary = true
        for input in inputs {
            do {
                switch input {
                case .wallet(let path):
                    let report = try engine.sync(try WalletExportSource(path: path))
                    clearProgress()
                    badInput = show(report, context: context) || badInput
                case .sure(_, let inbox):
                    let report = try inbox.sync(store: store, now: context.now)
                    for line in report.lines {
                        if line.isProblem { context.stderr.write(line.text + "\n") } else { context.note(line.text) }
                    }
                    sureProblems += report.problems
                    sureOnlyTemporary = sureOnlyTemporary && report.onlyInboxFull
                }
            } catch {
                clearProgress()
                var error = error
                // What was applied before the sync stopped is told before why it stopped.
                if let interrupted = error as? SyncInterrupted {
                    badInput = show(interrupted.report, context: context) || badInput
                    error = interrupted.underlying
                }
                // Bad input in one source (an export older than the database, a bad manifest)
                // does not keep the next one from syncing; anything else stops here.
                guard ErrorFunnel.classify(error).1 == .badInput else { throw error }
                ErrorFunnel.report(error, stderr: context.stderr)
                badInput = true
            }
        }
        if sureProblems > 0 {
            let failure = SureSyncFailure(count: sureProblems, temporary: sureOnlyTemporary)
            guard badInput else { throw failure }
            ErrorFunnel.report(failure, stderr: context.stderr)
        }
        if badInput { throw FailuresReported(status: .badInput) }
    }

    /// Writes what a Wallet sync did, stream by stream: what changed (unless --quiet), the
    /// warnings and the bad input that stopped a stream (through `failure`, which writes its
    /// `Error:` line unless told otherwise). True when some stream had bad input.
    static func show(
        _ report: SyncReport, context: CommandContext, tellFailure: ((SourceError) -> Void)? = nil
    ) -> Bool {
        // Files of deleted accounts stay in an export; a cron job should not mail about them
        // on every run, so only a person at a terminal hears of skipped streams.
        if context.showsProgress {
            for skipped in report.skippedStreams { context.stderr.write("Note: \(skipped)\n") }
        }
        for stream in report.streams {
            if stream.changeSets > 0 { context.note(stream.line) }
            for warning in stream.warnings { context.warn(warning.description) }
            if let failure = stream.failure {
                if let tellFailure { tellFailure(failure) } else { ErrorFunnel.report(failure, stderr: context.stderr) }
            }
        }
        return !report.failures.isEmpty
    }

    enum SyncInput {
        case wallet(path: String)
        case sure(path: String, SureInbox)
    }
}
