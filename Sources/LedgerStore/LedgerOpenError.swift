/// Why the ledger database could not be opened as a command asked.
public enum LedgerOpenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at the path (or an empty file): only commands that bring data in create a ledger.
    case missing(path: String)
    /// The file holds something else (another application's database, or no database at all):
    /// purse changes nothing in it.
    case notALedger(path: String)
    /// The database was written by an older purse and this command may not update it; a command
    /// that brings data in (such as `purse sync`) updates it.
    case schemaTooOld(path: String, found: Int, current: Int)

    public var description: String {
        switch self {
        case .missing(let path):
            "no ledger at \(path) (run 'purse sync EXPORT' first, or set --db / PURSE_DB)"
        case .notALedger(let path):
            "\(path) is not a purse ledger"
        case .schemaTooOld(let path, let found, let current):
            "the ledger at \(path) was written by an older purse (schema \(found), this purse uses \(current)); "
                + "run 'purse sync EXPORT' once to update it"
        }
    }
}
