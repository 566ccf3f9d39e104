import Foundation
import Ledger
import Storage

/// The ledger database: opens it in the mode a command needs (creating and migrating it only
/// for commands that bring data in), and owns the row mapping between the model and the schema.
public final class LedgerStore {
    /// How a command may use the database.
    public enum OpenMode {
        /// Reads only (`SQLITE_OPEN_READONLY`): a missing file is an error, and nothing is
        /// created, migrated or written. A database of an older schema is read as it is; a query
        /// that needs what it lacks fails with `LedgerOpenError.schemaTooOld` (see `readSnapshot`).
        /// Works on a read-only file and in a read-only folder.
        case readOnly
        /// Writes to an existing database as it stands: a missing file is an error, and an older
        /// schema is refused rather than migrated. `keeper` keeps the classification of every write.
        case writeExisting(keeper: any ClassificationKeeping)
        /// Creates the database (mode 0600) and its folder (0700) when missing, and brings its
        /// schema up to date: for the commands that bring data in.
        case create(keeper: any ClassificationKeeping)
    }

    /// Only this module writes SQL: other modules use the typed operations.
    let connection: Connection
    public let path: String
    /// The schema version the database had when opened (after migrating, for `.create`).
    let openedSchemaVersion: Int
    /// The hot insert of a sync, prepared once (see `upsertTransaction`).
    var insertTransactionStatement: Statement?
    /// The sync's inserts of several rows at once, by row count (see `insertTransactions`).
    var insertBatchStatements: [Int: Statement] = [:]
    /// While a sync writes (`transactionSummingInserts`): the summary's sums of the rows it inserted.
    var insertedSpendingSums: InsertedSpendingSums?
    /// Above zero while a sync's transactions leave the charge packs to its last (`deferringChargePacks`).
    var chargePacksDeferred = 0
    /// Keeps the stored classification of every write transaction (nil: opened read-only).
    let keeper: (any ClassificationKeeping)?

    /// Opens the database at `path` in `mode`. A database from a newer purse, and a file that
    /// holds anything but a ledger (`LedgerOpenError.notALedger`), are refused before anything
    /// changes, whatever the mode.
    public init(path: String, mode: OpenMode, now: Timestamp, busyTimeoutMilliseconds: Int32 = 5000) throws {
        self.path = path
        let current = LedgerSchema.migrations.count
        switch mode {
        case .create(let keeper):
            self.keeper = keeper
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            }
            connection = try Self.connect(path) {
                try Connection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, inspect: $0)
            }
            try Self.useLargeCache(connection)
            openedSchemaVersion = try Migrator.migrate(connection, LedgerSchema.migrations, now: now.text)
        case .writeExisting(let keeper):
            self.keeper = keeper
            try Self.requireFile(path)
            connection = try Self.connect(path) {
                try Connection(path: path, createIfMissing: false, busyTimeoutMilliseconds: busyTimeoutMilliseconds, inspect: $0)
            }
            try Self.useLargeCache(connection)
            openedSchemaVersion = try Self.checkedVersion(connection, path: path)
            if openedSchemaVersion < current {
                throw LedgerOpenError.schemaTooOld(path: path, found: openedSchemaVersion, current: current)
            }
        case .readOnly:
            keeper = nil
            try Self.requireFile(path)
            connection = try Self.connect(path) { inspect in
                let connection = try Self.openForReading(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                try inspect(connection)
                return connection
            }
            try Self.useReadingCache(connection)
            openedSchemaVersion = try Self.checkedVersion(connection, path: path)
        }
    }

    /// The connection `open` makes, refused as `LedgerOpenError.notALedger` when the file holds
    /// something other than a ledger or nothing yet (`open` runs the check it is given before
    /// anything may write), or is no database at all.
    private static func connect(_ path: String, _ open: (@escaping (Connection) throws -> Void) throws -> Connection) throws
        -> Connection
    {
        do {
            return try open { connection in
                if try LedgerSchema.contents(of: connection) == .foreign { throw LedgerOpenError.notALedger(path: path) }
            }
        } catch let error as StorageError where error.isNotADatabase {
            throw LedgerOpenError.notALedger(path: path)
        }
    }

    /// A 32 MiB page cache keeps the transaction indexes' hot pages in memory during a large
    /// sync or report while keeping the process well under its memory budget.
    private static func useLargeCache(_ connection: Connection) throws {
        try connection.execute("PRAGMA cache_size = -32768")
    }

    /// A report reads each page about once, in order, and the system keeps the file's pages
    /// cached anyway: 1 MiB of SQLite's own keeps a report's memory small whatever it reads, and
    /// on a 1M-row ledger no report ran slower than with 4. The same figure bounds what a sort
    /// holds in memory before it goes on in a temporary file.
    private static func useReadingCache(_ connection: Connection) throws {
        try connection.execute("PRAGMA cache_size = -1024")
    }

    /// Only ENOENT means "no ledger here": other failures (a folder it may not enter) are left
    /// for SQLite to report as they are.
    private static func requireFile(_ path: String) throws {
        var status = stat()
        if stat(path, &status) != 0, errno == ENOENT || errno == ENOTDIR {
            throw LedgerOpenError.missing(path: path)
        }
    }

    /// The schema version of an existing database: a newer one is refused, and one with nothing
    /// in it (an empty file) is no ledger.
    private static func checkedVersion(_ connection: Connection, path: String) throws -> Int {
        let found = try Migrator.currentVersion(connection)
        let current = LedgerSchema.migrations.count
        if found > current { throw SchemaTooNewError(found: found, supported: current) }
        if found == 0 { throw LedgerOpenError.missing(path: path) }
        return found
    }

    /// A read-only connection. In a folder it may not write, SQLite cannot make the -shm file a
    /// WAL database needs; then, when no write-ahead log is waiting to be checkpointed (whose
    /// changes an immutable open would miss), the file is opened as immutable.
    private static func openForReading(_ path: String, busyTimeoutMilliseconds: Int32) throws -> Connection {
        do {
            return try Connection(path: path, readOnly: true, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch let error as StorageError where error.isCannotOpen || error.isReadOnly {
            guard !hasPendingWriteAheadLog(path), FileManager.default.isReadableFile(atPath: path) else { throw error }
            return try Connection(path: immutableURI(path), readOnly: true, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
    }

    private static func hasPendingWriteAheadLog(_ path: String) -> Bool {
        var status = stat()
        return stat(path + "-wal", &status) == 0 && status.st_size > 0
    }

    /// `file:PATH?immutable=1`, with the characters a URI gives meaning to escaped.
    static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7F...:
                escaped += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            default:
                escaped.append(Character(Unicode.Scalar(byte)))
            }
        }
        return "file:" + escaped + "?immutable=1"
    }

    /// Runs `body` in one deferred read transaction: every query in it sees the same ledger,
    /// even while a sync writes (WAL), so a report never mixes before and after. Inside a
    /// transaction already, `body` just runs in it.
    ///
    /// On a database of an older schema opened read-only, a query that needs a table or column
    /// it lacks becomes `LedgerOpenError.schemaTooOld`.
    public func readSnapshot<T>(_ body: () throws -> T) throws -> T {
        do {
            if connection.isInTransaction { return try body() }
            return try connection.transaction(.deferred, body)
        } catch let error as StorageError
            where openedSchemaVersion < LedgerSchema.migrations.count
            && (error.message.hasPrefix("no such table") || error.message.hasPrefix("no such column"))
        {
            throw LedgerOpenError.schemaTooOld(path: path, found: openedSchemaVersion, current: LedgerSchema.migrations.count)
        }
    }

    public var schemaVersion: Int {
        get throws { try Migrator.currentVersion(connection) }
    }

    /// Runs `body` in one write transaction: everything it writes commits together, or nothing
    /// does when it throws. The keeper classifies what it changed just before it commits, so the
    /// classification commits with the change that called for it, and so do the charge packs
    /// the change deleted, packed again (`keepChargePacks`).
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try connection.transaction(.immediate) {
            keeper?.forgetWhatInsertsRead()
            let result = try body()
            if let keeper {
                try keeper.keep(self)
                try keepChargePacks()
            }
            return result
        }
    }

    /// Whether a transaction is open. False after SQLite rolled a failed transaction back by
    /// itself (a full disk, an I/O error), when nothing is left to commit.
    public var isInTransaction: Bool { connection.isInTransaction }

    #if DEBUG
    /// Caps the database file at `pages` pages (SQLite's `max_page_count`), so a test can make a
    /// sync run out of room at a chosen size. SQLite never lowers the cap below the file's size.
    public func limitPageCount(to pages: Int) throws {
        try connection.execute("PRAGMA max_page_count = \(pages)")
    }
    #endif
}
