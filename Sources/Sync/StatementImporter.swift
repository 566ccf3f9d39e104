import Ledger
import LedgerStore

/// Applies one statement file's records to an account: the account (when the import creates
/// it), the transactions, the balances, the categories the statement gave, and the record of
/// the file, all in one SQLite transaction, so a file is imported whole or not at all. IDs
/// come from the rows' identities, so a file imported again changes nothing.
public struct StatementImporter {
    let store: LedgerStore
    let now: Timestamp

    public init(store: LedgerStore, now: Timestamp) {
        self.store = store
        self.now = now
    }

    /// `zone` is the IANA zone the rows' days were placed in: an account the import creates keeps it.
    public func apply(
        creating account: Account?, zone: String?, accountID: String, transactions: [Transaction], balances: [AccountBalance],
        categories: [String: String], deletedIDs: [String] = [], file: String, sha256: String, format: String
    ) throws -> StatementImportRecord {
        try apply(creating: account, zone: zone, accountID: accountID, file: file, sha256: sha256, format: format) { add in
            for transaction in transactions { try add(transaction, categories[transaction.id]) }
            return (balances, deletedIDs)
        }
    }

    /// The same for a file read as it streams: `rows` writes each transaction through `add`
    /// (with the category its statement gave) as it is read, then gives the balances and the
    /// IDs the statement takes back. A file's rows are never all held.
    public func apply(
        creating account: Account?, zone: String?, accountID: String, file: String, sha256: String, format: String,
        rows: (_ add: (Transaction, String?) throws -> Void) throws -> (balances: [AccountBalance], deletedIDs: [String])
    ) throws -> StatementImportRecord {
        try store.transaction {
            if let account {
                let source = try store.statementSourceRowID(now: now)
                _ = try store.upsertAccount(account, sourceRowID: source)
                if let zone { try store.keepStatementAccountTimeZone(sourceRowID: source, accountID: account.id, zone: zone) }
            }
            var record = StatementImportRecord(
                accountID: accountID, file: file, sha256: sha256, format: format, importedAt: now.text,
                transactions: 0, inserted: 0, updated: 0)
            let (balances, deletedIDs) = try rows { transaction, category in
                record.transactions += 1
                let change = try located(file) { try store.upsertTransaction(transaction) }
                switch change {
                case .inserted: record.inserted += 1
                case .updated: record.updated += 1
                case .unchanged: break
                }
                try store.saveStatementCategory(transactionID: transaction.id, category: category)
            }
            for id in deletedIDs where try store.deleteTransaction(id: id, accountID: accountID) {
                record.updated += 1
                try store.saveStatementCategory(transactionID: id, category: nil)
            }
            for balance in balances {
                _ = try located(file) { try store.upsertBalance(balance) }
            }
            try store.recordStatementImport(record)
            return record
        }
    }

    /// A record the ledger refuses is bad input of the file.
    private func located<T>(_ file: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LedgerStoreError {
            throw SourceError.badInput(file: file, line: nil, field: nil, message: error.description)
        }
    }
}
