import Foundation
import Ledger
import LedgerStore
import Sync
import WalletExport

/// `purse sync --watch PATH...`: keeps syncing until SIGINT or SIGTERM. Each round opens the
/// ledger, applies what is new (each change set in its own transaction, as a plain sync does)
/// and closes it again, so reports run freely while it waits. A round runs when the folders
/// changed; the system tells of changes (or, with `--poll`, the folders are looked at every
/// `--interval` seconds), and every `--interval` seconds they are looked at anyway.
///
/// An error in the input (a bad line, a folder gone while a file-sync tool replaces it, the
/// database locked by another run) is told once and watched on: the next delivery may fix it.
/// Any other error (the database cannot be written) stops it with that error's status. A stop
/// signal ends it at the next change-set boundary, with exit status 0.
final class SyncWatch {
    let context: CommandContext
    let inputs: [SyncCommand.SyncInput]
    let interval: Double
    let polling: Bool
    /// Error lines told in the last round: a line still true is not told again every round.
    private var told: Set<String> = []
    private var telling: Set<String> = []

    init(context: CommandContext, inputs: [SyncCommand.SyncInput], interval: Double, polling: Bool) {
        self.context = context
        self.inputs = inputs
        self.interval = interval
        self.polling = polling
    }

    func run() throws {
        let stop = StopSignal()
        if context.showsProgress {
            context.stderr.write("Watching \(paths.joined(separator: ", ")) (Ctrl-C stops)\n")
        }
        var seen: FolderFingerprint?
        var retry = false
        while !stop.isRequested {
            // Watching starts before looking, so that no change slips in between.
            let notifier = FolderNotifier(folders: folders, parents: parents, polling: polling, wake: stop.wakeDescriptor)
            let fingerprint = FolderFingerprint(folders: folders)
            if fingerprint != seen || retry {
                seen = fingerprint
                retry = try round(stop: stop)
            }
            if stop.isRequested { break }
            notifier.wait(seconds: interval)
        }
    }

    private var paths: [String] {
        inputs.map {
            switch $0 {
            case .wallet(let path): path
            case .sure(let path, _): path
            }
        }
    }

    /// Each input folder with the folders its files are in.
    private var folders: [String] {
        inputs.flatMap { input -> [String] in
            switch input {
            case .wallet(let path): [path, path + "/balances", path + "/transactions"]
            case .sure(let path, _): [path, path + "/batches"]
            }
        }
    }

    /// The folders holding the inputs, where a file-sync tool may put a new copy of one.
    private var parents: [String] {
        Array(
            Set(
                paths.map { path in
                    let parent = (path as NSString).deletingLastPathComponent
                    return parent.isEmpty ? "." : parent
                }))
    }

    /// One sync of every input. Returns true when it should run again without waiting for a
    /// change (the database was locked).
    private func round(stop: StopSignal) throws -> Bool {
        var locked = false
        defer {
            told = telling
            telling = []
        }
        let now = Timestamp.utc(epochSeconds: Int64(Date().timeIntervalSince1970.rounded(.down)))
        let store: LedgerStore
        do {
            store = try context.openStore(.create)
        } catch {
            return try tellOrThrow(error)
        }
        let engine = SyncEngine(store: store, now: now)
        engine.shouldStop = { stop.isRequested }
        for input in inputs where !stop.isRequested {
            do {
                switch input {
                case .wallet(let path):
                    let report = try engine.sync(try WalletExportSource(path: path))
                    _ = SyncCommand.show(report, context: context) { self.tell(Self.errorLine($0)) }
                case .sure(_, let inbox):
                    let report = try inbox.sync(store: store, now: now)
                    for line in report.lines {
                        if line.isProblem { tell(line.text) } else { context.note(line.text) }
                    }
                }
            } catch {
                var error = error
                if let interrupted = error as? SyncInterrupted {
                    _ = SyncCommand.show(interrupted.report, context: context) { self.tell(Self.errorLine($0)) }
                    error = interrupted.underlying
                }
                locked = try tellOrThrow(error) || locked
            }
        }
        return locked
    }

    /// Tells an error the watch survives (once while it lasts) and returns whether it was a lock;
    /// throws any other.
    private func tellOrThrow(_ error: any Error) throws -> Bool {
        let status = ErrorFunnel.classify(error).1
        switch status {
        case .badInput, .notFound, .temporaryFailure:
            tell(Self.errorLine(error))
            return status == .temporaryFailure
        default:
            throw error
        }
    }

    private static func errorLine(_ error: any Error) -> String {
        let message = ErrorFunnel.classify(error).0
        return message.hasPrefix("Error: ") ? message : "Error: " + message
    }

    /// Writes a problem's line to stderr, unless the last round told it already.
    private func tell(_ line: String) {
        if !told.contains(line) && !telling.contains(line) { context.stderr.write(line + "\n") }
        telling.insert(line)
    }
}
