import CSQLite

/// An error reported by SQLite (or by this wrapper), described in one sentence.
///
/// The message comes from `sqlite3_errmsg` and the SQL is the statement's text with its
/// placeholders; bound values are never part of an error: they are someone's financial data.
public struct StorageError: Error, CustomStringConvertible, Sendable {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_FOREIGNKEY`, ...).
    let code: Int32
    /// SQLite's message for the failure (`sqlite3_errmsg`), or the wrapper's own.
    public let message: String
    /// The SQL that was being prepared or run, if any.
    let sql: String?

    init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// A mistake in how the wrapper was used (not something SQLite reported).
    static func misuse(_ message: String, sql: String? = nil) -> StorageError {
        StorageError(code: SQLITE_MISUSE, message: message, sql: sql)
    }

    /// The primary result code: the low 8 bits of the extended code.
    var primaryCode: Int32 { code & 0xFF }

    /// Another connection holds the lock; trying again later may succeed.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// The database (or its file or directory) cannot be written.
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    /// The file could not be opened (missing, a folder, or its -wal/-shm files cannot be made).
    public var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }
    /// The disk (or the database's size limit) is full.
    public var isFull: Bool { primaryCode == SQLITE_FULL }
    /// The file is not an SQLite database (or is encrypted).
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }

    /// Whether descriptions carry the SQL that failed (`purse --verbose`): for whoever debugs
    /// purse, not for its users, to whom a statement's text says nothing.
    @TaskLocal public static var showsSQL = false

    public var description: String {
        guard let sql else { return "database error: \(message)" }
        guard Self.showsSQL else { return "database error: \(message) (\(Self.activity(sql)))" }
        return "database error: \(message) (while running: \(Self.abbreviated(sql)))"
    }

    /// What the statement was doing, in words: reading, writing, or setting the database up.
    static func activity(_ sql: String) -> String {
        let verb = sql.drop(while: { $0.isWhitespace }).prefix(while: { $0.isLetter }).uppercased()
        switch verb {
        case "SELECT": return "while reading the database"
        case "PRAGMA", "ATTACH", "DETACH", "VACUUM", "ANALYZE": return "while setting up the database"
        case "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE": return "while starting or ending a database transaction"
        default: return "while writing to the database"
        }
    }

    /// The SQL on one line, cut short so the sentence stays readable.
    private static func abbreviated(_ sql: String, limit: Int = 160) -> String {
        let oneLine = sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard oneLine.count > limit else { return oneLine }
        return String(oneLine.prefix(limit)) + "..."
    }
}
