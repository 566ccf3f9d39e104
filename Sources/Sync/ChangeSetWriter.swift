import Ledger
import LedgerStore

/// Writes one change set's records to the ledger: counts what it inserted, updated and deleted,
/// collects the values purse does not know, and names the record of any error. A snapshot
/// deletes every row of its stream it does not hold.
struct ChangeSetWriter {
    let store: LedgerStore
    let change: StreamChange
    let sourceRow: Int64
    var summary: StreamSummary
    var unknownValues: [SyncWarning] = []

    init(store: LedgerStore, change: StreamChange, sourceRow: Int64, summary: StreamSummary) {
        self.store = store
        self.change = change
        self.sourceRow = sourceRow
        self.summary = summary
    }

    mutating func write(to stream: LedgerStream) throws {
        if change.replacesStream { try store.beginSnapshot() }
        switch change.records {
        case .accounts(let set): try writeAccounts(set)
        case .balances(let set): try writeBalances(set, accountID: stream.accountID ?? "")
        case .transactions(let set): try writeTransactions(set, accountID: stream.accountID ?? "")
        }
    }

    private mutating func writeAccounts(_ set: ChangeSet<Account>) throws {
        for (key, records) in [("inserted", set.inserted), ("updated", set.updated)] {
            for (index, account) in records.enumerated() {
                if case .unrecognized(let name) = account.kind { unknown("\(key)[\(index)].kind", name) }
                try Self.located("\(key)[\(index)]", in: change) {
                    count(try store.upsertAccount(account, sourceRowID: sourceRow))
                    if change.replacesStream && key == "inserted" { try store.addSnapshotID(account.id) }
                }
            }
        }
        if change.replacesStream {
            summary.deleted += try store.sweepAccounts(sourceRowID: sourceRow).count
        }
        for id in set.deleted where try store.deleteAccount(id: id, sourceRowID: sourceRow) {
            summary.deleted += 1
        }
    }

    private mutating func writeBalances(_ set: ChangeSet<AccountBalance>, accountID: String) throws {
        for (key, records) in [("inserted", set.inserted), ("updated", set.updated)] {
            for (index, balance) in records.enumerated() {
                try Self.located("\(key)[\(index)]", in: change) {
                    count(try store.upsertBalance(balance))
                    if change.replacesStream && key == "inserted" { try store.addSnapshotID(balance.id) }
                }
            }
        }
        if change.replacesStream { summary.deleted += try store.sweepBalances(accountID: accountID) }
        for id in set.deleted where try store.deleteBalance(id: id, accountID: accountID) {
            summary.deleted += 1
        }
    }

    private mutating func writeTransactions(_ set: ChangeSet<Transaction>, accountID: String) throws {
        for (key, records) in [("inserted", set.inserted), ("updated", set.updated)] {
            var start = 0
            while start < records.count {
                let chunk = records[start..<start + LedgerStore.insertBatchSize(remaining: records.count - start)]
                defer { start = chunk.endIndex }
                // The new rows of an inserted chunk go in with one statement (an updated one is
                // mostly stored already). Should it fail with the transaction still open, SQLite
                // undid just the statement, and a row at a time names the record at fault as
                // before; an error that ended the transaction ends the sync as before.
                var inserted: [Bool]?
                if key == "inserted" && chunk.count > 1 {
                    do {
                        inserted = try store.insertTransactions(chunk)
                    } catch let failure as BatchInsertFailure {
                        guard store.isInTransaction else { throw failure.underlying }
                    }
                }
                for (index, transaction) in zip(chunk.indices, chunk) {
                    if case .unrecognized(let name) = transaction.transactionType { unknown("\(key)[\(index)].transactionType", name) }
                    if case .unrecognized(let name) = transaction.status { unknown("\(key)[\(index)].status", name) }
                    try Self.located("\(key)[\(index)]", in: change) {
                        count(inserted?[index - start] == true ? .inserted : try store.upsertTransaction(transaction))
                        if change.replacesStream && key == "inserted" { try store.addSnapshotID(transaction.id) }
                    }
                }
            }
        }
        if change.replacesStream { summary.deleted += try store.sweepTransactions(accountID: accountID) }
        for id in set.deleted where try store.deleteTransaction(id: id, accountID: accountID) {
            summary.deleted += 1
        }
    }

    private mutating func unknown(_ field: String, _ value: String) {
        unknownValues.append(SyncWarning(file: change.file, line: change.line, field: field, value: value))
    }

    private mutating func count(_ outcome: UpsertOutcome) {
        switch outcome {
        case .inserted: summary.inserted += 1
        case .updated: summary.updated += 1
        case .unchanged: break
        }
        #if DEBUG
        TestFaultInjection.reached(.record)
        #endif
    }

    /// Runs `body`; a record the ledger refuses becomes bad input at the record's field.
    private static func located(_ field: String, in change: StreamChange, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as LedgerStoreError {
            throw SourceError.badInput(file: change.file, line: change.line, field: field, message: error.description)
        }
    }
}
