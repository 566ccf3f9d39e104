import Ledger
import LedgerStore

/// Applies one statement file's records to an account: the account (when the import creates
/// it), the transactions, the balances, the categories the statement gave, and the record of
/// the file, all in one SQLite transaction, so a file is imported whole or not at all. IDs
/// come from the rows' identities, so a file imported again changes nothing. A statement of
/// another account is refused.
public struct StatementImporter {
    let store: LedgerStore
    let now: Timestamp

    public init(store: LedgerStore, now: Timestamp) {
        self.store = store
        self.now = now
    }

    /// The account number a statement gives, and what to do when it is not the account's.
    public struct Numbering: Sendable {
        /// The account as the user knows it, for a message.
        public var accountName: String
        public var number: StatementAccountNumber?
        /// The line of the number in the file.
        public var line: Int?
        /// A reissued card: the statement's number becomes the account's.
        public var replaces: Bool

        public init(accountName: String, number: StatementAccountNumber?, line: Int?, replaces: Bool) {
            self.accountName = accountName
            self.number = number
            self.line = line
            self.replaces = replaces
        }
    }

    /// `zone` is the IANA zone the rows' days were placed in: an account the import creates keeps it.
    /// A file already imported into another account, or whose account number is not the one the
    /// account's statements gave before (unless `numbering.replaces`), is bad input, nothing applied.
    public func apply(
        creating account: Account?, zone: String?, accountID: String, transactions: [Transaction], balances: [AccountBalance],
        categories: [String: String], people: [String: String] = [:], deletedIDs: [String] = [], numbering: Numbering? = nil,
        file: String, sha256: String, format: String
    ) throws -> StatementImportRecord {
        try apply(creating: account, zone: zone, accountID: accountID, file: file, sha256: sha256, format: format) { add in
            for transaction in transactions { try add(transaction, categories[transaction.id], people[transaction.id]) }
            return (balances, deletedIDs, numbering)
        }
    }

    /// The same for a file read as it streams: `rows` writes each transaction through `add`
    /// (with the category and the person its statement gave) as it is read, then gives the
    /// balances, the IDs the statement takes back and its account number (known once the file is
    /// read; a refused number rolls the rows back with the rest). A file's rows are never all held.
    public func apply(
        creating account: Account?, zone: String?, accountID: String, file: String, sha256: String, format: String,
        rows: (_ add: (Transaction, String?, String?) throws -> Void) throws -> (
            balances: [AccountBalance], deletedIDs: [String], numbering: Numbering?
        )
    ) throws -> StatementImportRecord {
        try store.transaction {
            try checkFile(accountID: accountID, file: file, sha256: sha256)
            if let account {
                let source = try store.statementSourceRowID(now: now)
                _ = try store.upsertAccount(account, sourceRowID: source)
                if let zone { try store.keepStatementAccountTimeZone(sourceRowID: source, accountID: account.id, zone: zone) }
            }
            var record = StatementImportRecord(
                accountID: accountID, file: file, sha256: sha256, format: format, importedAt: now.text,
                transactions: 0, inserted: 0, updated: 0)
            let (balances, deletedIDs, numbering) = try rows { transaction, category, person in
                record.transactions += 1
                let change = try located(file) { try store.upsertTransaction(transaction) }
                switch change {
                case .inserted: record.inserted += 1
                case .updated: record.updated += 1
                case .unchanged: break
                }
                try store.saveStatementCategory(transactionID: transaction.id, category: category)
                // A new row has no person yet: a bank file of many rows writes nothing more.
                if person != nil || change != .inserted { try store.saveStatementPerson(transactionID: transaction.id, person: person) }
            }
            try checkNumber(accountID: accountID, numbering: numbering, file: file)
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

    /// A statement belongs to one account: the same bytes go into no second one.
    private func checkFile(accountID: String, file: String, sha256: String) throws {
        if let other = try store.otherAccountImporting(sha256: sha256, besides: accountID) {
            throw SourceError.badInput(
                file: file, line: nil, field: nil,
                message: "the same file was already imported into the account '\(other.name ?? other.id)' (\(other.id)); "
                    + "a statement belongs to one account")
        }
    }

    /// An account keeps the number its first numbered statement gave (a reissued card replaces it
    /// on purpose).
    private func checkNumber(accountID: String, numbering: Numbering?, file: String) throws {
        guard let numbering, let number = numbering.number else { return }
        let recorded = try store.statementAccountNumber(accountID: accountID)
        if let recorded, recorded != number, !numbering.replaces {
            throw SourceError.badInput(
                file: file, line: numbering.line, field: "ACCTID",
                message: "the statement is of account \(number.masked), but '\(numbering.accountName)' holds the statements of "
                    + "account \(recorded.masked); give --force if the card or account was reissued with a new number")
        }
        if recorded != number, !numbering.replaces, let other = try store.otherAccountNumbered(number, besides: accountID) {
            throw SourceError.badInput(
                file: file, line: numbering.line, field: "ACCTID",
                message: "the statement is of account \(number.masked), whose statements go into '\(other.name ?? other.id)' "
                    + "(\(other.id)); give --force to import it into '\(numbering.accountName)' all the same")
        }
        try store.saveStatementAccountNumber(number, accountID: accountID, now: now)
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
