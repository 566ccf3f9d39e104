/// One history stream of a source, as FinanceKit keeps them: the accounts, and per account its
/// balances and its transactions. Each has its own token.
public enum LedgerStream: Hashable, Sendable, CustomStringConvertible {
    case accounts
    case balances(accountID: String)
    case transactions(accountID: String)

    /// The stream's name as stored with its token, e.g. `transactions/<ACCOUNT-UUID>`.
    public var name: String {
        switch self {
        case .accounts: "accounts"
        case .balances(let accountID): "balances/" + accountID
        case .transactions(let accountID): "transactions/" + accountID
        }
    }

    public var accountID: String? {
        switch self {
        case .accounts: nil
        case .balances(let accountID), .transactions(let accountID): accountID
        }
    }

    public var description: String { name }
}
