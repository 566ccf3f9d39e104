/// Brings a database's schema up to date from an append-only list of migrations.
///
/// Applied migrations are recorded in `schema_migrations(id, name, applied_at)` and the highest
/// id is mirrored in `PRAGMA user_version`.
public enum Migrator {
    private static let createTableSQL = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            applied_at TEXT NOT NULL
        )
        """

    /// Applies each migration the database lacks, each in its own immediate transaction together
    /// with its record, and returns the schema version afterwards.
    ///
    /// `migrations` must have ids 1...n in order. A database already at a higher version than
    /// `n` is refused with `SchemaTooNewError` before anything is changed. `now` is stored as
    /// `applied_at`.
    public static func migrate(_ connection: Connection, _ migrations: [Migration], now: String) throws -> Int {
        for (offset, migration) in migrations.enumerated() where migration.id != offset + 1 {
            throw StorageError.misuse(
                "migration ids must run 1...\(migrations.count) in order, but position \(offset + 1) has id \(migration.id)")
        }
        let supported = migrations.count
        let found = try currentVersion(connection)
        if found > supported { throw SchemaTooNewError(found: found, supported: supported) }
        if found == supported { return found }

        for migration in migrations where migration.id > found {
            // Foreign keys cannot be switched inside a transaction.
            if migration.rebuildsTables { try connection.execute("PRAGMA foreign_keys = OFF") }
            do {
                try connection.transaction(.immediate) {
                    // Read again under the write lock: another process may have migrated meanwhile.
                    let version = try currentVersion(connection)
                    if version > supported { throw SchemaTooNewError(found: version, supported: supported) }
                    guard version < migration.id else { return }
                    try connection.execute(createTableSQL)
                    try connection.execute(migration.sql)
                    if migration.rebuildsTables, try connection.scalarInt("SELECT count(*) FROM pragma_foreign_key_check") != 0 {
                        throw StorageError.misuse("migration \(migration.id) (\(migration.name)) leaves rows that break a foreign key")
                    }
                    try connection.prepare("INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)")
                        .run([.integer(Int64(migration.id)), .text(migration.name), .text(now)])
                    try connection.execute("PRAGMA user_version = \(migration.id)")
                }
            } catch {
                if migration.rebuildsTables { try? connection.execute("PRAGMA foreign_keys = ON") }
                throw error
            }
            if migration.rebuildsTables { try connection.execute("PRAGMA foreign_keys = ON") }
            // Each migration rewrites the schema's pages: copied into the database after each one,
            // the log of a new ledger holds one migration's pages at most, not every one's (a
            // checkpoint another connection keeps from running now only leaves the log longer).
            try? connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        }
        return try currentVersion(connection)
    }

    /// The schema version: the highest recorded migration id or `PRAGMA user_version`, whichever
    /// is higher (a database with a foreign user_version is never taken for an older schema);
    /// 0 for an empty database.
    public static func currentVersion(_ connection: Connection) throws -> Int {
        let userVersion = try connection.scalarInt("PRAGMA user_version") ?? 0
        var recorded: Int64 = 0
        let tableExists =
            try connection.scalarInt(
                "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'") != nil
        if tableExists {
            recorded = try connection.scalarInt("SELECT max(id) FROM schema_migrations") ?? 0
        }
        return Int(max(userVersion, recorded))
    }
}
