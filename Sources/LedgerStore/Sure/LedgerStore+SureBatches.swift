import Storage

/// Sure batches: envelope, digest, receipt status and, for a while, their bytes.
extension LedgerStore {
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
            capturedKey: row.text(14), status: try Self.stored(row.text(15), column: "sure_batches.status"), hasPayload: row.int64(16) != 0,
            file: row.optionalText(17),
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
    func sureBatches(
        connectionID: String? = nil, statuses: [SureBatchStatus] = [],
        order: SureBatchOrder = .received
    ) throws -> [SureBatchRecord] {
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
        let orderBy =
            switch order {
            case .received: "row_id"
            case .sequence: "generation, sequence"
            }
        return try sureBatches(
            where: (conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")) + " ORDER BY " + orderBy,
            bindings)
    }

    /// The batch stored in row `rowID`.
    public func sureBatch(rowID: Int64) throws -> SureBatchRecord? {
        try sureBatches(where: "row_id = ?", [.integer(rowID)]).first
    }

    /// The connection's batches with the id `batchID`, one per generation, newest generation first.
    public func sureBatches(connectionID: String, batchID: String) throws -> [SureBatchRecord] {
        try sureBatches(
            where: "connection_id = ? AND batch_id = ? ORDER BY generation DESC",
            [.text(connectionID), .text(batchID)])
    }

    /// The chunks still `accepted` or `processing` of the generation's captures other than
    /// `captureID`: captures that may be waiting for chunks.
    public func sureOpenChunks(connectionID: String, generation: Int64, exceptCaptureID captureID: String) throws -> [SureBatchRecord] {
        try sureBatches(
            where: "connection_id = ? AND generation = ? AND capture_id <> ? AND status IN ('accepted', 'processing')",
            [.text(connectionID), .integer(generation), .text(captureID)])
    }

    /// The newest batch of the connection with these exact bytes, in any generation.
    public func sureBatch(connectionID: String, digest: String) throws -> SureBatchRecord? {
        try sureBatches(
            where: "connection_id = ? AND payload_digest = ? ORDER BY generation DESC, row_id DESC LIMIT 1",
            [.text(connectionID), .text(digest)]
        ).first
    }

    public func sureBatch(connectionID: String, generation: Int64, batchID: String) throws -> SureBatchRecord? {
        try sureBatches(
            where: "connection_id = ? AND generation = ? AND batch_id = ?",
            [.text(connectionID), .integer(generation), .text(batchID)]
        ).first
    }

    public func sureBatch(connectionID: String, generation: Int64, streamID: String, sequence: Int64) throws -> SureBatchRecord? {
        try sureBatches(
            where: "connection_id = ? AND generation = ? AND stream_id = ? AND sequence = ?",
            [.text(connectionID), .integer(generation), .text(streamID), .integer(sequence)]
        ).first
    }

    public func sureCaptureChunks(connectionID: String, generation: Int64, captureID: String) throws -> [SureBatchRecord] {
        try sureBatches(
            where: "connection_id = ? AND generation = ? AND capture_id = ? ORDER BY chunk_index, row_id",
            [.text(connectionID), .integer(generation), .text(captureID)])
    }

    /// Batches `accepted` or `processing`: the connection's queue.
    public func sureQueuedBatches(connectionID: String) throws -> [SureBatchRecord] {
        try sureBatches(connectionID: connectionID, statuses: [.accepted, .processing], order: .sequence)
    }

    public func insertSureBatch(_ record: SureBatchRecord, payload: [UInt8], now: Int64) throws {
        try connection.cached(
            """
            INSERT INTO sure_batches (connection_id, generation, stream_id, batch_id, sequence, predecessor_digest,
                payload_digest, capture_id, chunk_index, chunk_count, capture_mode, snapshot_complete, captured_at,
                captured_key, status, payload, file, attempts, accepted_at, updated_time)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
            """
        ).run([
            .text(record.connectionID), .integer(record.generation), .text(record.streamID),
            .text(record.batchID), .integer(record.sequence), .optional(record.predecessorDigest),
            .text(record.payloadDigest), .text(record.captureID), .integer(Int64(record.chunkIndex)),
            .integer(Int64(record.chunkCount)), .text(record.captureMode),
            .integer(record.snapshotComplete ? 1 : 0), .text(record.capturedAt), .text(record.capturedKey),
            .text(record.status.rawValue), .blob(payload), .optional(record.file), .text(record.acceptedAt),
            .integer(now),
        ])
    }

    public func sureBatchPayload(rowID: Int64) throws -> [UInt8]? {
        let query = try connection.cached("SELECT payload FROM sure_batches WHERE row_id = ?")
        defer { query.reset() }
        try query.bind([.integer(rowID)])
        guard try query.step(), !query.isNull(0) else { return nil }
        return query.blob(0)
    }

    public func markSureBatchApplied(rowID: Int64, appliedAt: String, counts: String, now: Int64) throws {
        try connection.cached(
            """
            UPDATE sure_batches SET status = 'applied', applied_at = ?, counts = ?, error_code = NULL, retry_time = NULL,
                updated_time = ? WHERE row_id = ?
            """
        ).run([.text(appliedAt), .text(counts), .integer(now), .integer(rowID)])
    }

    public func markSureBatch(rowID: Int64, status: SureBatchStatus, errorCode: String?, dropPayload: Bool, now: Int64) throws {
        try connection.cached(
            """
            UPDATE sure_batches SET status = ?, error_code = ?, updated_time = ?,
                payload = CASE WHEN ? THEN NULL ELSE payload END WHERE row_id = ?
            """
        ).run([.text(status.rawValue), .optional(errorCode), .integer(now), .integer(dropPayload ? 1 : 0), .integer(rowID)])
    }

    public func scheduleSureRetry(rowID: Int64, attempts: Int, retryTime: Int64, errorCode: String, now: Int64) throws {
        try connection.cached(
            """
            UPDATE sure_batches SET attempts = ?, retry_time = ?, error_code = ?, updated_time = ? WHERE row_id = ?
            """
        ).run([.integer(Int64(attempts)), .integer(retryTime), .text(errorCode), .integer(now), .integer(rowID)])
    }

    /// Revokes the connection's batches in `statuses` with `code`; returns how many.
    @discardableResult
    public func revokeSureBatches(
        connectionID: String, statuses: [SureBatchStatus], code: String, dropPayload: Bool,
        exceptRowIDs: [Int64] = [], now: Int64
    ) throws -> Int {
        let inStatuses = SQLMembership("status", statuses.map { .text($0.rawValue) })
        let except = SQLMembership("row_id", exceptRowIDs.map(SQLValue.integer), negated: true)
        try connection.prepare(
            """
            UPDATE sure_batches SET status = 'revoked', error_code = ?, updated_time = ?,
                payload = CASE WHEN ? THEN NULL ELSE payload END
            WHERE connection_id = ? AND \(inStatuses.sql)\(exceptRowIDs.isEmpty ? "" : " AND " + except.sql)
            """
        ).run(
            [.text(code), .integer(now), .integer(dropPayload ? 1 : 0), .text(connectionID)]
                + inStatuses.values + (exceptRowIDs.isEmpty ? [] : except.values))
        return connection.changes
    }

    /// Drops the bytes of batches applied, failed or revoked before `cutoff` (Unix seconds).
    @discardableResult
    public func pruneSurePayloads(settledBefore cutoff: Int64) throws -> Int {
        try connection.cached(
            """
            UPDATE sure_batches SET payload = NULL
            WHERE payload IS NOT NULL AND status IN ('applied', 'failed', 'revoked') AND updated_time < ?
            """
        ).run([.integer(cutoff)])
        return connection.changes
    }
}
