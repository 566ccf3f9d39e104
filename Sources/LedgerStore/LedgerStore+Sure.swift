import Ledger
import Storage

/// Rows of Sure protocol 2: connections with their cursor, mappings, batches with receipts,
/// transaction identities, balance observations, conflicts and settled decisions.
extension LedgerStore {
    // MARK: - Connections

    private static let connectionColumns = """
        id, publisher_id, status, generation, stream_id, next_sequence, predecessor_digest, repair_reason,
        credential_digest, source_row_id, consent_granted_at, created_at, last_device_contact_at, last_accepted_at,
        last_imported_at, last_downstream_at, last_captured_at, last_captured_key, disposition, purge_requested_at,
        purge_completed_at
        """

    private func readConnection(_ row: Statement) throws -> SureConnectionRecord {
        var record = SureConnectionRecord(
            id: row.text(0), publisherID: row.text(1), status: try Self.stored(row.text(2), column: "sure_connections.status"),
            generation: row.int64(3),
            streamID: row.text(4), nextSequence: row.int64(5), predecessorDigest: row.optionalText(6),
            repairReason: row.optionalText(7), credentialDigest: row.optionalText(8), sourceRowID: row.int64(9),
            consentGrantedAt: row.text(10), createdAt: row.text(11))
        record.lastDeviceContactAt = row.optionalText(12)
        record.lastAcceptedAt = row.optionalText(13)
        record.lastImportedAt = row.optionalText(14)
        record.lastDownstreamAt = row.optionalText(15)
        record.lastCapturedAt = row.optionalText(16)
        record.lastCapturedKey = row.optionalText(17)
        record.disposition = row.optionalText(18)
        record.purgeRequestedAt = row.optionalText(19)
        record.purgeCompletedAt = row.optionalText(20)
        return record
    }

    public func insertSureConnection(_ record: SureConnectionRecord, mappings: [SureMappingRecord]) throws {
        try connection.prepare("""
            INSERT INTO sure_connections (id, publisher_id, status, generation, stream_id, next_sequence,
                predecessor_digest, repair_reason, credential_digest, source_row_id, consent_granted_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([.text(record.id), .text(record.publisherID), .text(record.status.rawValue), .integer(record.generation),
                      .text(record.streamID), .integer(record.nextSequence), .optional(record.predecessorDigest),
                      .optional(record.repairReason), .optional(record.credentialDigest), .integer(record.sourceRowID),
                      .text(record.consentGrantedAt), .text(record.createdAt)])
        for mapping in mappings {
            try connection.prepare("""
                INSERT INTO sure_mappings (connection_id, source_account_id, position, account_id, lineage_id,
                    mapping_version, accountable_type, subtype, currency, name, institution_name, ledger_timezone,
                    account_origin, unavailable_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).run([.text(mapping.connectionID), .text(mapping.sourceAccountID), .integer(Int64(mapping.position)),
                          .text(mapping.accountID), .text(mapping.lineageID), .integer(mapping.mappingVersion),
                          .text(mapping.accountableType), .optional(mapping.subtype), .text(mapping.currency),
                          .text(mapping.name), .text(mapping.institutionName), .text(mapping.ledgerTimezone),
                          .text(mapping.accountOrigin), .optional(mapping.unavailableAt)])
        }
    }

    public func sureConnection(id: String) throws -> SureConnectionRecord? {
        try sureConnections(where: "id = ?", [.text(id.lowercased())]).first
    }

    public func sureConnection(publisherID: String) throws -> SureConnectionRecord? {
        try sureConnections(where: "publisher_id = ?", [.text(publisherID.lowercased())]).first
    }

    public func sureConnections() throws -> [SureConnectionRecord] {
        try sureConnections(where: "1", [])
    }

    private func sureConnections(where condition: String, _ bindings: [SQLValue]) throws -> [SureConnectionRecord] {
        let query = try connection.prepare("SELECT \(Self.connectionColumns) FROM sure_connections WHERE \(condition) ORDER BY created_at, id")
        try query.bind(bindings)
        var result: [SureConnectionRecord] = []
        while try query.step() { result.append(try readConnection(query)) }
        return result
    }

    /// Writes every mutable field of the connection.
    public func saveSureConnection(_ record: SureConnectionRecord) throws {
        try connection.cached("""
            UPDATE sure_connections SET status = ?, generation = ?, stream_id = ?, next_sequence = ?,
                predecessor_digest = ?, repair_reason = ?, credential_digest = ?, last_device_contact_at = ?,
                last_accepted_at = ?, last_imported_at = ?, last_downstream_at = ?, last_captured_at = ?,
                last_captured_key = ?, disposition = ?, purge_requested_at = ?, purge_completed_at = ?
            WHERE id = ?
            """).run([.text(record.status.rawValue), .integer(record.generation), .text(record.streamID),
                      .integer(record.nextSequence), .optional(record.predecessorDigest), .optional(record.repairReason),
                      .optional(record.credentialDigest), .optional(record.lastDeviceContactAt),
                      .optional(record.lastAcceptedAt), .optional(record.lastImportedAt),
                      .optional(record.lastDownstreamAt), .optional(record.lastCapturedAt),
                      .optional(record.lastCapturedKey), .optional(record.disposition),
                      .optional(record.purgeRequestedAt), .optional(record.purgeCompletedAt), .text(record.id)])
    }

    // MARK: - Mappings

    public func sureMappings(connectionID: String) throws -> [SureMappingRecord] {
        let query = try connection.prepare("""
            SELECT connection_id, source_account_id, position, account_id, lineage_id, mapping_version, accountable_type,
                subtype, currency, name, institution_name, ledger_timezone, account_origin, unavailable_at
            FROM sure_mappings WHERE connection_id = ? ORDER BY position
            """)
        try query.bind([.text(connectionID)])
        var result: [SureMappingRecord] = []
        while try query.step() {
            result.append(SureMappingRecord(
                connectionID: query.text(0), sourceAccountID: query.text(1), position: query.int(2),
                accountID: query.text(3), lineageID: query.text(4), mappingVersion: query.int64(5),
                accountableType: query.text(6), subtype: query.optionalText(7), currency: query.text(8),
                name: query.text(9), institutionName: query.text(10), ledgerTimezone: query.text(11),
                accountOrigin: query.text(12), unavailableAt: query.optionalText(13)))
        }
        return result
    }

    public func updateSureMapping(connectionID: String, sourceAccountID: String, name: String, institutionName: String) throws {
        try connection.cached("""
            UPDATE sure_mappings SET name = ?, institution_name = ?, unavailable_at = NULL
            WHERE connection_id = ? AND source_account_id = ?
            """).run([.text(name), .text(institutionName), .text(connectionID), .text(sourceAccountID)])
    }

    public func markSureMappingUnavailable(connectionID: String, sourceAccountID: String, at time: String) throws {
        try connection.cached("UPDATE sure_mappings SET unavailable_at = ? WHERE connection_id = ? AND source_account_id = ?")
            .run([.text(time), .text(connectionID), .text(sourceAccountID)])
    }

    /// Whether another connection that is not revoked publishes into the lineage.
    public func sureLineageHasOtherWriter(_ lineageID: String, besides connectionID: String) throws -> Bool {
        (try connection.scalarInt("""
            SELECT count(*) FROM sure_mappings m JOIN sure_connections c ON c.id = m.connection_id
            WHERE m.lineage_id = ? AND c.id <> ? AND c.status <> 'revoked'
            """, [.text(lineageID), .text(connectionID)]) ?? 0) > 0
    }

    // MARK: - Batches

    private static let batchColumns = """
        row_id, connection_id, generation, stream_id, batch_id, sequence, predecessor_digest, payload_digest, capture_id,
        chunk_index, chunk_count, capture_mode, snapshot_complete, captured_at, captured_key, status, payload IS NOT NULL,
        file, attempts, retry_time, error_code, counts, accepted_at, applied_at
        """

    private func readBatch(_ row: Statement) throws -> SureBatchRecord {
        SureBatchRecord(
            rowID: row.int64(0), connectionID: row.text(1), generation: row.int64(2), streamID: row.text(3),
            batchID: row.text(4), sequence: row.int64(5), predecessorDigest: row.optionalText(6),
            payloadDigest: row.text(7), captureID: row.text(8), chunkIndex: row.int(9), chunkCount: row.int(10),
            captureMode: row.text(11), snapshotComplete: row.int64(12) != 0, capturedAt: row.text(13),
            capturedKey: row.text(14), status: try Self.stored(row.text(15), column: "sure_batches.status"), hasPayload: row.int64(16) != 0, file: row.optionalText(17),
            attempts: row.int(18), retryTime: row.optionalInt64(19), errorCode: row.optionalText(20),
            counts: row.optionalText(21), acceptedAt: row.text(22), appliedAt: row.optionalText(23))
    }

    /// The batches `condition` selects; `condition` is always SQL of this file, never a caller's.
    private func sureBatches(where condition: String, _ bindings: [SQLValue]) throws -> [SureBatchRecord] {
        let query = try connection.prepare("SELECT \(Self.batchColumns) FROM sure_batches WHERE \(condition)")
        try query.bind(bindings)
        var result: [SureBatchRecord] = []
        while try query.step() { result.append(try readBatch(query)) }
        return result
    }

    /// Stored batches, of one connection or of all, in any status or in `statuses`.
    public func sureBatches(connectionID: String? = nil, statuses: [SureBatchStatus] = [],
                            order: SureBatchOrder = .received) throws -> [SureBatchRecord] {
        var conditions: [String] = []
        var bindings: [SQLValue] = []
        if let connectionID {
            conditions.append("connection_id = ?")
            bindings.append(.text(connectionID))
        }
        if !statuses.isEmpty {
            let membership = SQLMembership("status", statuses.map { .text($0.rawValue) })
            conditions.append(membership.sql)
            bindings += membership.values
        }
        let orderBy = switch order {
        case .received: "row_id"
        case .sequence: "generation, sequence"
        }
        return try sureBatches(where: (conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")) + " ORDER BY " + orderBy,
                               bindings)
    }

    /// The batch stored in row `rowID`.
    public func sureBatch(rowID: Int64) throws -> SureBatchRecord? {
        try sureBatches(where: "row_id = ?", [.integer(rowID)]).first
    }

    /// The connection's batches with the id `batchID`, one per generation, newest generation first.
    public func sureBatches(connectionID: String, batchID: String) throws -> [SureBatchRecord] {
        try sureBatches(where: "connection_id = ? AND batch_id = ? ORDER BY generation DESC",
                        [.text(connectionID), .text(batchID)])
    }

    /// The chunks still `accepted` or `processing` of the generation's captures other than
    /// `captureID`: captures that may be waiting for chunks.
    public func sureOpenChunks(connectionID: String, generation: Int64, exceptCaptureID captureID: String) throws -> [SureBatchRecord] {
        try sureBatches(where: "connection_id = ? AND generation = ? AND capture_id <> ? AND status IN ('accepted', 'processing')",
                        [.text(connectionID), .integer(generation), .text(captureID)])
    }

    /// The newest batch of the connection with these exact bytes, in any generation.
    public func sureBatch(connectionID: String, digest: String) throws -> SureBatchRecord? {
        try sureBatches(where: "connection_id = ? AND payload_digest = ? ORDER BY generation DESC, row_id DESC LIMIT 1",
                        [.text(connectionID), .text(digest)]).first
    }

    public func sureBatch(connectionID: String, generation: Int64, batchID: String) throws -> SureBatchRecord? {
        try sureBatches(where: "connection_id = ? AND generation = ? AND batch_id = ?",
                        [.text(connectionID), .integer(generation), .text(batchID)]).first
    }

    public func sureBatch(connectionID: String, generation: Int64, streamID: String, sequence: Int64) throws -> SureBatchRecord? {
        try sureBatches(where: "connection_id = ? AND generation = ? AND stream_id = ? AND sequence = ?",
                        [.text(connectionID), .integer(generation), .text(streamID), .integer(sequence)]).first
    }

    public func sureCaptureChunks(connectionID: String, generation: Int64, captureID: String) throws -> [SureBatchRecord] {
        try sureBatches(where: "connection_id = ? AND generation = ? AND capture_id = ? ORDER BY chunk_index, row_id",
                        [.text(connectionID), .integer(generation), .text(captureID)])
    }

    /// Batches `accepted` or `processing`: the connection's queue.
    public func sureQueuedBatches(connectionID: String) throws -> [SureBatchRecord] {
        try sureBatches(connectionID: connectionID, statuses: [.accepted, .processing], order: .sequence)
    }

    public func insertSureBatch(_ record: SureBatchRecord, payload: [UInt8], now: Int64) throws {
        try connection.cached("""
            INSERT INTO sure_batches (connection_id, generation, stream_id, batch_id, sequence, predecessor_digest,
                payload_digest, capture_id, chunk_index, chunk_count, capture_mode, snapshot_complete, captured_at,
                captured_key, status, payload, file, attempts, accepted_at, updated_time)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
            """).run([.text(record.connectionID), .integer(record.generation), .text(record.streamID),
                      .text(record.batchID), .integer(record.sequence), .optional(record.predecessorDigest),
                      .text(record.payloadDigest), .text(record.captureID), .integer(Int64(record.chunkIndex)),
                      .integer(Int64(record.chunkCount)), .text(record.captureMode),
                      .integer(record.snapshotComplete ? 1 : 0), .text(record.capturedAt), .text(record.capturedKey),
                      .text(record.status.rawValue), .blob(payload), .optional(record.file), .text(record.acceptedAt),
                      .integer(now)])
    }

    public func sureBatchPayload(rowID: Int64) throws -> [UInt8]? {
        let query = try connection.cached("SELECT payload FROM sure_batches WHERE row_id = ?")
        defer { query.reset() }
        try query.bind([.integer(rowID)])
        guard try query.step(), !query.isNull(0) else { return nil }
        return query.blob(0)
    }

    public func markSureBatchApplied(rowID: Int64, appliedAt: String, counts: String, now: Int64) throws {
        try connection.cached("""
            UPDATE sure_batches SET status = 'applied', applied_at = ?, counts = ?, error_code = NULL, retry_time = NULL,
                updated_time = ? WHERE row_id = ?
            """).run([.text(appliedAt), .text(counts), .integer(now), .integer(rowID)])
    }

    public func markSureBatch(rowID: Int64, status: SureBatchStatus, errorCode: String?, dropPayload: Bool, now: Int64) throws {
        try connection.cached("""
            UPDATE sure_batches SET status = ?, error_code = ?, updated_time = ?,
                payload = CASE WHEN ? THEN NULL ELSE payload END WHERE row_id = ?
            """).run([.text(status.rawValue), .optional(errorCode), .integer(now), .integer(dropPayload ? 1 : 0), .integer(rowID)])
    }

    public func scheduleSureRetry(rowID: Int64, attempts: Int, retryTime: Int64, errorCode: String, now: Int64) throws {
        try connection.cached("""
            UPDATE sure_batches SET attempts = ?, retry_time = ?, error_code = ?, updated_time = ? WHERE row_id = ?
            """).run([.integer(Int64(attempts)), .integer(retryTime), .text(errorCode), .integer(now), .integer(rowID)])
    }

    /// Revokes the connection's batches in `statuses` with `code`; returns how many.
    @discardableResult
    public func revokeSureBatches(connectionID: String, statuses: [SureBatchStatus], code: String, dropPayload: Bool,
                                  exceptRowIDs: [Int64] = [], now: Int64) throws -> Int {
        let inStatuses = SQLMembership("status", statuses.map { .text($0.rawValue) })
        let except = SQLMembership("row_id", exceptRowIDs.map(SQLValue.integer), negated: true)
        try connection.prepare("""
            UPDATE sure_batches SET status = 'revoked', error_code = ?, updated_time = ?,
                payload = CASE WHEN ? THEN NULL ELSE payload END
            WHERE connection_id = ? AND \(inStatuses.sql)\(exceptRowIDs.isEmpty ? "" : " AND " + except.sql)
            """).run([.text(code), .integer(now), .integer(dropPayload ? 1 : 0), .text(connectionID)]
                     + inStatuses.values + (exceptRowIDs.isEmpty ? [] : except.values))
        return connection.changes
    }

    /// Drops the bytes of batches applied, failed or revoked before `cutoff` (Unix seconds).
    @discardableResult
    public func pruneSurePayloads(settledBefore cutoff: Int64) throws -> Int {
        try connection.cached("""
            UPDATE sure_batches SET payload = NULL
            WHERE payload IS NOT NULL AND status IN ('applied', 'failed', 'revoked') AND updated_time < ?
            """).run([.integer(cutoff)])
        return connection.changes
    }

    // MARK: - Transaction identities

    public struct SureIdentity: Sendable, Equatable {
        public var ledgerID: String
        public var accountID: String
        public var status: String
        public var imported: Bool
        public var tombstonedAt: String?

        public init(ledgerID: String, accountID: String, status: String, imported: Bool, tombstonedAt: String?) {
            self.ledgerID = ledgerID
            self.accountID = accountID
            self.status = status
            self.imported = imported
            self.tombstonedAt = tombstonedAt
        }
    }

    public func sureIdentity(lineageID: String, sourceID: String) throws -> SureIdentity? {
        let query = try connection.cached("""
            SELECT ledger_id, account_id, status, imported, tombstoned_at FROM sure_transactions
            WHERE lineage_id = ? AND source_id = ?
            """)
        defer { query.reset() }
        try query.bind([.text(lineageID), .text(sourceID)])
        guard try query.step() else { return nil }
        return SureIdentity(ledgerID: query.text(0), accountID: query.text(1), status: query.text(2),
                            imported: query.int64(3) != 0, tombstonedAt: query.optionalText(4))
    }

    public func saveSureIdentity(lineageID: String, sourceID: String, identity: SureIdentity, connectionID: String,
                                 payload: String?, now: String) throws {
        try connection.cached("""
            INSERT INTO sure_transactions (lineage_id, source_id, ledger_id, account_id, connection_id, status, imported,
                tombstoned_at, payload, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (lineage_id, source_id) DO UPDATE SET ledger_id = excluded.ledger_id,
                account_id = excluded.account_id, connection_id = excluded.connection_id, status = excluded.status,
                imported = excluded.imported, tombstoned_at = excluded.tombstoned_at, payload = excluded.payload,
                updated_at = excluded.updated_at
            """).run([.text(lineageID), .text(sourceID), .text(identity.ledgerID), .text(identity.accountID),
                      .text(connectionID), .text(identity.status), .integer(identity.imported ? 1 : 0),
                      .optional(identity.tombstonedAt), .optional(payload), .text(now)])
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

    public struct SureObservation: Sendable, Equatable {
        public var amount: Int64
        public var currency: String
        public var direction: String
        public var balanceID: String?

        public init(amount: Int64, currency: String, direction: String, balanceID: String?) {
            self.amount = amount
            self.currency = currency
            self.direction = direction
            self.balanceID = balanceID
        }
    }

    public func sureObservation(lineageID: String, sourceID: String, kind: String, observedKey: String) throws -> SureObservation? {
        let query = try connection.cached("""
            SELECT amount, currency, direction, balance_id FROM sure_balance_observations
            WHERE lineage_id = ? AND source_id = ? AND kind = ? AND observed_key = ?
            """)
        defer { query.reset() }
        try query.bind([.text(lineageID), .text(sourceID), .text(kind), .text(observedKey)])
        guard try query.step() else { return nil }
        return SureObservation(amount: query.int64(0), currency: query.text(1), direction: query.text(2),
                               balanceID: query.optionalText(3))
    }

    public func insertSureObservation(lineageID: String, connectionID: String, accountID: String, sourceID: String,
                                      kind: String, observedAt: String, observedKey: String,
                                      observation: SureObservation, now: String) throws {
        try connection.cached("""
            INSERT INTO sure_balance_observations (lineage_id, connection_id, account_id, source_id, kind, observed_at,
                observed_key, amount, currency, direction, balance_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([.text(lineageID), .text(connectionID), .text(accountID), .text(sourceID), .text(kind),
                      .text(observedAt), .text(observedKey), .integer(observation.amount), .text(observation.currency),
                      .text(observation.direction), .optional(observation.balanceID), .text(now)])
    }

    /// Deletes an observation and the ledger balance it fed.
    public func deleteSureObservation(lineageID: String, sourceID: String, kind: String, observedKey: String) throws {
        if let existing = try sureObservation(lineageID: lineageID, sourceID: sourceID, kind: kind, observedKey: observedKey),
           let balanceID = existing.balanceID {
            try connection.cached("DELETE FROM balances WHERE id = ?").run([.text(balanceID)])
        }
        try connection.cached("""
            DELETE FROM sure_balance_observations WHERE lineage_id = ? AND source_id = ? AND kind = ? AND observed_key = ?
            """).run([.text(lineageID), .text(sourceID), .text(kind), .text(observedKey)])
    }

    // MARK: - Conflicts and settled decisions

    private static let conflictColumns = "id, connection_id, lineage_id, kind, identity, status, details, resolution, created_at, resolved_at"

    private func readConflict(_ row: Statement) throws -> SureConflictRecord {
        SureConflictRecord(id: row.text(0), connectionID: row.text(1), lineageID: row.text(2), kind: row.text(3),
                           identity: row.text(4), status: try Self.stored(row.text(5), column: "sure_conflicts.status"),
                           details: row.text(6),
                           resolution: row.optionalText(7), createdAt: row.text(8), resolvedAt: row.optionalText(9))
    }

    /// Opens a conflict unless one is already open for the same question; true when opened.
    @discardableResult
    public func openSureConflict(_ record: SureConflictRecord) throws -> Bool {
        try connection.cached("""
            INSERT INTO sure_conflicts (id, connection_id, lineage_id, kind, identity, status, details, created_at)
            VALUES (?, ?, ?, ?, ?, 'open', ?, ?)
            ON CONFLICT (lineage_id, kind, identity) WHERE status = 'open' DO NOTHING
            """).run([.text(record.id), .text(record.connectionID), .text(record.lineageID), .text(record.kind),
                      .text(record.identity), .text(record.details), .text(record.createdAt)])
        return connection.changes > 0
    }

    public func hasOpenSureConflict(lineageID: String, identity: String) throws -> Bool {
        (try connection.scalarInt("SELECT count(*) FROM sure_conflicts WHERE lineage_id = ? AND identity = ? AND status = 'open'",
                                  [.text(lineageID), .text(identity)]) ?? 0) > 0
    }

    public func sureConflict(id: String) throws -> SureConflictRecord? {
        let query = try connection.prepare("SELECT \(Self.conflictColumns) FROM sure_conflicts WHERE id = ?")
        try query.bind([.text(id.lowercased())])
        return try query.step() ? try readConflict(query) : nil
    }

    /// Open conflicts, of one connection or of all.
    public func openSureConflicts(connectionID: String?) throws -> [SureConflictRecord] {
        let query = try connection.prepare("""
            SELECT \(Self.conflictColumns) FROM sure_conflicts
            WHERE status = 'open' AND (?1 IS NULL OR connection_id = ?1) ORDER BY created_at, id
            """)
        try query.bind([.optional(connectionID)])
        var result: [SureConflictRecord] = []
        while try query.step() { result.append(try readConflict(query)) }
        return result
    }

    public func openSureConflictCount(connectionID: String) throws -> Int {
        Int(try connection.scalarInt("SELECT count(*) FROM sure_conflicts WHERE connection_id = ? AND status = 'open'",
                                     [.text(connectionID)]) ?? 0)
    }

    public func resolveSureConflict(id: String, resolution: String, at time: String) throws {
        try connection.cached("UPDATE sure_conflicts SET status = 'resolved', resolution = ?, resolved_at = ? WHERE id = ?")
            .run([.text(resolution), .text(time), .text(id)])
    }

    public func settleSure(lineageID: String, scope: String, identity: String, at time: String) throws {
        try connection.cached("INSERT OR IGNORE INTO sure_settlements (lineage_id, scope, identity, settled_at) VALUES (?, ?, ?, ?)")
            .run([.text(lineageID), .text(scope), .text(identity), .text(time)])
    }

    public func isSureSettled(lineageID: String, scope: String, identity: String) throws -> Bool {
        (try connection.scalarInt("SELECT count(*) FROM sure_settlements WHERE lineage_id = ? AND scope = ? AND identity = ?",
                                  [.text(lineageID), .text(scope), .text(identity)]) ?? 0) > 0
    }

    // MARK: - Purge

    /// Deletes everything a lineage brought in: its ledger account (with its balances and
    /// transactions), identities, observations, conflicts and settled decisions.
    public func purgeSureLineage(_ lineageID: String, accountID: String, sourceRowID: Int64) throws {
        _ = try deleteAccount(id: accountID, sourceRowID: sourceRowID)
        for table in ["sure_transactions", "sure_balance_observations", "sure_conflicts", "sure_settlements"] {
            try connection.prepare("DELETE FROM \(table) WHERE lineage_id = ?").run([.text(lineageID)])
        }
    }

    /// A stored enumeration's value; the schema's CHECK constraints keep out any other.
    private static func stored<Value: RawRepresentable>(_ text: String, column: String) throws -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: text) else { throw LedgerStoreError.unexpectedValue(column: column, value: text) }
        return value
    }
}
