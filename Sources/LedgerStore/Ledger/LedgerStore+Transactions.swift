import Ledger
import Storage

extension LedgerStore {
    /// The insert's columns, in the order `bindInsert` binds them.
    private static let insertColumns = """
        id, account_id, transaction_date, transaction_time, posted_date, amount, currency, credit_debit, signed_amount,
            foreign_amount, foreign_currency, exchange_rate, description, original_description, mcc, merchant_name, type,
            status, class_state, class_flow, class_category, class_source, class_reason, class_partner, class_month
        """
    private static let insertColumnCount: Int32 = 25

    /// The most rows `insertTransactions` inserts in one statement. What SQLite does once a
    /// statement (among it making the frames of the insert triggers' programs) is then paid once
    /// for many rows: a sync of 100k transactions ran 7 % fewer instructions.
    static let insertBatchLimit = 64

    /// How many of `remaining` rows to insert with the next statement: a power of two, so that
    /// at most seven statements are ever prepared (one of every size up to 64 cost a sync of
    /// 1M transactions 6.5 MB more).
    public static func insertBatchSize(remaining: Int) -> Int {
        let size = min(remaining, insertBatchLimit)
        return size < 1 ? 0 : 1 << (Int.bitWidth - 1 - size.leadingZeroBitCount)
    }

    public func upsertTransaction(_ transaction: Transaction) throws -> UpsertOutcome {
        // The insert is the hot path of a sync: bind each column directly, no array of values.
        let insert =
            try insertTransactionStatement
            ?? connection.prepare(
                "INSERT INTO transactions (\(Self.insertColumns)) VALUES \(Self.valueRows(1)) ON CONFLICT (id) DO NOTHING")
        // Kept here rather than looked up by its SQL text on every row.
        insertTransactionStatement = insert
        try droppingInsertTriggersBeforeInserts()
        let classification = try bindInsert(transaction, to: insert, from: 1)
        while try insert.step() {}
        insert.reset()
        if connection.changes > 0 {
            insertedSpendingSums?.add(transaction, classification)
            return .inserted
        }
        let values: [SQLValue] = [
            .text(transaction.accountID), .text(transaction.transactionDate.text),
            .integer(transaction.transactionDate.epochSeconds), .optional(transaction.postedDate?.text),
            .integer(transaction.transactionAmount.units), .text(transaction.transactionAmount.currency),
            .text(transaction.creditDebitIndicator.rawValue), .integer(transaction.signedUnits),
            .optional(transaction.foreignCurrencyAmount?.units), .optional(transaction.foreignCurrencyAmount?.currency),
            .optional(transaction.foreignCurrencyExchangeRate), .text(transaction.transactionDescription),
            .text(transaction.originalTransactionDescription), .optional(transaction.merchantCategoryCode.map(Int64.init)),
            .optional(transaction.merchantName), .text(transaction.transactionType.rawValue),
            .text(transaction.status.rawValue),
        ]
        let update = try connection.cached(
            """
            UPDATE transactions SET transaction_date = ?2, transaction_time = ?3, posted_date = ?4, amount = ?5,
                currency = ?6, credit_debit = ?7, signed_amount = ?8, foreign_amount = ?9, foreign_currency = ?10,
                exchange_rate = ?11, description = ?12, original_description = ?13, mcc = ?14, merchant_name = ?15,
                type = ?16, status = ?17
            WHERE id = ?18 AND account_id = ?1 AND NOT (transaction_date IS ?2 AND posted_date IS ?4 AND amount IS ?5
                AND currency IS ?6 AND credit_debit IS ?7 AND foreign_amount IS ?9 AND foreign_currency IS ?10
                AND exchange_rate IS ?11 AND description IS ?12 AND original_description IS ?13 AND mcc IS ?14
                AND merchant_name IS ?15 AND type IS ?16 AND status IS ?17)
            """)
        try update.run(values + [.text(transaction.id)])
        if connection.changes > 0 { return .updated }
        try requireOwner(table: "transactions", kind: "transaction", id: transaction.id, accountID: transaction.accountID)
        return .unchanged
    }

    /// Inserts, in one statement, each transaction of `transactions` (`insertBatchSize` of
    /// them) whose ID is not stored yet nor earlier in the list, and says which
    /// were: the others are `upsertTransaction`'s to update or refuse, in their order. When the
    /// statement fails (`BatchInsertFailure`) nothing of the list is inserted: SQLite undoes the
    /// statement, or the transaction when the error ends it.
    public func insertTransactions(_ transactions: ArraySlice<Transaction>) throws -> [Bool] {
        precondition(transactions.count <= Self.insertBatchLimit)
        let insert: Statement
        if let prepared = insertBatchStatements[transactions.count] {
            insert = prepared
        } else {
            insert = try connection.prepare(
                """
                INSERT INTO transactions (\(Self.insertColumns)) VALUES \(Self.valueRows(transactions.count))
                ON CONFLICT (id) DO NOTHING RETURNING row_id
                """)
            insertBatchStatements[transactions.count] = insert
        }
        defer { insert.reset() }
        var classifications: [Classification?] = []
        classifications.reserveCapacity(transactions.count)
        var stored = Set<Int64>()
        do {
            try droppingInsertTriggersBeforeInserts()
            for (offset, transaction) in transactions.enumerated() {
                classifications.append(try bindInsert(transaction, to: insert, from: Int32(offset) * Self.insertColumnCount + 1))
            }
            while try insert.step() { stored.insert(insert.int64(0)) }
        } catch {
            throw BatchInsertFailure(underlying: error)
        }
        var inserted = Array(repeating: true, count: transactions.count)
        if stored.count != transactions.count {
            // Some were stored already, or came twice. SQLite finds each row's ID as it compared
            // them, by their bytes (Swift takes a composed and a decomposed É as one string), and
            // of two rows of one ID the first is the one a row at a time would have inserted.
            var seen = Set<Int64>()
            inserted = try transactions.map { transaction in
                guard let rowID = try connection.scalarInt("SELECT row_id FROM transactions WHERE id = ?", [.text(transaction.id)])
                else { return false }
                return stored.contains(rowID) && seen.insert(rowID).inserted
            }
        }
        if insertedSpendingSums != nil {
            for (transaction, (isInserted, classification)) in zip(transactions, zip(inserted, classifications)) where isInserted {
                insertedSpendingSums?.add(transaction, classification)
            }
        }
        return inserted
    }

    private static func valueRows(_ count: Int) -> String {
        let row = "(" + Array(repeating: "?", count: Int(insertColumnCount)).joined(separator: ", ") + ")"
        return Array(repeating: row, count: count).joined(separator: ", ")
    }

    /// Binds the insert's columns of `transaction` from parameter `first` on; returns the
    /// classification bound with it, if any.
    private func bindInsert(_ transaction: Transaction, to insert: Statement, from first: Int32) throws -> Classification? {
        try insert.bind(transaction.id, at: first)
        try insert.bind(transaction.accountID, at: first + 1)
        try insert.bind(transaction.transactionDate.text, at: first + 2)
        try insert.bind(transaction.transactionDate.epochSeconds, at: first + 3)
        try insert.bind(transaction.postedDate?.text, at: first + 4)
        try insert.bind(transaction.transactionAmount.units, at: first + 5)
        try insert.bind(transaction.transactionAmount.currency, at: first + 6)
        try insert.bind(transaction.creditDebitIndicator.rawValue, at: first + 7)
        try insert.bind(transaction.signedUnits, at: first + 8)
        try insert.bind(transaction.foreignCurrencyAmount?.units, at: first + 9)
        try insert.bind(transaction.foreignCurrencyAmount?.currency, at: first + 10)
        try insert.bind(transaction.foreignCurrencyExchangeRate, at: first + 11)
        try insert.bind(transaction.transactionDescription, at: first + 12)
        try insert.bind(transaction.originalTransactionDescription, at: first + 13)
        try insert.bind(transaction.merchantCategoryCode.map(Int64.init), at: first + 14)
        try insert.bind(transaction.merchantName, at: first + 15)
        try insert.bind(transaction.transactionType.rawValue, at: first + 16)
        try insert.bind(transaction.status.rawValue, at: first + 17)
        // A row whose classification is certain before it is stored is written whole, once.
        let classification = keeper?.classification(inserting: transaction, in: self)
        for (offset, value) in Self.classificationValues(classification).enumerated() {
            try insert.bind(value, at: first + 18 + Int32(offset))
        }
        return classification
    }

    public func deleteTransaction(id: String, accountID: String) throws -> Bool {
        try connection.cached("DELETE FROM transactions WHERE id = ? AND account_id = ?").run([.text(id), .text(accountID)])
        return connection.changes > 0
    }

    /// An unchanged row is fine; a row of the same id in another account is a collision.
    func requireOwner(table: String, kind: String, id: String, accountID: String) throws {
        let owner = try connection.scalarText("SELECT account_id FROM \(table) WHERE id = ?", [.text(id)])
        if let owner, owner != accountID {
            throw LedgerStoreError.recordOfOtherAccount(kind: kind, id: id, accountID: owner)
        }
    }
}
