import Foundation
import Ledger

/// Brings a Wallet export up to date with FinanceKit: for each stream, reads the history after
/// the stream's saved token and writes each batch as the stream's next change set.
///
/// - A stream without a usable state (new, or its file and state disagree), or whose token
///   FinanceKit no longer accepts (`historyTokenInvalid`), starts a new generation with a
///   snapshot of its whole state; the other streams are untouched.
/// - Deleted records become `deleted`; an account the user stops sharing is deleted from the
///   accounts stream by FinanceKit's history, and its own streams' files are removed.
/// - Denied authorisation and restricted data stop the run with `WalletExporterError` before
///   anything is written.
/// - `willTerminate()` stops a running export at the next change-set boundary.
///
/// Runs of one exporter take turns; a run in another process (the app and its extension)
/// makes this one `WalletExporterError.busy`.
public actor WalletExporter {
    private let store: any FinanceHistoryStore
    private let configuration: WalletExportConfiguration
    private var running = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var terminating = false

    public init(store: any FinanceHistoryStore, configuration: WalletExportConfiguration) {
        self.store = store
        self.configuration = configuration
    }

    /// Exports every stream: the app calls it when it opens (or on the user's "Export now").
    @discardableResult
    public func run() async throws -> ExportSummary {
        try await run(for: Set(ExportDataType.allCases))
    }

    /// Exports only the streams of `types`: what background delivery reports as changed
    /// (`BackgroundDeliveryExtension.didReceiveData(for:)`).
    @discardableResult
    public func run(for types: Set<ExportDataType>) async throws -> ExportSummary {
        await takeTurn()
        defer { endTurn() }
        var summary = ExportSummary()
        guard !terminating else {
            summary.stoppedEarly = true
            return summary
        }
        let status = try await store.authorizationStatus()
        guard status == .authorized else { throw WalletExporterError.notAuthorized(status) }
        do {
            // Read before anything is written: restricted data stops the run here.
            let accounts = try await store.accounts()
            let writer = try WalletExportWriter(configuration: configuration)
            if types.contains(.accounts) {
                try await export(.accounts, writer, id: \Account.id, wrap: StreamChange.Records.accounts, &summary) {
                    self.store.accountHistory(since: $0)
                }
            }
            for accountID in accounts.map(\.id).sorted() where !summary.stoppedEarly {
                if types.contains(.accountBalances) {
                    try await export(
                        .balances(accountID: accountID), writer, id: \AccountBalance.id, wrap: StreamChange.Records.balances, &summary
                    ) {
                        self.store.accountBalanceHistory(forAccountID: accountID, since: $0)
                    }
                }
                if types.contains(.transactions), !summary.stoppedEarly {
                    try await export(
                        .transactions(accountID: accountID), writer, id: \Transaction.id, wrap: StreamChange.Records.transactions, &summary
                    ) {
                        self.store.transactionHistory(forAccountID: accountID, since: $0)
                    }
                }
            }
            if !summary.stoppedEarly {
                summary.removedStreams = try writer.removeStreams(ofAccountsOtherThan: Set(accounts.map(\.id))).map(\.name)
            }
        } catch FinanceStoreError.dataRestricted {
            throw WalletExporterError.dataRestricted
        }
        return summary
    }

    /// Stops a running export at its next change-set boundary and returns once it has stopped;
    /// no run starts after it. For `BackgroundDeliveryExtension.willTerminate()`.
    public func willTerminate() async {
        terminating = true
        while running { await withCheckedContinuation { waiting.append($0) } }
    }

    /// Whether `willTerminate()` was called: tests wait for it before letting a run go on.
    package var isTerminating: Bool { terminating }

    // MARK: - One stream

    private func export<Record: Sendable>(
        _ stream: LedgerStream, _ writer: WalletExportWriter, id: KeyPath<Record, String>,
        wrap: (ChangeSet<Record>) -> StreamChange.Records, _ summary: inout ExportSummary,
        history: (Data?) -> AsyncThrowingStream<HistoryChanges<Record>, any Error>
    ) async throws {
        guard let resumed = try writer.resumePoint(for: stream) else {
            return try await snapshot(stream, writer, id: id, wrap: wrap, &summary, history: history, after: nil)
        }
        guard let token = resumed.historyToken else {
            return try await snapshot(stream, writer, id: id, wrap: wrap, &summary, history: history, after: resumed)
        }
        var state = resumed
        do {
            for try await batch in history(token) {
                if terminating {
                    summary.stoppedEarly = true
                    return
                }
                let records = wrap(batch.changes)
                if records.count > 0 { state.sequence += 1 }
                state.historyToken = batch.newToken
                state = try writer.write(records, to: stream, state: state, isSnapshot: false)
                if records.count > 0 { summary.changeSets += 1 }
            }
        } catch FinanceStoreError.historyTokenInvalid {
            try await snapshot(stream, writer, id: id, wrap: wrap, &summary, history: history, after: nil)
        }
    }

    /// Reads the stream's whole history from the start and writes it as one snapshot: at the
    /// next sequence of `resumed`'s generation (a stream that had no token yet), or as a new
    /// generation when `resumed` is nil.
    private func snapshot<Record: Sendable>(
        _ stream: LedgerStream, _ writer: WalletExportWriter, id: KeyPath<Record, String>,
        wrap: (ChangeSet<Record>) -> StreamChange.Records, _ summary: inout ExportSummary,
        history: (Data?) -> AsyncThrowingStream<HistoryChanges<Record>, any Error>, after resumed: ExportStreamState?
    ) async throws {
        var records = RecordState(id: id)
        var token: Data?
        for try await batch in history(nil) {
            if terminating {
                summary.stoppedEarly = true
                return
            }
            records.apply(batch.changes)
            token = batch.newToken
        }
        // A stream that had no token and still has no history: nothing to say.
        if resumed != nil, token == nil { return }
        let state = ExportStreamState(
            generation: resumed?.generation ?? UUID().uuidString, sequence: (resumed?.sequence ?? 0) + 1, historyToken: token)
        try writer.write(wrap(records.snapshot), to: stream, state: state, isSnapshot: true)
        summary.changeSets += 1
        if resumed == nil { summary.newGenerations.append(stream.name) }
    }

    // MARK: - Turns

    private func takeTurn() async {
        while running { await withCheckedContinuation { waiting.append($0) } }
        running = true
    }

    private func endTurn() {
        running = false
        let waiters = waiting
        waiting = []
        for waiter in waiters { waiter.resume() }
    }
}
