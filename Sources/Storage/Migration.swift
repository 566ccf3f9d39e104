/// One step of a schema's history. A list of migrations is append-only: ids run 1...n and an
/// applied migration is never edited, only followed by a new one.
public struct Migration: Sendable {
    public let id: Int
    public let name: String
    /// One or more SQL statements, run inside the migration's transaction (so no BEGIN/COMMIT,
    /// and `PRAGMA foreign_keys` has no effect here).
    public let sql: String

    public init(id: Int, name: String, sql: String) {
        self.id = id
        self.name = name
        self.sql = sql
    }
}
