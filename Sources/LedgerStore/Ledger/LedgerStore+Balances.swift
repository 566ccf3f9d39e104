import Ledger
import Storage

extension LedgerStore {
    /// The accounts balance reports cover (all when `ids` is empty), ordered as `purse accounts`
    /// lists them: by display name ignoring ASCII case, then ID.
    public func balanceAccounts(ids: [String] = []) throws -> [BalanceAccount] {
        let membership = SQLMembership("a.id", ids.map(SQLValue.text))
        let query = try connection.prepare(
            """
            SELECT a.id, \(accountNameSQL.name), a.kind, a.currency FROM accounts a \(accountNameSQL.join)
            \(ids.isEmpty ? "" : "WHERE " + membership.sql)
            ORDER BY 2 COLLATE NOCASE, a.id
            """)
        try query.bind(membership.values)
        var accounts: [BalanceAccount] = []
        while try query.step() {
            accounts.append(
                BalanceAccount(
                    id: query.text(0), displayName: query.text(1),
                    kind: AccountKind(rawValue: query.text(2)),
                    currency: query.text(3)))
        }
        return accounts
    }

    /// An account's balance observations in observed-time order (ties in the order they were
    /// first stored), read through the (account_id, observed_time) index.
    public func balanceObservations(accountID: String) throws -> [BalanceObservation] {
        // observed_signed is the booked side when present, else the available side: its
        // currency is that side's.
        let query = try connection.cached(
            """
            SELECT id, observed_time, observed_signed,
                CASE WHEN booked_amount IS NOT NULL THEN booked_currency ELSE available_currency END
            FROM balances WHERE account_id = ? ORDER BY observed_time, row_id
            """)
        try query.bind([.text(accountID)])
        defer { query.reset() }
        var observations: [BalanceObservation] = []
        while try query.step() {
            observations.append(
                BalanceObservation(
                    id: query.text(0), accountID: accountID, time: query.int64(1),
                    balance: Money(units: query.int64(2), currency: query.text(3))))
        }
        return observations
    }

    /// The sum of the signed amounts of an account's booked transactions in `currency` with
    /// `after < transaction_time <= through`, summed by SQLite over the (account_id,
    /// transaction_time) index. A sum too large to hold is `MoneyError.overflow`, as in Swift.
    public func bookedSignedSum(accountID: String, currency: String, after: Int64, through: Int64) throws -> Int64 {
        let query = try connection.cached(
            """
            SELECT coalesce(sum(signed_amount), 0) FROM transactions
            WHERE account_id = ? AND transaction_time > ? AND transaction_time <= ? AND status = 'booked' AND currency = ?
            """)
        try query.bind([.text(accountID), .integer(after), .integer(through), .text(currency)])
        defer { query.reset() }
        do {
            guard try query.step() else { return 0 }
        } catch let error as StorageError where error.message == "integer overflow" {
            // The same error as a total summed in Swift.
            throw MoneyError.overflow(currency)
        }
        return query.int64(0)
    }

    public func upsertBalance(_ balance: AccountBalance) throws -> UpsertOutcome {
        let observed = balance.observed
        let values: [SQLValue] = [
            .text(balance.accountID), .text(balance.currencyCode),
            .optional(balance.available?.amount.units), .optional(balance.available?.amount.currency),
            .optional(balance.available?.asOfDate.text), .optional(balance.available?.creditDebitIndicator.rawValue),
            .optional(balance.booked?.amount.units), .optional(balance.booked?.amount.currency),
            .optional(balance.booked?.asOfDate.text), .optional(balance.booked?.creditDebitIndicator.rawValue),
            .integer(observed.asOfDate.epochSeconds), .integer(observed.signedUnits),
        ]
        let insert = try connection.cached(
            """
            INSERT INTO balances (id, account_id, currency, available_amount, available_currency, available_as_of,
                available_indicator, booked_amount, booked_currency, booked_as_of, booked_indicator, observed_time,
                observed_signed)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
            """)
        try insert.run([.text(balance.id)] + values)
        if connection.changes > 0 { return .inserted }
        let update = try connection.cached(
            """
            UPDATE balances SET currency = ?2, available_amount = ?3, available_currency = ?4, available_as_of = ?5,
                available_indicator = ?6, booked_amount = ?7, booked_currency = ?8, booked_as_of = ?9,
                booked_indicator = ?10, observed_time = ?11, observed_signed = ?12
            WHERE id = ?13 AND account_id = ?1 AND NOT (currency IS ?2 AND available_amount IS ?3
                AND available_currency IS ?4 AND available_as_of IS ?5 AND available_indicator IS ?6
                AND booked_amount IS ?7 AND booked_currency IS ?8 AND booked_as_of IS ?9 AND booked_indicator IS ?10)
            """)
        try update.run(values + [.text(balance.id)])
        if connection.changes > 0 { return .updated }
        try requireOwner(table: "balances", kind: "balance", id: balance.id, accountID: balance.accountID)
        return .unchanged
    }

    public func deleteBalance(id: String, accountID: String) throws -> Bool {
        try connection.cached("DELETE FROM balances WHERE id = ? AND account_id = ?").run([.text(id), .text(accountID)])
        return connection.changes > 0
    }
}
