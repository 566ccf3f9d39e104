import Foundation
import Ledger
import StrictJSON

/// Writes a Wallet export in exactly the format `purse sync` reads (README, "The Wallet export
/// format"), durably and in an order that a kill at any moment cannot break:
///
/// - a change set is one line, written with its LF last and synced, and only then is the
///   stream's state (generation, sequence, history token) saved, through a temporary file and
///   a rename: a line is never announced before it is on disk;
/// - a snapshot replaces its stream file whole (temporary file, rename), so a reader sees the
///   old file or the new one;
/// - a last line without its LF (a write a kill cut short) is cut off before the stream is
///   written again, and a stream whose state does not match its file starts over.
///
/// One writer holds the export's lock from `init` until it is released.
public final class WalletExportWriter {
    let configuration: WalletExportConfiguration
    private let lock: ExportLock
    private var wroteManifest = false

    /// Takes the export's lock (`WalletExporterError.busy` when another process holds it).
    public init(configuration: WalletExportConfiguration) throws {
        self.configuration = configuration
        try Self.createFolder(configuration.stateFolder)
        lock = try ExportLock(configuration.stateFolder.appendingPathComponent("lock"))
    }

    /// Where `stream` can go on from: its saved state, with the sequence of the file's last
    /// line. Nil when it must start over with a new generation: no file or no state yet, or a
    /// file and a state that disagree (the file lost lines, or a kill came between a snapshot's
    /// rename and its state). A state behind its file (a kill between a line and its token) goes
    /// on after the file's last line, from the older token: FinanceKit hands over those changes
    /// again, and applying a change set twice changes nothing.
    public func resumePoint(for stream: LedgerStream) throws -> ExportStreamState? {
        guard let lastLine = try DurableFile.lastCompleteLine(of: file(of: stream)),
            let header = Self.header(of: lastLine),
            let data = try? Data(contentsOf: stateFile(of: stream)),
            let state = try? JSONDecoder().decode(ExportStreamState.self, from: data),
            state.generation == header.generation, header.sequence >= state.sequence
        else { return nil }
        return ExportStreamState(generation: state.generation, sequence: header.sequence, historyToken: state.historyToken)
    }

    /// Writes one change set of `stream` and then its state: appended as the next line, or for
    /// a snapshot, as the whole new stream file. `state` is where the stream stands after it. A
    /// change set with nothing in it (not a snapshot) only saves the state. Returns where the
    /// stream stands then: `state`, or one sequence further when the file was compacted.
    @discardableResult
    public func write(
        _ records: StreamChange.Records, to stream: LedgerStream, state: ExportStreamState, isSnapshot: Bool
    ) throws -> ExportStreamState {
        let url = file(of: stream)
        if isSnapshot || records.count > 0 {
            try writeManifestOnce()
            try Self.createFolder(url.deletingLastPathComponent())
            let line = ExportJSONText.line(records, generation: state.generation, sequence: state.sequence, isSnapshot: isSnapshot) + [0x0A]
            if isSnapshot {
                try DurableFile.replace(url, with: line) { try self.event(.snapshotWritten(stream: stream.name)) }
                try event(.snapshotRenamed(stream: stream.name))
            } else {
                let halfway: (() throws -> Void)? =
                    configuration.events == nil ? nil : { try self.event(.lineHalfWritten(stream: stream.name)) }
                try DurableFile.append(line, to: url, halfway: halfway)
                try event(.lineWritten(stream: stream.name))
            }
        }
        try saveState(state, of: stream)
        try event(.tokenSaved(stream: stream.name))
        guard !isSnapshot, records.count > 0 else { return state }
        return try compactIfLong(stream, state: state)
    }

    /// Removes the files and states of the per-account streams of accounts not in `accountIDs`:
    /// an account the user no longer shares takes its data with it (FinanceKit's rule). purse
    /// deletes the account's data when the accounts stream deletes it. Returns the streams removed.
    @discardableResult
    public func removeStreams(ofAccountsOtherThan accountIDs: Set<String>) throws -> [LedgerStream] {
        let keep = Set(accountIDs.map { $0.uppercased() })
        var removed: [LedgerStream] = []
        for folder in ["balances", "transactions"] {
            var found = Set<String>()
            for (root, suffix) in [(configuration.exportFolder, ".jsonl"), (streamStateFolder, ".json")] {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
                for name in names where name.hasSuffix(suffix) && !name.hasPrefix(".") {
                    found.insert(String(name.dropLast(suffix.count)).uppercased())
                }
            }
            for accountID in found.subtracting(keep).sorted() {
                let stream: LedgerStream = folder == "balances" ? .balances(accountID: accountID) : .transactions(accountID: accountID)
                try DurableFile.remove(file(of: stream))
                try DurableFile.remove(stateFile(of: stream))
                removed.append(stream)
            }
        }
        return removed
    }

    // MARK: - Files

    func file(of stream: LedgerStream) -> URL {
        configuration.exportFolder.appendingPathComponent(Self.relativePath(of: stream) + ".jsonl")
    }

    private var streamStateFolder: URL { configuration.stateFolder.appendingPathComponent("streams") }

    private func stateFile(of stream: LedgerStream) -> URL {
        streamStateFolder.appendingPathComponent(Self.relativePath(of: stream) + ".json")
    }

    /// `accounts`, `balances/<ID>` or `transactions/<ID>`, the ID upper-case as FinanceKit writes it.
    private static func relativePath(of stream: LedgerStream) -> String {
        switch stream {
        case .accounts: "accounts"
        case .balances(let accountID): "balances/" + accountID.uppercased()
        case .transactions(let accountID): "transactions/" + accountID.uppercased()
        }
    }

    private func saveState(_ state: ExportStreamState, of stream: LedgerStream) throws {
        let url = stateFile(of: stream)
        try Self.createFolder(url.deletingLastPathComponent())
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try DurableFile.replace(url, with: Array(try encoder.encode(state)))
    }

    /// `export.json`, written (whole, by rename) before the first line of each run, with the
    /// time of that run.
    private func writeManifestOnce() throws {
        guard !wroteManifest else { return }
        try Self.createFolder(configuration.exportFolder)
        let exportedAt = ExportTimestamp.timestamp(configuration.now(), in: TimeZone(identifier: "UTC") ?? configuration.timeZone)
        let manifest = ExportJSONText.manifest(
            sourceID: try sourceID(), sourceName: configuration.sourceName, exportedAt: exportedAt,
            timeZone: configuration.timeZone.identifier,
            accountTimeZones: configuration.accountTimeZones.mapValues(\.identifier))
        try DurableFile.replace(configuration.exportFolder.appendingPathComponent("export.json"), with: manifest)
        wroteManifest = true
    }

    /// The source's ID, made once and kept in the state folder, so the app and its extension
    /// (which share that folder) write one source.
    private func sourceID() throws -> String {
        let url = configuration.stateFolder.appendingPathComponent("source-id")
        if let data = try? Data(contentsOf: url), let id = String(data: data, encoding: .utf8), !id.isEmpty { return id }
        let id = UUID().uuidString
        try DurableFile.replace(url, with: Array(id.utf8))
        return id
    }

    private static func createFolder(_ url: URL) throws {
        guard !FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try DurableFile.syncFolder(of: url)
    }

    private func event(_ event: ExportWriterEvent) throws {
        try configuration.events?(event)
    }

    /// The generation and sequence of a line this writer wrote, or nil for a line it cannot read.
    static func header(of line: [UInt8]) -> (generation: String, sequence: Int64)? {
        guard
            let members = try? line.withUnsafeBytes({ try JSONParser.skim($0, keys: ["generation", "sequence"]) }),
            case .string(let generation) = members["generation"], case .number(let literal) = members["sequence"],
            let sequence = Int64(literal)
        else { return nil }
        return (generation, sequence)
    }
}

extension StreamChange.Records {
    /// Records inserted, updated or deleted.
    var count: Int {
        switch self {
        case .accounts(let set): set.inserted.count + set.updated.count + set.deleted.count
        case .balances(let set): set.inserted.count + set.updated.count + set.deleted.count
        case .transactions(let set): set.inserted.count + set.updated.count + set.deleted.count
        }
    }
}
