import Ledger

/// The columns balance reports need of an account.
public struct BalanceAccount: Sendable, Equatable {
    public let id: String
    public let displayName: String
    public let kind: AccountKind
    public let currency: String
}
