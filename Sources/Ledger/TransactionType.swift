/// FinanceKit's transaction types, by their case names. A type from a newer FinanceKit is kept
/// as `unrecognized` and counts as `unknown` (see `forMoneyRules`).
public enum TransactionType: OpenEnumeration {
    case adjustment
    case atm
    case billPayment
    case check
    case deposit
    case directDebit
    case directDeposit
    case dividend
    case fee
    case interest
    case loan
    case pointOfSale
    case refund
    case standingOrder
    case transfer
    case unknown
    case withdrawal
    case unrecognized(String)

    public static let knownCases: [TransactionType] = [
        .adjustment, .atm, .billPayment, .check, .deposit, .directDebit, .directDeposit, .dividend, .fee, .interest,
        .loan, .pointOfSale, .refund, .standingOrder, .transfer, .unknown, .withdrawal,
    ]
    public static let knownCasesByName = casesByName(knownCases)

    public var rawValue: String {
        switch self {
        case .adjustment: "adjustment"
        case .atm: "atm"
        case .billPayment: "billPayment"
        case .check: "check"
        case .deposit: "deposit"
        case .directDebit: "directDebit"
        case .directDeposit: "directDeposit"
        case .dividend: "dividend"
        case .fee: "fee"
        case .interest: "interest"
        case .loan: "loan"
        case .pointOfSale: "pointOfSale"
        case .refund: "refund"
        case .standingOrder: "standingOrder"
        case .transfer: "transfer"
        case .unknown: "unknown"
        case .withdrawal: "withdrawal"
        case .unrecognized(let name): name
        }
    }

    /// The type the money rules see: one purse does not know is `unknown`, FinanceKit's own
    /// word for a type it cannot name.
    public var forMoneyRules: TransactionType {
        if case .unrecognized = self { return .unknown }
        return self
    }
}
