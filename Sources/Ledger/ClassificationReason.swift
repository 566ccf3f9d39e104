/// Which money rule decided a transaction's flow (the first that applies, in the order of the
/// README's "Flow"). `code` is what the ledger stores; an internal transfer's partner is kept
/// beside it, in `Classification.partnerID`.
public enum ClassificationReason: Hashable, Sendable {
    /// The user set the transaction's flow (`purse set --flow`).
    case override
    /// A user rule decided the flow and/or category.
    case rule(id: Int64)
    /// FinanceKit type `transfer`.
    case transferType
    /// A credit of type refund or with a merchant category code.
    case merchantRefund
    /// A credit on a liability: a card payment.
    case cardPayment
    /// A debit and a credit between two accounts of the ledger.
    case internalTransfer
    /// Any other credit.
    case income
    /// Any other debit.
    case expense

    public var code: String {
        switch self {
        case .override: "override"
        case .rule(let id): "rule \(id)"
        case .transferType: "transfer type"
        case .merchantRefund: "merchant refund"
        case .cardPayment: "card payment"
        case .internalTransfer: "internal transfer"
        case .income: "income"
        case .expense: "expense"
        }
    }

    public init?(code: String) {
        switch code {
        case "override": self = .override
        case "transfer type": self = .transferType
        case "merchant refund": self = .merchantRefund
        case "card payment": self = .cardPayment
        case "internal transfer": self = .internalTransfer
        case "income": self = .income
        case "expense": self = .expense
        default:
            guard code.hasPrefix("rule "), let id = Int64(code.dropFirst(5)), String(id) == code.dropFirst(5) else { return nil }
            self = .rule(id: id)
        }
    }
}
