/// FinanceKit's two kinds of account. A kind from a newer FinanceKit is kept as `unrecognized`
/// and counts as an asset: only an account known to be a liability gets the liability rules.
public enum AccountKind: OpenEnumeration {
    case asset
    case liability
    case unrecognized(String)

    public static let knownCases: [AccountKind] = [.asset, .liability]
    public static let knownCasesByName = casesByName(knownCases)

    public var rawValue: String {
        switch self {
        case .asset: "asset"
        case .liability: "liability"
        case .unrecognized(let name): name
        }
    }
}
