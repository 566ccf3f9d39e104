import Foundation
import Ledger
import WalletExporter

/// A FinanceKit stand-in that behaves as FinanceKit's history API does, scripted by a test:
/// records inserted, updated (a pending purchase that books) and deleted; accounts shared,
/// unshared and shared again; history compacted so that every saved token becomes invalid;
/// data restricted; authorisation denied.
///
/// Each stream keeps a log of single-record change sets. A history after a token hands out the
/// log's entries after it, one batch each; from the start it hands out the stream's current
/// records in batches of `catchUpBatchSize`. Tokens name the stream, the log's epoch (raised by
/// compaction, and for an account's streams when it is unshared) and a position in the log.
public final class SimulatedFinanceStore: FinanceHistoryStore, @unchecked Sendable {
    private struct Log {
        var epoch = 0
        var entries: [StreamChange.Records] = []
    }

    private struct Token: Codable {
        let stream: String
        let epoch: Int
        let position: Int
    }

    private let lock = NSLock()
    private var status = FinanceAuthorizationStatus.authorized
    private var answer = FinanceAuthorizationStatus.authorized
    private var restricted = false
    private var batchSize = 3
    /// Every account ever shared, by ID; `shared` says which are shared now.
    private var allAccounts: [String: Account] = [:]
    private var shared: Set<String> = []
    /// Per account, its records by ID (kept while it is unshared, as FinanceKit keeps them).
    private var balances: [String: [String: AccountBalance]] = [:]
    private var transactions: [String: [String: Transaction]] = [:]
    private var logs: [String: Log] = [:]

    public init() {}

    // MARK: - What a test sets

    /// The authorisation state, and what `requestAuthorization()` turns `notDetermined` into.
    public func setAuthorization(_ status: FinanceAuthorizationStatus, answerToRequest: FinanceAuthorizationStatus = .authorized) {
        locked {
            self.status = status
            answer = answerToRequest
        }
    }

    /// While restricted, every call but the authorisation status throws `dataRestricted`.
    public func setRestricted(_ restricted: Bool) {
        locked { self.restricted = restricted }
    }

    /// How many records each batch of a history from the start holds.
    public func setCatchUpBatchSize(_ size: Int) {
        locked { batchSize = max(1, size) }
    }

    // MARK: - Scripted changes

    /// Shares an account: a new one, or one shared before (its balances and transactions come back).
    public func share(_ account: Account) {
        locked {
            allAccounts[account.id] = account
            shared.insert(account.id)
            log(.accounts, .accounts(ChangeSet(inserted: [account])))
        }
    }

    public func update(_ account: Account) {
        locked {
            precondition(shared.contains(account.id), "update of an account that is not shared")
            allAccounts[account.id] = account
            log(.accounts, .accounts(ChangeSet(updated: [account])))
        }
    }

    /// The user stops sharing an account: it is deleted from the accounts history, and its own
    /// histories start over (any token of them is invalid).
    public func unshare(accountID: String) {
        locked {
            guard shared.remove(accountID) != nil else { return }
            log(.accounts, .accounts(ChangeSet(deleted: [accountID])))
            for stream in [LedgerStream.balances(accountID: accountID), .transactions(accountID: accountID)] {
                logs[stream.name, default: Log()].epoch += 1
                logs[stream.name]?.entries = []
            }
        }
    }

    public func insert(_ transaction: Transaction) {
        change(transaction, inserting: true)
    }

    public func update(_ transaction: Transaction) {
        change(transaction, inserting: false)
    }

    public func deleteTransaction(id: String, accountID: String) {
        locked {
            guard transactions[accountID]?.removeValue(forKey: id) != nil else { return }
            log(.transactions(accountID: accountID), .transactions(ChangeSet(deleted: [id])))
        }
    }

    public func insert(_ balance: AccountBalance) {
        change(balance, inserting: true)
    }

    public func update(_ balance: AccountBalance) {
        change(balance, inserting: false)
    }

    public func deleteBalance(id: String, accountID: String) {
        locked {
            guard balances[accountID]?.removeValue(forKey: id) != nil else { return }
            log(.balances(accountID: accountID), .balances(ChangeSet(deleted: [id])))
        }
    }

    /// FinanceKit compacts its history (of one stream, or of all): every token of it handed out
    /// so far becomes invalid.
    public func compactHistory(of stream: LedgerStream? = nil) {
        locked {
            for name in logs.keys where stream == nil || stream?.name == name {
                logs[name]?.epoch += 1
                logs[name]?.entries = []
            }
        }
    }

    // MARK: - What the store holds

    /// The shared accounts, in ID order.
    public var sharedAccounts: [Account] {
        locked { shared.sorted().compactMap { allAccounts[$0] } }
    }

    /// Every account shared once and not now.
    public var unsharedAccounts: [Account] {
        locked { allAccounts.keys.filter { !shared.contains($0) }.sorted().compactMap { allAccounts[$0] } }
    }

    /// The balances of the shared accounts, in ID order.
    public var sharedBalances: [AccountBalance] {
        locked { shared.flatMap { balances[$0]?.values.map { $0 } ?? [] }.sorted { $0.id < $1.id } }
    }

    /// The transactions of the shared accounts, in ID order.
    public var sharedTransactions: [Transaction] {
        locked { shared.flatMap { transactions[$0]?.values.map { $0 } ?? [] }.sorted { $0.id < $1.id } }
    }

    // MARK: - FinanceHistoryStore

    public func authorizationStatus() async throws -> FinanceAuthorizationStatus {
        locked { status }
    }

    public func requestAuthorization() async throws -> FinanceAuthorizationStatus {
        locked {
            if status == .notDetermined { status = answer }
            return status
        }
    }

    public func accounts() async throws -> [Account] {
        if locked({ restricted }) { throw FinanceStoreError.dataRestricted }
        return sharedAccounts
    }

    public func accountHistory(since token: Data?) -> AsyncThrowingStream<HistoryChanges<Account>, any Error> {
        history(.accounts, since: token) { records in
            guard case .accounts(let set) = records else { return nil }
            return set
        } current: {
            self.shared.sorted().compactMap { self.allAccounts[$0] }
        }
    }

    public func accountBalanceHistory(forAccountID accountID: String, since token: Data?)
        -> AsyncThrowingStream<HistoryChanges<AccountBalance>, any Error>
    {
        history(.balances(accountID: accountID), since: token) { records in
            guard case .balances(let set) = records else { return nil }
            return set
        } current: {
            self.shared.contains(accountID) ? (self.balances[accountID] ?? [:]).values.sorted { $0.id < $1.id } : []
        }
    }

    public func transactionHistory(forAccountID accountID: String, since token: Data?)
        -> AsyncThrowingStream<HistoryChanges<Transaction>, any Error>
    {
        history(.transactions(accountID: accountID), since: token) { records in
            guard case .transactions(let set) = records else { return nil }
            return set
        } current: {
            self.shared.contains(accountID) ? (self.transactions[accountID] ?? [:]).values.sorted { $0.id < $1.id } : []
        }
    }

    // MARK: - Inside

    /// The batches of `stream` after `token`, worked out now (the history ends at the present).
    private func history<Record: Sendable>(
        _ stream: LedgerStream, since token: Data?, _ typed: (StreamChange.Records) -> ChangeSet<Record>?,
        current: () -> [Record]
    ) -> AsyncThrowingStream<HistoryChanges<Record>, any Error> {
        let outcome: Result<[HistoryChanges<Record>], FinanceStoreError> = locked {
            if restricted { return .failure(.dataRestricted) }
            let log = logs[stream.name] ?? Log()
            func tokenData(at position: Int) -> Data {
                // Encoding three plain fields cannot fail.
                (try? JSONEncoder().encode(Token(stream: stream.name, epoch: log.epoch, position: position))) ?? Data()
            }
            guard let token else {
                let records = current()
                var batches: [HistoryChanges<Record>] = []
                var start = 0
                repeat {
                    let chunk = Array(records[start..<min(start + batchSize, records.count)])
                    batches.append(HistoryChanges(changes: ChangeSet(inserted: chunk), newToken: tokenData(at: log.entries.count)))
                    start += batchSize
                } while start < records.count
                return .success(batches)
            }
            guard let saved = try? JSONDecoder().decode(Token.self, from: token), saved.stream == stream.name,
                saved.epoch == log.epoch, saved.position <= log.entries.count
            else { return .failure(.historyTokenInvalid) }
            return .success(
                (saved.position..<log.entries.count).compactMap { position in
                    typed(log.entries[position]).map { HistoryChanges(changes: $0, newToken: tokenData(at: position + 1)) }
                })
        }
        return AsyncThrowingStream { continuation in
            switch outcome {
            case .success(let batches):
                for batch in batches { continuation.yield(batch) }
                continuation.finish()
            case .failure(let error):
                continuation.finish(throwing: error)
            }
        }
    }

    private func change(_ transaction: Transaction, inserting: Bool) {
        locked {
            precondition(shared.contains(transaction.accountID), "a transaction of an account that is not shared")
            transactions[transaction.accountID, default: [:]][transaction.id] = transaction
            let set = inserting ? ChangeSet(inserted: [transaction]) : ChangeSet(updated: [transaction])
            log(.transactions(accountID: transaction.accountID), .transactions(set))
        }
    }

    private func change(_ balance: AccountBalance, inserting: Bool) {
        locked {
            precondition(shared.contains(balance.accountID), "a balance of an account that is not shared")
            balances[balance.accountID, default: [:]][balance.id] = balance
            let set = inserting ? ChangeSet(inserted: [balance]) : ChangeSet(updated: [balance])
            log(.balances(accountID: balance.accountID), .balances(set))
        }
    }

    private func log(_ stream: LedgerStream, _ records: StreamChange.Records) {
        logs[stream.name, default: Log()].entries.append(records)
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
