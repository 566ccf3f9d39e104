import Storage

/// How purse tells its ledger from any other SQLite file before it writes a byte to it: a
/// ledger says so in `PRAGMA application_id`, or (one of a purse from before that) by the record
/// of purse's own migrations.
extension LedgerSchema {
    /// "Purs" in ASCII.
    public static let applicationID: Int32 = 0x5075_7273

    /// What a database file holds, as far as purse is concerned.
    enum Contents: Equatable {
        /// Nothing yet (a new or empty file): it may become a ledger.
        case nothing
        /// A purse ledger, of any schema.
        case ledger
        /// Another application's data: purse leaves it as it is.
        case foreign
    }

    static func contents(of connection: Connection) throws -> Contents {
        let id = try connection.scalarInt("PRAGMA application_id") ?? 0
        if id == Int64(applicationID) { return .ledger }
        guard id == 0 else { return .foreign }
        let objects = try connection.scalarInt("SELECT count(*) FROM sqlite_schema") ?? 0
        let userVersion = try connection.scalarInt("PRAGMA user_version") ?? 0
        if objects == 0 && userVersion == 0 { return .nothing }
        return try hasPurseMigrations(connection) ? .ledger : .foreign
    }

    /// Whether the database records purse's migrations: a `schema_migrations` of purse's columns
    /// whose first is "ledger" and whose every migration this purse knows has the name it gave it
    /// (a user_version alone, or another program's table of the same name, is not enough).
    private static func hasPurseMigrations(_ connection: Connection) throws -> Bool {
        let columns = try connection.prepare("SELECT name FROM pragma_table_info('schema_migrations') ORDER BY cid")
        var names: [String] = []
        while try columns.step() { names.append(columns.optionalText(0) ?? "") }
        guard names == ["id", "name", "applied_at"] else { return false }
        let recorded = try connection.prepare("SELECT id, name FROM schema_migrations ORDER BY id")
        var first: Int64?
        while try recorded.step() {
            guard let id = recorded.optionalInt64(0), let name = recorded.optionalText(1) else { return false }
            if first == nil { first = id }
            if id >= 1, id <= Int64(migrations.count), migrations[Int(id) - 1].name != name { return false }
        }
        return first == 1
    }
}
