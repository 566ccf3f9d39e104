import CSQLite

/// `SQLITE_TRANSIENT`: SQLite copies a bound text or blob before the bind call returns.
/// (The C macro does not import into Swift; this is its one definition.)
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// `SQLITE_STATIC`: SQLite reads a bound text or blob where it is, until the statement is reset
/// or the parameter bound again.
let sqliteStatic: sqlite3_destructor_type? = nil

/// Owns one `sqlite3*`. The connection and each of its statements hold it, so the database is
/// closed only after the last statement is finalized, whatever order they are released in.
final class DatabaseHandle {
    let pointer: OpaquePointer

    private init(pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        // close_v2 never fails for outstanding statements (there are none left by now);
        // there is no one to report a failure to in deinit.
        _ = sqlite3_close_v2(pointer)
    }

    /// A statement's journal (the pages it changed, kept so it alone can be undone) stays in
    /// memory up to 4 MiB instead of SQLite's 64 KiB: a sync's insert and its triggers touch a
    /// dozen pages or more, and once one journal of a transaction has spilled to a temporary
    /// file, every later statement of that transaction writes its pages there. Set once, before
    /// SQLite starts (afterwards SQLite refuses it, and its own default stays).
    private static let statementJournalSpill: Void = {
        _ = purse_sqlite3_config_statement_journal_spill(4 << 20)
    }()

    /// Opens (`sqlite3_open_v2`) with extended result codes from the start.
    static func open(path: String, flags: Int32) throws -> DatabaseHandle {
        Self.statementJournalSpill
        var pointer: OpaquePointer?
        let resultCode = sqlite3_open_v2(path, &pointer, flags | SQLITE_OPEN_EXRESCODE, nil)
        guard let pointer else {
            // Only when SQLite cannot even allocate the connection.
            throw StorageError(code: resultCode, message: String(cString: sqlite3_errstr(resultCode)))
        }
        let handle = DatabaseHandle(pointer: pointer)  // closes the connection if we throw below
        try handle.check(resultCode, sql: nil)
        return handle
    }

    /// The one place a SQLite result code becomes a Swift error: the message comes from
    /// `sqlite3_errmsg` and the SQL text goes along; bound values never do.
    /// Returns the code when it means success (`SQLITE_OK`, `SQLITE_ROW`, `SQLITE_DONE`).
    @discardableResult
    func check(_ resultCode: Int32, sql: String?) throws -> Int32 {
        switch resultCode {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE:
            return resultCode
        default:
            throw StorageError(code: resultCode, message: String(cString: sqlite3_errmsg(pointer)), sql: sql)
        }
    }

    /// Runs one or more statements with `sqlite3_exec`, discarding any rows.
    func execute(_ sql: String) throws {
        try check(sqlite3_exec(pointer, sql, nil, nil, nil), sql: sql)
    }
}
