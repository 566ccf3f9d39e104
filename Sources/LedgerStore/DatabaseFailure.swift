import Storage

/// How the database itself failed, for an error that comes from SQLite rather than from the
/// data: what a command needs to choose its message and exit status without knowing SQLite.
public enum DatabaseFailure: Sendable, Equatable {
    /// Another connection holds the lock; trying again later may succeed.
    case busy
    /// The database (or its file or folder) cannot be written.
    case readOnly
    /// The file could not be opened (missing, a folder, or its -wal/-shm files cannot be made).
    case cannotOpen
    /// The disk (or the database's size limit) is full.
    case full
    /// Any other failure of the database.
    case other

    /// How `error` failed, or nil when it is not an error of the database.
    public init?(_ error: any Error) {
        guard let error = error as? StorageError else { return nil }
        if error.isBusy {
            self = .busy
        } else if error.isReadOnly {
            self = .readOnly
        } else if error.isCannotOpen {
            self = .cannotOpen
        } else if error.isFull {
            self = .full
        } else {
            self = .other
        }
    }

    /// Runs `body` with database errors carrying the SQL they ran in their descriptions when
    /// `shown` (`purse --verbose`); without it they say in words what the database was doing.
    public static func showingSQL<T>(_ shown: Bool, _ body: () throws -> T) rethrows -> T {
        try StorageError.$showsSQL.withValue(shown, operation: body)
    }
}
