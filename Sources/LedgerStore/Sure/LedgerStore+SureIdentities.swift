import Storage

/// What each Sure transaction became in the ledger, and the balance observations it sent.
extension LedgerStore {
    /// What a Sure transaction of a lineage became: its ledger entry, its last status and
    /// whether this lineage imported it (and so may change or delete it).
    public struct SureIdentity: Sendable, Equatable {
        public var ledgerID: String
        var accountID: String
        public var status: String
        public var imported: Bool
        var tombstonedAt: String?

        public init(ledgerID: String, accountID: String, status: String, imported: Bool, tombstonedAt: String?) {
            self.ledgerID = ledgerID
            self.accountID = accountID
            self.status = status
            self.imported = imported
            self.tombstonedAt = tombstonedAt
        }
    }

    public func sureIdentity(lineageID: String, sourceID: String) throws -> SureIdentity? {
        let query = try connection.cached(
            """
            SELECT ledger_id, account_id, status, imported, tombstoned_at FROM sure_transactions
            WHERE lineage_id = ? AND source_id = ?
            """)
        defer { query.reset() }
        try query.bind([.text(lineageID), .text(sourceID)])
        guard try query.step() else { return nil }
        return SureIdentity(
            ledgerID: query.text(0), accountID: query.text(1), status: query.text(2),
            imported: query.int64(3) != 0, tombstonedAt: query.optionalText(4))
    }

    public func saveSureIdentity(
        lineageID: String, sourceID: String, identity: SureIdentity, connectionID: String,
        payload: String?, now: String
    ) throws {
        try connection.cached(
            """
            INSERT INTO sure_transactions (lineage_id, source_id, ledger_id, account_id, connection_id, status, imported,
                tombstoned_at, payload, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (lineage_id, source_id) DO UPDATE SET ledger_id = excluded.ledger_id,
                account_id = excluded.account_id, connection_id = excluded.connection_id, status = excluded.status,
                imported = excluded.imported, tombstoned_at = excluded.tombstoned_at, payload = excluded.payload,
                updated_at = excluded.updated_at
            """
        ).run([
            .text(lineageID), .text(sourceID), .text(identity.ledgerID), .text(identity.accountID),
            .text(connectionID), .text(identity.status), .integer(identity.imported ? 1 : 0),
            .optional(identity.tombstonedAt), .optional(payload), .text(now),
        ])
    }

    public func deleteSureIdentity(lineageID: String, sourceID: String) throws {
        try connection.cached("DELETE FROM sure_transactions WHERE lineage_id = ? AND source_id = ?")
            .run([.text(lineageID), .text(sourceID)])
    }

    /// The account and status of a ledger transaction, or nil when there is none.
    public func ledgerTransaction(id: String) throws -> (accountID: String, status: String, date: String)? {
        let query = try connection.cached("SELECT account_id, status, transaction_date FROM transactions WHERE id = ?")
        defer { query.reset() }
        try query.bind([.text(id)])
        guard try query.step() else { return nil }
        return (query.text(0), query.text(1), query.text(2))
    }

    // MARK: - Balance observations

    /// A balance observation Sure sent, as recorded: the amount and direction, and the ledger
    /// balance it fed (booked observations only).
    public struct SureObservation: Sendable, Equatable {
        public var amount: Int64
        public var currency: String
        public var direction: String
        var balanceID: String?

        public init(amount: Int64, currency: String, direction: String, balanceID: String?) {
            self.amount = amount
            self.currency = currency
            self.direction = direction
            self.balanceID = balanceID
        }
    }

    public func sureObservation(lineageID: String, sourceID: String, kind: String, observedKey: String) throws -> SureObservation? {
        let query = try connection.cached(
            """
            SELECT amount, currency, direction, balance_id FROM sure_balance_observations
            WHERE lineage_id = ? AND source_id = ? AND kind = ? AND observed_key = ?
            """)
        defer { query.reset() }
        try query.bind([.text(lineageID), .text(sourceID), .text(kind), .text(observedKey)])
        guard try query.step() else { return nil }
        return SureObservation(
            amount: query.int64(0), currency: query.text(1), direction: query.text(2),
            balanceID: query.optionalText(3))
    }

    public func insertSureObservation(
        lineageID: String, connectionID: String, accountID: String, sourceID: String,
        kind: String, observedAt: String, observedKey: String,
        observation: SureObservation, now: String
    ) throws {
        try connection.cached(
            """
            INSERT INTO sure_balance_observations (lineage_id, connection_id, account_id, source_id, kind, observed_at,
                observed_key, amount, currency, direction, balance_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).run([
            .text(lineageID), .text(connectionID), .text(accountID), .text(sourceID), .text(kind),
            .text(observedAt), .text(observedKey), .integer(observation.amount), .text(observation.currency),
            .text(observation.direction), .optional(observation.balanceID), .text(now),
        ])
    }

    /// Deletes an observation and the ledger balance it fed.
    public func deleteSureObservation(lineageID: String, sourceID: String, kind: String, observedKey: String) throws {
        if let existing = try sureObservation(lineageID: lineageID, sourceID: sourceID, kind: kind, observedKey: observedKey),
            let balanceID = existing.balanceID
        {
            try connection.cached("DELETE FROM balances WHERE id = ?").run([.text(balanceID)])
        }
        try connection.cached(
            """
            DELETE FROM sure_balance_observations WHERE lineage_id = ? AND source_id = ? AND kind = ? AND observed_key = ?
            """
        ).run([.text(lineageID), .text(sourceID), .text(kind), .text(observedKey)])
    }
}
