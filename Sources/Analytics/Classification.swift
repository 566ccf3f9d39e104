import LedgerStore

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

    static let internalTransferCode = "internal transfer"

    /// The reason as the ledger stores it (with the partner in a column of its own).
    var reasonCode: String {
        switch reason {
        case .override: "override"
        case .rule(let id): "rule \(id)"
        case .transferType: "transfer type"
        case .merchantRefund: "merchant refund"
        case .cardPayment: "card payment"
        case .internalTransfer: Self.internalTransferCode
        case .income: "income"
        case .expense: "expense"
        }
    }

    /// The stored reason's partner, when it is an internal transfer.
    var transferPartner: String? {
        if case .internalTransfer(let partner) = reason { return partner }
        return nil
    }

    /// The classification the ledger stored (nil when what is stored was not written by this
    /// purse, which the caller treats as a classification to redo).
    init?(_ stored: StoredClassification) {
        guard let flow = Flow(rawValue: stored.flow) else { return nil }
        let reason: Reason
        switch stored.reason {
        case "override": reason = .override
        case "transfer type": reason = .transferType
        case "merchant refund": reason = .merchantRefund
        case "card payment": reason = .cardPayment
        case Self.internalTransferCode:
            guard let partner = stored.partnerID else { return nil }
            reason = .internalTransfer(partnerID: partner)
        case "income": reason = .income
        case "expense": reason = .expense
        default:
            guard stored.reason.hasPrefix("rule "), let id = Int64(stored.reason.dropFirst(5)) else { return nil }
            reason = .rule(id: id)
        }
        self.init(flow: flow, category: stored.category, reason: reason, categorySource: stored.categorySource)
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

extension StoredClassification {
    /// The other half of the internal transfer this counted transaction was stored as.
    var transferPartner: String? {
        state == .counted && reason == Classification.internalTransferCode ? partnerID : nil
    }
}
