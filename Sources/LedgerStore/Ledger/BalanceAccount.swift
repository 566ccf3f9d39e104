import Ledger

/// The columns balance reports need of an account.
public struct BalanceAccount: Sendable, Equatable {
    public let id: String
    public let displayName: String
    public let kind: AccountKind
    public let currency: String

    init(id: String, displayName: String, kind: AccountKind, currency: String) {
        self.id = id
        self.displayName = displayName
        self.kind = kind
        self.currency = currency
    }
}
