import Foundation
import Ledger
import WalletExporter
import WalletExporterTestSupport

/// A simulated store whose transaction histories stop after their first batch until the test
/// opens the gate: a run caught in the middle of a stream.
final class GatedFinanceStore: FinanceHistoryStore, @unchecked Sendable {
    actor Gate {
        private var isOpen = false
        private var waiters: [CheckedContinuation<Void, Never>] = []
        private(set) var reached = false

        func pass() async {
            reached = true
            guard !isOpen else { return }
            await withCheckedContinuation { waiters.append($0) }
        }

        func open() {
            isOpen = true
            for waiter in waiters { waiter.resume() }
            waiters = []
        }
    }

    let inner: SimulatedFinanceStore
    let gate = Gate()

    init(_ inner: SimulatedFinanceStore) {
        self.inner = inner
    }

    func authorizationStatus() async throws -> FinanceAuthorizationStatus { try await inner.authorizationStatus() }
    func requestAuthorization() async throws -> FinanceAuthorizationStatus { try await inner.requestAuthorization() }
    func accounts() async throws -> [Account] { try await inner.accounts() }

    func accountHistory(since token: Data?) -> AsyncThrowingStream<HistoryChanges<Account>, any Error> {
        inner.accountHistory(since: token)
    }

    func accountBalanceHistory(forAccountID accountID: String, since token: Data?)
        -> AsyncThrowingStream<HistoryChanges<AccountBalance>, any Error>
    {
        inner.accountBalanceHistory(forAccountID: accountID, since: token)
    }

    func transactionHistory(forAccountID accountID: String, since token: Data?)
        -> AsyncThrowingStream<HistoryChanges<Transaction>, any Error>
    {
        let batches = inner.transactionHistory(forAccountID: accountID, since: token)
        let gate = gate
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var first = true
                    for try await batch in batches {
                        if !first { await gate.pass() }
                        first = false
                        continuation.yield(batch)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
