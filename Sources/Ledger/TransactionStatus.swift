/// FinanceKit's transaction statuses, by their case names. A status from a newer FinanceKit is
/// kept as `unrecognized` and never counts: what cannot be read is not counted, like `memo`.
public enum TransactionStatus: OpenEnumeration {
    case authorized
    case booked
    case memo
    case pending
    case rejected
    case unrecognized(String)

    public static let knownCases: [TransactionStatus] = [.authorized, .booked, .memo, .pending, .rejected]
    public static let knownCasesByName = casesByName(knownCases)

    public var rawValue: String {
        switch self {
        case .authorized: "authorized"
        case .booked: "booked"
        case .memo: "memo"
        case .pending: "pending"
        case .rejected: "rejected"
        case .unrecognized(let name): name
        }
    }
}
