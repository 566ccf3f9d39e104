import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection to an SQLite database file. Not Sendable: use it from one thread (or one
/// isolation domain) only, and open another connection elsewhere.
public final class Connection {
    let path: String
    let handle: DatabaseHandle
    private var statementCache: [String: Statement] = [:]

    /// Opens the database at `path`.
    ///
    /// Unless `readOnly` (or `createIfMissing` is false), a missing file is first created with
    /// mode 0600 (SQLite's -wal and -shm files copy that mode); an existing file's mode is left
    /// alone, and a missing parent directory is an error, not created here. `readOnly` never
    /// creates anything; without `createIfMissing` a missing file is `SQLITE_CANTOPEN`.
    /// Then: extended result codes, the busy timeout, a read of the schema (so a file that is not
    /// a database fails here with `SQLITE_NOTADB`, untouched), `inspect` (which may refuse the
    /// database before anything can change it), `foreign_keys = ON`, and for writers
    /// `journal_mode = WAL` and `synchronous = NORMAL`.
    /// `":memory:"` and `"file:"` URIs are passed to SQLite as they are.
    public init(
        path: String, readOnly: Bool = false, createIfMissing: Bool = true,
        busyTimeoutMilliseconds: Int32 = 5000, inspect: ((Connection) throws -> Void)? = nil
    ) throws {
        let isPlainFile = !(path.isEmpty || path == ":memory:" || path.hasPrefix("file:"))
        let creates = !readOnly && createIfMissing
        if creates && isPlainFile {
            try Self.createPrivateFileIfMissing(path)
        }
        let access =
            readOnly
            ? SQLITE_OPEN_READONLY
            : creates ? (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) : SQLITE_OPEN_READWRITE
        let handle = try DatabaseHandle.open(
            path: path, flags: access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI)
        try handle.check(sqlite3_extended_result_codes(handle.pointer, 1), sql: nil)
        try handle.check(sqlite3_busy_timeout(handle.pointer, busyTimeoutMilliseconds), sql: nil)
        // Read before any pragma may write: a foreign file fails here (SQLITE_NOTADB), unchanged.
        try handle.execute("SELECT count(*) FROM sqlite_schema")
        self.path = path
        self.handle = handle
        // Switching to WAL rewrites the file's header and leaves a -wal file: only once the caller
        // has seen what the database holds.
        try inspect?(self)
        try handle.execute("PRAGMA foreign_keys = ON")
        if !readOnly {
            try handle.execute("PRAGMA journal_mode = WAL")
            try handle.execute("PRAGMA synchronous = NORMAL")
        }
    }

    /// open(2) with O_CREAT|O_EXCL and mode 0600, then fchmod so the umask cannot widen or
    /// narrow it; an existing file is left as it is.
    private static func createPrivateFileIfMissing(_ path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            let modeResult = fchmod(descriptor, 0o600)
            let modeError = errno
            close(descriptor)
            if modeResult != 0 {
                throw StorageError(
                    code: SQLITE_CANTOPEN,
                    message: "cannot make database file \(path) private: \(String(cString: strerror(modeError)))")
            }
            return
        }
        let openError = errno
        if openError == EEXIST { return }
        throw StorageError(
            code: SQLITE_CANTOPEN,
            message: "cannot create database file \(path): \(String(cString: strerror(openError)))")
    }

    // MARK: Statements

    /// Runs one or more SQL statements, discarding any rows. Bind values with `prepare` instead
    /// of putting them in the text.
    public func execute(_ sql: String) throws {
        try handle.execute(sql)
    }

    /// A freshly prepared statement (exactly one SQL statement).
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(handle: handle, sql: sql, persistent: false)
    }

    /// The statement for `sql`, prepared on first use and kept for the connection's life.
    /// It is reset and its bindings cleared each time it is handed out, so do not ask for the
    /// same SQL again while still reading rows from it.
    public func cached(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            statement.reset()
            return statement
        }
        let statement = try Statement(handle: handle, sql: sql, persistent: true)
        statementCache[sql] = statement
        return statement
    }

    // MARK: State

    /// Whether a transaction is open (`sqlite3_get_autocommit` is off).
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle.pointer) == 0 }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes64(handle.pointer)) }

    /// Rows changed since the connection was opened.
    var totalChanges: Int { Int(sqlite3_total_changes64(handle.pointer)) }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle.pointer) }

    // MARK: Single values

    /// The first column of the first row as an integer; nil if there is no row or it is NULL.
    public func scalarInt(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int64? {
        let statement = try cached(sql)
        defer { statement.reset() }
        try statement.bindAll(bindings)
        guard try statement.step() else { return nil }
        return statement.optionalInt64(0)
    }

    /// The first column of the first row as text; nil if there is no row or it is NULL.
    public func scalarText(_ sql: String, _ bindings: [SQLValue] = []) throws -> String? {
        let statement = try cached(sql)
        defer { statement.reset() }
        try statement.bindAll(bindings)
        guard try statement.step() else { return nil }
        return statement.optionalText(0)
    }
}

@available(*, unavailable, message: "a Connection belongs to one thread; open another connection instead")
extension Connection: Sendable {}
