/// A counted transaction's flow and category, and why: `purse explain` shows the reason.
public struct Classification: Equatable, Sendable {
    /// Which rule decided the flow (the first that applies, in the order of the money rules).
    enum Reason: Equatable, Sendable {
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
        /// A debit and a credit between two accounts of the ledger (an internal transfer).
        case internalTransfer(partnerID: String)
        /// Any other credit.
        case income
        /// Any other debit.
        case expense
    }

    public let flow: Flow
    public let category: String
    let reason: Reason
    /// Where the category came from: a rule, the code's built-in mapping, or the type.
    public let categorySource: String

    init(flow: Flow, category: String, reason: Reason, categorySource: String) {
        self.flow = flow
        self.category = category
        self.reason = reason
        self.categorySource = categorySource
    }

    public var reasonText: String {
        switch reason {
        case .override: "override"
        case .rule(let id): "rule #\(id)"
        case .transferType: "type transfer"
        case .merchantRefund: "credit from a merchant (refund)"
        case .cardPayment: "credit on a liability (card payment)"
        case .internalTransfer(let partner): "internal transfer with \(partner)"
        case .income: "credit (income)"
        case .expense: "debit (expense)"
        }
    }
}
