import Foundation
import Sync

/// `purse sync PATH...`: applies new change sets; summaries on stderr, nothing on stdout.
enum SyncCommand {
    static func run(_ context: CommandContext) throws {
        let sources = try context.command.positionals.map { path -> any LedgerSource in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SyncError.notFound(path: path, what: "no such file or directory")
            }
            guard isDirectory.boolValue, WalletExportSource.isExport(at: path) else {
                throw SyncError.notFound(path: path, what: "not a Wallet export (no export.json in it)")
            }
            return try WalletExportSource(path: path)
        }
        let store = try context.openStore()
        let engine = SyncEngine(store: store, now: context.now)
        if context.showsProgress {
            engine.progress = { text in context.stderr.write("\r\u{1B}[K" + text) }
        }
        defer {
            if context.showsProgress { context.stderr.write("\r\u{1B}[K") }
        }
        for source in sources {
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
    }
}
