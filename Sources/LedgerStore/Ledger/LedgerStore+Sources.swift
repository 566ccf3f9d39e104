import Ledger
import Storage

/// Sources and the tokens of their streams: where each stream's history stands.
extension LedgerStore {
    /// The row id of a source, created on first sight.
    public func sourceRowID(kind: String, externalID: String, name: String, location: String?, now: Timestamp) throws -> Int64 {
        let upsert = try connection.cached(
            """
            INSERT INTO sources (kind, external_id, name, location, created_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (kind, external_id) DO UPDATE SET name = excluded.name, location = excluded.location
            WHERE name IS NOT excluded.name OR location IS NOT excluded.location
            """)
        try upsert.run([.text(kind), .text(externalID), .text(name), location.map(SQLValue.text) ?? .null, .text(now.text)])
        guard
            let rowID = try connection.scalarInt(
                "SELECT id FROM sources WHERE kind = ? AND external_id = ?",
                [.text(kind), .text(externalID)])
        else {
            throw LedgerStoreError.unknownAccount(externalID)
        }
        return rowID
    }

    public func markSynced(sourceRowID: Int64, now: Timestamp) throws {
        try connection.cached("UPDATE sources SET last_synced_at = ? WHERE id = ?").run([.text(now.text), .integer(sourceRowID)])
    }

    public func token(sourceRowID: Int64, stream: String) throws -> StreamToken? {
        let query = try connection.cached(
            "SELECT generation, sequence, resume_offset, resume_line FROM streams WHERE source_id = ? AND name = ?")
        try query.bind([.integer(sourceRowID), .text(stream)])
        defer { query.reset() }
        guard try query.step() else { return nil }
        return StreamToken(
            generation: query.text(0), sequence: query.int64(1),
            resumeOffset: query.optionalInt64(2), resumeLine: query.optionalInt64(3).map(Int.init))
    }

    public func saveToken(_ token: StreamToken, sourceRowID: Int64, stream: String, now: Timestamp) throws {
        try connection.cached(
            """
            INSERT INTO streams (source_id, name, generation, sequence, resume_offset, resume_line, changed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (source_id, name) DO UPDATE SET generation = excluded.generation, sequence = excluded.sequence,
                resume_offset = excluded.resume_offset, resume_line = excluded.resume_line, changed_at = excluded.changed_at
            """
        ).run([
            .integer(sourceRowID), .text(stream), .text(token.generation), .integer(token.sequence),
            token.resumeOffset.map(SQLValue.integer) ?? .null,
            token.resumeLine.map { SQLValue.integer(Int64($0)) } ?? .null, .text(now.text),
        ])
    }

    /// Updates only the resume hint: the history point is unchanged, so nothing else moves.
    public func saveResumeHint(_ token: StreamToken, sourceRowID: Int64, stream: String) throws {
        try connection.cached(
            """
            UPDATE streams SET resume_offset = ?, resume_line = ?
            WHERE source_id = ? AND name = ? AND generation = ? AND sequence = ?
            """
        ).run([
            token.resumeOffset.map(SQLValue.integer) ?? .null,
            token.resumeLine.map { SQLValue.integer(Int64($0)) } ?? .null,
            .integer(sourceRowID), .text(stream), .text(token.generation), .integer(token.sequence),
        ])
    }
}
