/// FinanceKit's two kinds of account.
public enum AccountKind: String, CaseIterable, Sendable {
    case asset
    case liability
}
