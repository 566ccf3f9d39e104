import Foundation
import Sync

/// `purse sync PATH...`: applies new change sets; summaries on stderr, nothing on stdout.
enum SyncCommand {
    static func run(_ context: CommandContext) throws {
        // A Wallet export has export.json; a Sure inbox connection.json and/or batches/.
        let sources = try context.command.positionals.map { path -> SyncInput in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SyncError.notFound(path: path, what: "no such file or directory")
            }
            if isDirectory.boolValue, WalletExportSource.isExport(at: path) {
                return .wallet(try WalletExportSource(path: path))
            }
            guard isDirectory.boolValue, SureInbox.isInbox(at: path) else {
                throw SyncError.notFound(path: path, what: "not a Wallet export (no export.json in it) or a Sure inbox (no connection.json or batches/)")
            }
            return .sure(SureInbox(path: path))
        }
        let store = try context.openStore(.create)
        let engine = SyncEngine(store: store, now: context.now)
        if context.showsProgress {
            engine.progress = { text in context.stderr.write("\r\u{1B}[K" + text) }
        }
        defer {
            if context.showsProgress { context.stderr.write("\r\u{1B}[K") }
        }
        var sureProblems = 0
        var sureOnlyTemporary = true
        for input in sources {
            let source: any LedgerSource
            switch input {
            case .wallet(let wallet):
                source = wallet
            case .sure(let inbox):
                let report = try inbox.sync(store: store, now: context.now)
                for line in report.lines { context.stderr.write(line.text + "\n") }
                sureProblems += report.problems
                sureOnlyTemporary = sureOnlyTemporary && report.onlyInboxFull
                continue
            }
            let report = try engine.sync(source)
            if context.showsProgress { context.stderr.write("\r\u{1B}[K") }
            // Files of deleted accounts stay in an export; a cron job should not mail about them
            // on every run, so only a person at a terminal hears of skipped streams.
            if context.showsProgress {
                for skipped in report.skippedStreams { context.stderr.write("Note: \(skipped)\n") }
            }
            for summary in report.changedStreams {
                context.stderr.write(summary.line + "\n")
            }
        }
        if sureProblems > 0 {
            throw SureSyncFailure(count: sureProblems, temporary: sureOnlyTemporary)
        }
    }

    enum SyncInput {
        case wallet(WalletExportSource)
        case sure(SureInbox)
    }
}
