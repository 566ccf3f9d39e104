import Foundation
import Ledger
import LedgerStore
import SureProtocol

/// A Sure protocol 2 inbox folder: `connection.json` (the publisher configuration) and/or
/// `batches/*.json`, one batch body per file, exactly the bytes a publisher uploads. Syncing it
/// accepts each batch as Sure would, in sequence order, and applies complete captures.
public final class SureInbox {
    public static let configurationName = "connection.json"
    public static let batchesName = "batches"
    /// Payload bytes of settled batches are kept this long.
    static let payloadRetentionSeconds: Int64 = 7 * 86_400

    let path: String

    public init(path: String) {
        self.path = path
    }

    /// Whether the folder looks like a Sure inbox.
    public static func isInbox(at path: String) -> Bool {
        var isDirectory: ObjCBool = false
        let fileManager = FileManager.default
        return fileManager.fileExists(atPath: path + "/" + configurationName)
            || (fileManager.fileExists(atPath: path + "/" + batchesName, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// One line of the sync's account: a batch or capture and what became of it.
    public struct Line: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case note, applied, waiting, refused, failed }
        let kind: Kind
        public let text: String
        let code: SureErrorCode?

        /// A batch refused or failed; the other lines only say what happened.
        public var isProblem: Bool { kind == .refused || kind == .failed }
    }

    /// What a sync of the inbox did: a line per batch or capture, and whether any was a problem.
    public struct Report: Sendable {
        public var lines: [Line] = []
        public var problems: Int { lines.filter(\.isProblem).count }
        /// True when every problem is only a full inbox (try again later).
        public var onlyInboxFull: Bool {
            lines.filter(\.isProblem).allSatisfy { $0.code == .inboxFull }
        }
    }

    private struct Entry {
        let file: String
        let display: String
        let size: Int
        let sequence: Int64?
    }

    /// Accepts and applies what the inbox holds.
    public func sync(store: LedgerStore, now: Timestamp) throws -> Report {
        var report = Report()
        #if DEBUG
        try TestFaultInjection.limitPages(of: store)
        #endif
        try store.transaction {
            _ = try store.pruneSurePayloads(settledBefore: now.epochSeconds - Self.payloadRetentionSeconds)
        }
        let connections = SureConnections(store: store, now: now)
        let configured = try loadConfiguration(connections: connections, store: store, report: &report)
        let entries = try listBatches()
        let applier = SureApplier(store: store, now: now)
        var touched: [Int64: String] = [:]  // batch row -> file
        var fresh: Set<Int64> = []
        var touchedConnections: [String] = []
        // Told with the batches that wait, after what was applied.
        var earlyChunks: [Line] = []
        /// Applies what is ready; true when something was applied.
        @discardableResult
        func applyReady(_ connectionID: String) throws -> Bool {
            var progressed = false
            while true {
                let outcomes = try applier.applyReady(connectionID: connectionID)
                for outcome in outcomes { report.lines.append(Self.line(for: outcome, files: touched)) }
                guard outcomes.count == SureApplyRules.capturesPerRun, case .applied? = outcomes.last else {
                    return progressed || outcomes.contains { if case .applied = $0 { true } else { false } }
                }
                progressed = true
            }
        }
        // Like a publisher uploading everything before the worker runs: accept all files first
        // (applying early only when the inbox window is full), then apply.
        for entry in entries {
            do {
                var accepted: (SureBatchRecord, Bool)
                do {
                    accepted = try accept(entry, configured: configured, store: store, now: now)
                } catch let error as SureError where error.code == .inboxFull {
                    var progressed = false
                    for connectionID in touchedConnections where try applyReady(connectionID) { progressed = true }
                    guard progressed else { throw error }
                    accepted = try accept(entry, configured: configured, store: store, now: now)
                }
                let (batch, isFresh) = accepted
                #if DEBUG
                if isFresh { TestFaultInjection.reached(.batch) }
                #endif
                touched[batch.rowID] = entry.display
                if isFresh { fresh.insert(batch.rowID) }
                if !touchedConnections.contains(batch.connectionID) { touchedConnections.append(batch.connectionID) }
                if !isFresh, batch.status == .failed {
                    report.lines.append(
                        Line(
                            kind: .failed,
                            text:
                                "\(entry.display): failed: \(batch.errorCode ?? "?"): the connection needs 'purse sure repair \(batch.connectionID)'",
                            code: batch.errorCode.flatMap(SureErrorCode.init(rawValue:))))
                }
            } catch let error as SureError {
                report.lines.append(
                    Line(kind: .refused, text: "\(entry.display): refused: \(error.code.rawValue): \(error.message)", code: error.code))
            } catch let early as EarlyChunk {
                earlyChunks.append(Line(kind: .waiting, text: "\(entry.display): waiting: \(early.reason)", code: nil))
            }
        }
        for connectionID in touchedConnections { try applyReady(connectionID) }
        // The inbox of a connection was read to its end: as a Wallet sync marks its source, so
        // that status and the summary's freshness know when purse last looked.
        if configured != nil || !touchedConnections.isEmpty {
            try store.transaction { try store.markSynced(sourceRowID: try connections.sourceRowID(), now: now) }
        }
        report.lines += earlyChunks
        report.lines += try Self.unsettledLines(
            touched: touched, fresh: fresh, connections: touchedConnections,
            store: store, now: now)
        return report
    }

    /// The batches of this run that did not apply: those accepted now and revoked by a failure
    /// of another, then those that still wait. `touched` names each batch row's file.
    private static func unsettledLines(
        touched: [Int64: String], fresh: Set<Int64>, connections: [String],
        store: LedgerStore, now: Timestamp
    ) throws -> [Line] {
        var lines: [Line] = []
        for rowID in fresh.sorted() {
            guard let batch = try store.sureBatch(rowID: rowID), batch.status == .revoked else { continue }
            lines.append(
                Line(
                    kind: .note,
                    text: "\(touched[rowID] ?? batch.batchID): revoked: \(batch.errorCode ?? "revoked") (sequence \(batch.sequence))",
                    code: nil))
        }
        for connectionID in connections {
            guard let connection = try store.sureConnection(id: connectionID) else { continue }
            for batch in try store.sureQueuedBatches(connectionID: connectionID) {
                guard let file = touched[batch.rowID] else { continue }
                lines.append(
                    Line(
                        kind: .waiting, text: "\(file): waiting: \(waitingReason(batch, connection: connection, store: store, now: now))",
                        code: nil))
            }
        }
        return lines
    }

    // MARK: - Configuration

    private struct Configured {
        let connection: SureConnectionRecord
        let credentialMatches: Bool
    }

    private func loadConfiguration(connections: SureConnections, store: LedgerStore, report: inout Report) throws -> Configured? {
        let file = path + "/" + Self.configurationName
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: file)))
        let parsed = try SureConnectionFile.parse(bytes, file: file)
        var record: SureConnectionRecord
        if let existing = try store.sureConnection(id: parsed.connectionID) {
            record = existing
        } else {
            record = try connections.adopt(parsed, file: file)
            report.lines.append(Line(kind: .note, text: "\(file): adopted Sure connection \(record.id)", code: nil))
        }
        guard record.publisherID == parsed.publisherID else {
            throw SourceError.badInput(
                file: file, line: nil, field: "publisher_id",
                message: "connection \(record.id) has another publisher in this database")
        }
        // A configuration without its credential (the key deleted, or null) proves nothing.
        let matches = parsed.credential.map { SureCredential(text: $0).digest == record.credentialDigest } ?? false
        return Configured(connection: record, credentialMatches: matches)
    }

    private func listBatches() throws -> [Entry] {
        let folder = path + "/" + Self.batchesName
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted()
        var entries: [Entry] = []
        for name in names {
            let file = folder + "/" + name
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            var sequence: Int64?
            if size <= SureBatchValidator.maximumPayloadBytes, let data = FileManager.default.contents(atPath: file) {
                sequence = SureBatchValidator.declaredSequence(of: Array(data))
            }
            entries.append(Entry(file: file, display: Self.batchesName + "/" + name, size: size, sequence: sequence))
        }
        // Sequence order; files whose sequence cannot be read first, by name.
        return entries.sorted { ($0.sequence ?? Int64.min, $0.display) < ($1.sequence ?? Int64.min, $1.display) }
    }

    // MARK: - Acceptance

    /// The stored batch for the file and whether it was accepted now (false: already received).
    private func accept(_ entry: Entry, configured: Configured?, store: LedgerStore, now: Timestamp) throws -> (SureBatchRecord, Bool) {
        guard entry.size <= SureBatchValidator.maximumPayloadBytes else {
            throw SureError(
                .payloadTooLarge, "the batch is \(entry.size) bytes, over the limit of \(SureBatchValidator.maximumPayloadBytes)")
        }
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: entry.file)))
        guard bytes.count <= SureBatchValidator.maximumPayloadBytes else {
            throw SureError(.payloadTooLarge, "the batch is over the limit of \(SureBatchValidator.maximumPayloadBytes) bytes")
        }
        let digest = SHA256.hexDigest(bytes)
        var parsed: SureBatchBody?
        var connection: SureConnectionRecord
        if let configured {
            connection = configured.connection
        } else {
            let body = try SureBatchBody(bytes: bytes)
            try body.requireObject()
            parsed = body
            guard let publisher = body.declaredPublisher,
                let found = try store.sureConnection(publisherID: publisher)
            else {
                throw SureError(
                    .publisherUnauthorized, "no connection of this database has the batch's publisher (and there is no connection.json)")
            }
            connection = found
        }
        connection = try store.sureConnection(id: connection.id) ?? connection
        // Bytes already received: their receipt stands, whatever happened since.
        if let known = try store.sureBatch(connectionID: connection.id, digest: digest) {
            return (known, false)
        }
        // Every new batch of a known connection needs its current credential, as an upload
        // needs its bearer token: without connection.json there is none to show.
        guard let configured, configured.credentialMatches, connection.credentialDigest != nil else {
            throw Self.unauthorized(connection, hasConfiguration: configured != nil)
        }
        let body = try parsed ?? SureBatchBody(bytes: bytes)
        try body.requireObject()
        switch connection.status {
        case .repairRequired:
            throw SureError(
                .repairRequired, "connection \(connection.id) needs 'purse sure repair' (\(connection.repairReason ?? "fenced"))")
        case .revoked:
            throw SureError(.connectionRevoked, "connection \(connection.id) is disconnected")
        default: break
        }
        let mappings = try store.sureMappings(connectionID: connection.id)
        let batch = try SureBatchValidator(connection: connection.identity, mappings: mappings.map(\.mapping), now: now)
            .validate(body)
        return try record(
            batch, bytes: bytes, digest: digest, connectionID: connection.id, file: entry.display,
            store: store, now: now)
    }

    /// Why a batch of `connection` is not authorized: what the credential lacks.
    private static func unauthorized(_ connection: SureConnectionRecord, hasConfiguration: Bool) -> SureError {
        let why: String
        switch connection.status {
        case .repairRequired:
            why = "connection \(connection.id) has no valid credential until 'purse sure repair \(connection.id)'"
        case .revoked:
            why = "connection \(connection.id) is disconnected and has no credential"
        default:
            why =
                hasConfiguration
                ? "the publisher_credential in \(configurationName) is missing or not connection \(connection.id)'s current credential"
                : "connection \(connection.id) takes batches only with its current publisher_credential, and the inbox has no \(configurationName)"
        }
        return SureError(.publisherUnauthorized, why)
    }

    /// Stores a valid batch with its receipt, in one transaction with the connection's contact
    /// times, unless its id was already received (then the stored batch, after checking it is
    /// the same). True when stored now.
    private func record(
        _ batch: SureBatch, bytes: [UInt8], digest: String, connectionID: String, file: String,
        store: LedgerStore, now: Timestamp
    ) throws -> (SureBatchRecord, Bool) {
        try store.transaction {
            guard let current = try store.sureConnection(id: connectionID) else {
                throw LedgerStoreError.missingRecord(kind: "Sure connection", id: connectionID)
            }
            if let existing = try store.sureBatch(connectionID: current.id, generation: current.generation, batchID: batch.batchID) {
                try SureAcceptanceRules.checkResend(batch, digest: digest, received: existing.received)
                return (existing, false)
            }
            let holder = try store.sureBatch(
                connectionID: current.id, generation: current.generation,
                streamID: current.streamID, sequence: batch.sequence)
            try SureAcceptanceRules.checkSequence(batch.sequence, nextSequence: current.nextSequence, isHeld: holder != nil)
            try checkCapture(batch, connection: current, store: store)
            let queued = try store.sureQueuedBatches(connectionID: current.id)
            try SureAcceptanceRules.checkRoom(sequence: batch.sequence, nextSequence: current.nextSequence, queued: queued.count)
            let record = SureBatchRecord(
                connectionID: current.id, generation: current.generation, streamID: current.streamID,
                batchID: batch.batchID, sequence: batch.sequence, predecessorDigest: batch.predecessorDigest,
                payloadDigest: digest, captureID: batch.captureID, chunkIndex: batch.chunkIndex,
                chunkCount: batch.chunkCount, captureMode: batch.captureMode, snapshotComplete: batch.snapshotComplete,
                capturedAt: batch.capturedAt.text, capturedKey: batch.capturedKey, status: .accepted,
                file: file, acceptedAt: now.text)
            try store.insertSureBatch(record, payload: bytes, now: now.epochSeconds)
            var updated = current
            updated.lastDeviceContactAt = now.text
            updated.lastAcceptedAt = now.text
            try store.saveSureConnection(updated)
            guard let stored = try store.sureBatch(connectionID: current.id, generation: current.generation, batchID: batch.batchID) else {
                throw LedgerStoreError.missingRecord(kind: "Sure batch", id: batch.batchID)
            }
            return (stored, true)
        }
    }

    /// A later chunk of a capture whose earlier chunks have not arrived: it is left in the folder,
    /// unstored, and taken by the sync that finds them.
    private struct EarlyChunk: Error {
        let reason: String
    }

    /// The batch's place in its capture, checked against the chunks already received.
    private func checkCapture(_ batch: SureBatch, connection: SureConnectionRecord, store: LedgerStore) throws {
        let chunks = try store.sureCaptureChunks(connectionID: connection.id, generation: connection.generation, captureID: batch.captureID)
            .map(\.chunk)
        // Files reach an inbox folder in any order; only a sibling that can no longer arrive (its
        // sequence passed or taken by another batch) makes an early chunk a capture_conflict.
        if let missing = SureCaptureRules.missingSiblings(of: batch, captureChunks: chunks, nextSequence: connection.nextSequence),
            try missing.allSatisfy({
                try store.sureBatch(
                    connectionID: connection.id, generation: connection.generation, streamID: connection.streamID, sequence: $0)
                    == nil
            })
        {
            let sequences = missing.count == 1 ? "sequence \(missing.lowerBound)" : "sequences \(missing.lowerBound)-\(missing.upperBound)"
            throw EarlyChunk(
                reason:
                    "sequence \(batch.sequence): chunk \(batch.chunkIndex + 1) of \(batch.chunkCount) of capture \(batch.captureID) came before the chunks at \(sequences); it is taken when they arrive"
            )
        }
        try SureCaptureRules.checkPlace(of: batch, captureChunks: chunks) {
            // Another capture of this generation still incomplete and not settled?
            try store.sureOpenChunks(
                connectionID: connection.id, generation: connection.generation,
                exceptCaptureID: batch.captureID
            ).map(\.chunk)
        }
    }

    // MARK: - Lines

    static func line(for outcome: SureApplier.Outcome, files: [Int64: String]) -> Line {
        func name(_ batch: SureBatchRecord) -> String { files[batch.rowID] ?? batch.file ?? "sequence \(batch.sequence)" }
        switch outcome {
        case .applied(let chunks, let counts):
            let names = chunks.map(name)
            let sequences =
                chunks.count == 1
                ? "sequence \(chunks[0].sequence)"
                : "sequences \(chunks.first!.sequence)-\(chunks.last!.sequence) (one capture of \(chunks.count) chunks)"
            return Line(kind: .applied, text: "\(names.joined(separator: ", ")): applied \(sequences): \(counts.summary)", code: nil)
        case .failed(let batch, let error):
            return Line(
                kind: .failed,
                text:
                    "\(name(batch)): failed: \(error.code.rawValue): \(error.message); the connection needs 'purse sure repair \(batch.connectionID)'",
                code: error.code)
        case .retrying(let batch, let error, let attempts, let retryTime):
            return Line(
                kind: .waiting,
                text:
                    "\(name(batch)): waiting: attempt \(attempts) of \(SureApplyRules.maximumAttempts) failed (\(error.code.rawValue): \(error.message)); retry after \(Timestamp.utc(epochSeconds: retryTime).text)",
                code: error.code)
        }
    }

    static func waitingReason(_ batch: SureBatchRecord, connection: SureConnectionRecord, store: LedgerStore, now: Timestamp) -> String {
        if connection.status != .active { return "sequence \(batch.sequence): the connection is \(connection.status.rawValue)" }
        if let retry = batch.retryTime, retry > now.epochSeconds {
            return "sequence \(batch.sequence): retry after \(Timestamp.utc(epochSeconds: retry).text) (\(batch.errorCode ?? "error"))"
        }
        if batch.chunkCount > 1 {
            let present =
                (try? store.sureCaptureChunks(connectionID: batch.connectionID, generation: batch.generation, captureID: batch.captureID)
                    .filter { $0.status == .accepted }.count) ?? 0
            if present < batch.chunkCount {
                return
                    "sequence \(batch.sequence): chunk \(batch.chunkIndex + 1) of \(batch.chunkCount); \(present) of \(batch.chunkCount) chunks received"
            }
        }
        return "sequence \(batch.sequence): the next sequence to apply is \(connection.nextSequence)"
    }
}
