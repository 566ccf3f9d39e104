/// One step of a schema's history. A list of migrations is append-only: ids run 1...n and an
/// applied migration is never edited, only followed by a new one.
public struct Migration: Sendable {
    public let id: Int
    public let name: String
    /// One or more SQL statements, run inside the migration's transaction (so no BEGIN/COMMIT,
    /// and `PRAGMA foreign_keys` has no effect here).
    let sql: String
    /// The migration builds a table anew (SQLite's only way to change a column's constraints):
    /// it runs with foreign keys off, so dropping the old table does not cascade to the tables
    /// that refer to it, and foreign keys are checked before it commits.
    let rebuildsTables: Bool

    public init(id: Int, name: String, sql: String, rebuildsTables: Bool = false) {
        self.id = id
        self.name = name
        self.sql = sql
        self.rebuildsTables = rebuildsTables
    }
}
