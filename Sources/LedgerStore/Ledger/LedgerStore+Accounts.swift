import Ledger
import Storage

extension LedgerStore {
    /// The source an account belongs to, or nil when the ledger does not have it.
    public func sourceRowID(ofAccount id: String) throws -> Int64? {
        try connection.scalarInt("SELECT source_id FROM accounts WHERE id = ?", [.text(id)])
    }

    public func upsertAccount(_ account: Account, sourceRowID: Int64) throws -> UpsertOutcome {
        insertReadingsMayHaveChanged()
        if let owner = try self.sourceRowID(ofAccount: account.id), owner != sourceRowID {
            throw LedgerStoreError.accountOfOtherSource(accountID: account.id)
        }
        let credit = account.creditInformation
        let values: [SQLValue] = [
            .text(account.kind.rawValue), .text(account.displayName), .text(account.institutionName),
            .optional(account.accountDescription), .text(account.currencyCode), .optional(account.openingDate?.text),
            .optional(credit?.creditLimit?.units), .optional(credit?.creditLimit?.currency),
            .optional(credit?.minimumNextPaymentAmount?.units), .optional(credit?.minimumNextPaymentAmount?.currency),
            .optional(credit?.nextPaymentDueDate?.text),
            .optional(credit?.overduePaymentAmount?.units), .optional(credit?.overduePaymentAmount?.currency),
        ]
        let insert = try connection.cached(
            """
            INSERT INTO accounts (id, source_id, kind, display_name, institution_name, account_description, currency,
                opening_date, credit_limit, credit_limit_currency, minimum_payment, minimum_payment_currency,
                next_payment_due_date, overdue_payment, overdue_payment_currency)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
            """)
        try insert.run([.text(account.id), .integer(sourceRowID)] + values)
        if connection.changes > 0 { return .inserted }
        let update = try connection.cached(
            """
            UPDATE accounts SET kind = ?1, display_name = ?2, institution_name = ?3, account_description = ?4,
                currency = ?5, opening_date = ?6, credit_limit = ?7, credit_limit_currency = ?8, minimum_payment = ?9,
                minimum_payment_currency = ?10, next_payment_due_date = ?11, overdue_payment = ?12,
                overdue_payment_currency = ?13
            WHERE id = ?14 AND NOT (kind IS ?1 AND display_name IS ?2 AND institution_name IS ?3
                AND account_description IS ?4 AND currency IS ?5 AND opening_date IS ?6 AND credit_limit IS ?7
                AND credit_limit_currency IS ?8 AND minimum_payment IS ?9 AND minimum_payment_currency IS ?10
                AND next_payment_due_date IS ?11 AND overdue_payment IS ?12 AND overdue_payment_currency IS ?13)
            """)
        try update.run(values + [.text(account.id)])
        return connection.changes > 0 ? .updated : .unchanged
    }

    /// Deletes an account with its balances, transactions and the tokens of its streams.
    public func deleteAccount(id: String, sourceRowID: Int64) throws -> Bool {
        insertReadingsMayHaveChanged()
        try connection.cached("DELETE FROM accounts WHERE id = ? AND source_id = ?").run([.text(id), .integer(sourceRowID)])
        guard connection.changes > 0 else { return false }
        try connection.cached("DELETE FROM streams WHERE source_id = ? AND name IN (?, ?)")
            .run([.integer(sourceRowID), .text("balances/" + id), .text("transactions/" + id)])
        return true
    }
}
