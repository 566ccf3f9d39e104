import Ledger
import Storage

/// Sure connections with their cursor, and the account mappings of each.
extension LedgerStore {
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
        try connection.prepare(
            """
            INSERT INTO sure_connections (id, publisher_id, status, generation, stream_id, next_sequence,
                predecessor_digest, repair_reason, credential_digest, source_row_id, consent_granted_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).run([
            .text(record.id), .text(record.publisherID), .text(record.status.rawValue), .integer(record.generation),
            .text(record.streamID), .integer(record.nextSequence), .optional(record.predecessorDigest),
            .optional(record.repairReason), .optional(record.credentialDigest), .integer(record.sourceRowID),
            .text(record.consentGrantedAt), .text(record.createdAt),
        ])
        for mapping in mappings {
            try connection.prepare(
                """
                INSERT INTO sure_mappings (connection_id, source_account_id, position, account_id, lineage_id,
                    mapping_version, accountable_type, subtype, currency, name, institution_name, ledger_timezone,
                    account_origin, unavailable_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
            ).run([
                .text(mapping.connectionID), .text(mapping.sourceAccountID), .integer(Int64(mapping.position)),
                .text(mapping.accountID), .text(mapping.lineageID), .integer(mapping.mappingVersion),
                .text(mapping.accountableType), .optional(mapping.subtype), .text(mapping.currency),
                .text(mapping.name), .text(mapping.institutionName), .text(mapping.ledgerTimezone),
                .text(mapping.accountOrigin), .optional(mapping.unavailableAt),
            ])
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
        let query = try connection.prepare(
            "SELECT \(Self.connectionColumns) FROM sure_connections WHERE \(condition) ORDER BY created_at, id")
        try query.bind(bindings)
        var result: [SureConnectionRecord] = []
        while try query.step() { result.append(try readConnection(query)) }
        return result
    }

    /// Writes every mutable field of the connection.
    public func saveSureConnection(_ record: SureConnectionRecord) throws {
        try connection.cached(
            """
            UPDATE sure_connections SET status = ?, generation = ?, stream_id = ?, next_sequence = ?,
                predecessor_digest = ?, repair_reason = ?, credential_digest = ?, last_device_contact_at = ?,
                last_accepted_at = ?, last_imported_at = ?, last_downstream_at = ?, last_captured_at = ?,
                last_captured_key = ?, disposition = ?, purge_requested_at = ?, purge_completed_at = ?
            WHERE id = ?
            """
        ).run([
            .text(record.status.rawValue), .integer(record.generation), .text(record.streamID),
            .integer(record.nextSequence), .optional(record.predecessorDigest), .optional(record.repairReason),
            .optional(record.credentialDigest), .optional(record.lastDeviceContactAt),
            .optional(record.lastAcceptedAt), .optional(record.lastImportedAt),
            .optional(record.lastDownstreamAt), .optional(record.lastCapturedAt),
            .optional(record.lastCapturedKey), .optional(record.disposition),
            .optional(record.purgeRequestedAt), .optional(record.purgeCompletedAt), .text(record.id),
        ])
    }

    // MARK: - Mappings

    public func sureMappings(connectionID: String) throws -> [SureMappingRecord] {
        let query = try connection.prepare(
            """
            SELECT connection_id, source_account_id, position, account_id, lineage_id, mapping_version, accountable_type,
                subtype, currency, name, institution_name, ledger_timezone, account_origin, unavailable_at
            FROM sure_mappings WHERE connection_id = ? ORDER BY position
            """)
        try query.bind([.text(connectionID)])
        var result: [SureMappingRecord] = []
        while try query.step() {
            result.append(
                SureMappingRecord(
                    connectionID: query.text(0),
                    mapping: SureAccountMapping(
                        sourceAccountID: query.text(1), position: query.int(2), accountID: query.text(3), lineageID: query.text(4),
                        mappingVersion: query.int64(5), accountableType: query.text(6), subtype: query.optionalText(7),
                        currency: query.text(8), name: query.text(9), institutionName: query.text(10), ledgerTimezone: query.text(11)),
                    accountOrigin: query.text(12), unavailableAt: query.optionalText(13)))
        }
        return result
    }

    public func updateSureMapping(connectionID: String, sourceAccountID: String, name: String, institutionName: String) throws {
        try connection.cached(
            """
            UPDATE sure_mappings SET name = ?, institution_name = ?, unavailable_at = NULL
            WHERE connection_id = ? AND source_account_id = ?
            """
        ).run([.text(name), .text(institutionName), .text(connectionID), .text(sourceAccountID)])
    }

    public func markSureMappingUnavailable(connectionID: String, sourceAccountID: String, at time: String) throws {
        try connection.cached("UPDATE sure_mappings SET unavailable_at = ? WHERE connection_id = ? AND source_account_id = ?")
            .run([.text(time), .text(connectionID), .text(sourceAccountID)])
    }

    /// Whether another connection that is not revoked publishes into the lineage.
    public func sureLineageHasOtherWriter(_ lineageID: String, besides connectionID: String) throws -> Bool {
        (try connection.scalarInt(
            """
            SELECT count(*) FROM sure_mappings m JOIN sure_connections c ON c.id = m.connection_id
            WHERE m.lineage_id = ? AND c.id <> ? AND c.status <> 'revoked'
            """, [.text(lineageID), .text(connectionID)]) ?? 0) > 0
    }
}
