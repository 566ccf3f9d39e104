/// A record that the ledger cannot take as it stands.
public enum LedgerStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case accountOfOtherSource(accountID: String)
    case recordOfOtherAccount(kind: String, id: String, accountID: String)
    case unknownAccount(String)
    /// A row read again in the same transaction is gone: the ledger changed while purse ran.
    case missingRecord(kind: String, id: String)
    /// A stored value this purse does not know, where the schema allows no other.
    case unexpectedValue(column: String, value: String)

    public var description: String {
        switch self {
        case .accountOfOtherSource(let accountID):
            "account \(accountID) already belongs to another source in this database"
        case .recordOfOtherAccount(let kind, let id, let accountID):
            "\(kind) \(id) already belongs to account \(accountID)"
        case .unknownAccount(let accountID):
            "account \(accountID) is not in the ledger"
        case .missingRecord(let kind, let id):
            "the ledger no longer has the \(kind) \(id) (another purse run changed it); run the command again"
        case .unexpectedValue(let column, let value):
            "the ledger holds '\(value)' in \(column), which this purse does not know; run 'purse status --check'"
        }
    }
}
