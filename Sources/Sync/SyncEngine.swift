import Ledger
import LedgerStore

/// Applies a source's change sets to the ledger: each change set in one SQLite transaction
/// together with its stream's token, so a crash at any instant leaves the token matching the
/// data and a rerun continues exactly where the last commit stopped.
public final class SyncEngine {
    private let store: LedgerStore
    private let now: Timestamp
    /// Called now and then with a short progress text (meant for a terminal).
    public var progress: ((String) -> Void)?
    /// Asked after each change set: true stops the sync there, at a change-set boundary, with
    /// everything before committed (`purse sync --watch` on SIGTERM).
    public var shouldStop: (() -> Bool)?

    /// After how many records, or how long, a transaction takes no more change sets and
    /// commits (the keeper's work and the commit itself come after): large, because each
    /// commit writes every page it touched twice (to the WAL, then the file), and a ledger's ID
    /// index spreads even a few thousand inserts over most of its pages (a 1M sync took 24.5 s
    /// in commits of 20,000 records, 17.5 s in commits of 100,000, about 1.8 s each); short
    /// enough that another run waiting to write (for up to 5 s) is let in first on a slower
    /// machine too.
    var commitLimit = (records: 100_000, duration: Duration.seconds(2))

    public init(store: LedgerStore, now: Timestamp) {
        self.store = store
        self.now = now
    }

    /// Syncs every stream of `source`. Bad input in a stream stops that stream only (what came
    /// before it stays applied) and is reported in `SyncReport.failures`; the other streams go
    /// on. A source behind the database is refused whole, before anything is applied; any other
    /// error once streams are applied (the database locked, a full disk, a file that cannot be
    /// read) stops the sync as `SyncInterrupted`, which carries what was committed before it.
    public func sync(_ source: any LedgerSource) throws -> SyncReport {
        // The charge packs are packed once, after the last change set, not at every commit.
        try store.deferringChargePacks { try syncStreams(source) }
    }

    private func syncStreams(_ source: any LedgerSource) throws -> SyncReport {
        #if DEBUG
        try TestFaultInjection.limitPages(of: store)
        #endif
        let sourceRow = try store.transaction {
            let row = try store.sourceRowID(
                kind: source.kind, externalID: source.externalID, name: source.displayName,
                location: source.location, now: now)
            try store.saveSourceDetails(
                sourceRowID: row, timeZone: source.timeZone, accountTimeZones: source.accountTimeZones,
                exportedAt: source.exportedAt)
            return row
        }
        let streams = try source.streams()
        // Opening every stream first checks each against its token (e.g. a copy of the export
        // older than the database) before anything is applied.
        var opened: [(stream: LedgerStream, token: StreamToken?, sequence: (any ChangeSequence)?)] = []
        for stream in streams {
            let token = try store.token(sourceRowID: sourceRow, stream: stream.name)
            opened.append((stream, token, try source.changes(for: stream, after: token)))
        }
        var report = SyncReport()
        do {
            for index in opened.indices {
                // Let go with its stream: a sequence that reads ahead holds change sets.
                guard let openedSequence = opened[index].sequence.take() else { continue }
                let (stream, openedToken) = (opened[index].stream, opened[index].token)
                if shouldStop?() == true {
                    report.stoppedEarly = true
                    break
                }
                if let accountID = stream.accountID, try store.sourceRowID(ofAccount: accountID) != sourceRow {
                    report.skippedStreams.append(
                        "\(source.displayName) \(stream.name): account \(accountID) is not in this source's accounts; skipped")
                    continue
                }
                let token = try store.token(sourceRowID: sourceRow, stream: stream.name)
                // Applying the accounts stream may have dropped this stream's token with its account.
                let sequence = token == openedToken ? openedSequence : try source.changes(for: stream, after: token)
                var summary = StreamSummary(source: source.displayName, stream: stream.name)
                defer { report.add(summary) }
                do {
                    report.stoppedEarly = try apply(
                        sequence, of: stream, from: token, sourceRow: sourceRow, summary: &summary,
                        reopen: { try source.changes(for: stream, after: $0) })
                } catch let error as SourceError where error.isBadInput {
                    summary.failure = error
                }
                if summary.changeSets == 0, let hint = sequence.resumeHint, hint.isSamePoint(as: token), hint != token {
                    try store.saveResumeHint(hint, sourceRowID: sourceRow, stream: stream.name)
                }
                if report.stoppedEarly { break }
            }
            try store.markSynced(sourceRowID: sourceRow, now: now)
        } catch {
            throw SyncInterrupted(underlying: error, report: report)
        }
        return report
    }

    /// Applies a stream's change sets until its end or its first error, which is thrown once the
    /// change sets before it are committed. `summary` counts only what committed. Returns true
    /// when `shouldStop` stopped it. `reopen` reads the stream again from a token.
    private func apply(
        _ opened: any ChangeSequence, of stream: LedgerStream, from savedToken: StreamToken?,
        sourceRow: Int64, summary: inout StreamSummary, reopen: (StreamToken?) throws -> any ChangeSequence
    ) throws -> Bool {
        var sequence = opened
        var token = savedToken
        var finished = false
        var stopped = false
        var committed = summary
        var committedToken = savedToken
        // A transaction that fails (at COMMIT, or rolled back whole by SQLite) takes its change
        // sets' counts and warnings with it.
        defer { summary = committed }
        // Set once a change set failed while it was being written: the change sets its
        // transaction held before it, applied again, then the error.
        var redo: (count: Int, failure: any Error)?
        while !finished {
            // Several change sets share one SQLite transaction, with their tokens, so commits
            // stay few. No savepoint per change set: SQLite would copy every page each row's
            // insert touches into the savepoint's journal, a file on disk, for the rare change
            // set that fails. One that fails rolls its transaction back whole instead, and the
            // change sets before it in that transaction are applied again and committed.
            var failure: (any Error)?
            var writeFailure: (any Error)?
            var applied = 0
            do {
                // The summary's sums of the rows inserted are written once, before the commit.
                try store.transactionSummingInserts {
                    let stored = try store.token(sourceRowID: sourceRow, stream: stream.name)
                    guard stored?.generation == token?.generation, stored?.sequence == token?.sequence else {
                        throw SyncError.concurrentSync(stream: stream.name)
                    }
                    var records = 0
                    let began = ContinuousClock.now
                    // At least one change set a commit, however long it took; a redo
                    // replays exactly the change sets the failed transaction held.
                    while redo != nil || applied == 0
                        || (records < commitLimit.records && ContinuousClock.now - began < commitLimit.duration)
                    {
                        if let redo, applied == redo.count {
                            failure = redo.failure
                            finished = true
                            return
                        }
                        let next: StreamChange?
                        do {
                            next = try sequence.next()
                        } catch {
                            // After some errors (a full disk, an I/O error) SQLite has already
                            // rolled the whole transaction back: nothing is left to commit, and
                            // this error, not the failed COMMIT, is the one to report.
                            guard store.isInTransaction else { throw error }
                            failure = error
                            finished = true
                            return
                        }
                        guard let change = next else {
                            finished = true
                            return
                        }
                        do {
                            summary = try applyChange(change, to: stream, sourceRow: sourceRow, summary: summary)
                        } catch {
                            if store.isInTransaction { writeFailure = error }
                            throw error
                        }
                        #if DEBUG
                        TestFaultInjection.reached(.changeSet)
                        #endif
                        token = change.token
                        records += change.recordCount
                        applied += 1
                        summary.changeSets += 1
                        summary.resynced = summary.resynced || change.isResync
                        if redo == nil, shouldStop?() == true {
                            stopped = true
                            finished = true
                            return
                        }
                    }
                }
            } catch {
                guard redo == nil, let writeFailure else { throw error }
                summary = committed
                token = committedToken
                redo = (applied, writeFailure)
                sequence = try reopen(committedToken)
                continue
            }
            committed = summary
            committedToken = token
            #if DEBUG
            TestFaultInjection.reached(.commit)
            #endif
            if let failure { throw failure }
            progress?("\(summary.source) \(stream.name): \(summary.changeSets) change sets")
        }
        return stopped
    }

    /// Applies one change set, with its token and the unknown values it is the first to bring
    /// (a value is warned about once per ledger: when the change set that first brings it
    /// commits). Returns `summary` counting it.
    private func applyChange(
        _ change: StreamChange, to stream: LedgerStream, sourceRow: Int64,
        summary: StreamSummary
    ) throws -> StreamSummary {
        var writer = ChangeSetWriter(store: store, change: change, sourceRow: sourceRow, summary: summary)
        try writer.write(to: stream)
        var applied = writer.summary
        for warning in writer.unknownValues
        where try store.recordUnknownValue(
            field: String(warning.key), value: warning.value, file: warning.file, line: warning.line, now: now)
        {
            applied.warnings.append(warning)
        }
        try store.saveToken(change.token, sourceRowID: sourceRow, stream: stream.name, now: now)
        return applied
    }
}
