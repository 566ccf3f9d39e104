import Ledger
import LedgerStore

/// The money rules' flow and category decisions (README, "How purse counts money": Flow and
/// Categories), in their order: user rule, transfer type, credit (refund, card payment, income),
/// debit (expense), with internal transfers matched beforehand.
public struct Classifier: Sendable {
    private let rules: [PreparedRule]

    private struct PreparedRule: Sendable {
        let rule: UserRule
        let merchant: String?
        let description: String?

        func matches(_ transaction: ReportTransaction) -> Bool {
            if let code = rule.merchantCategoryCode, transaction.merchantCategoryCode != code { return false }
            if let merchant, !(transaction.merchantName?.lowercased().contains(merchant) ?? false) { return false }
            if let description, !transaction.description.lowercased().contains(description),
                !transaction.originalDescription.lowercased().contains(description)
            {
                return false
            }
            return true
        }
    }

    /// Rules apply in the order given (oldest first): the first that matches wins.
    init(rules: [UserRule]) {
        self.rules = rules.map { PreparedRule(rule: $0, merchant: $0.merchant?.lowercased(), description: $0.description?.lowercased()) }
    }

    /// The first user rule matching the transaction, if any.
    func rule(for transaction: ReportTransaction) -> UserRule? {
        rules.first { $0.matches(transaction) }?.rule
    }

    /// True when a rule fixes the flow, which keeps the transaction out of transfer matching.
    func hasFlowRule(_ transaction: ReportTransaction) -> Bool {
        rule(for: transaction)?.flow != nil
    }

    /// Classifies a counted transaction; `transferPartner` is its match from `InternalTransferMatcher`.
    func classify(_ transaction: ReportTransaction, transferPartner: String?) -> Classification {
        let rule = rule(for: transaction)
        var flow: Flow
        var reason: Classification.Reason
        if let rule, let ruleFlow = rule.flow {
            reason = .rule(id: rule.id)
            switch ruleFlow {
            case "income": flow = .income
            case "transfer": flow = .transfer
            default: flow = transaction.indicator == .debit ? .expense : .refund
            }
        } else {
            (flow, reason) = Self.builtInFlow(transaction, transferPartner: transferPartner)
        }
        if let rule, let category = rule.category {
            return Classification(
                flow: flow, category: category, reason: rule.flow == nil ? reason : .rule(id: rule.id),
                categorySource: "rule #\(rule.id)")
        }
        switch flow {
        case .income:
            return Classification(flow: flow, category: SpendingCategory.income, reason: reason, categorySource: "flow")
        case .transfer:
            return Classification(flow: flow, category: SpendingCategory.transfers, reason: reason, categorySource: "flow")
        case .expense, .refund:
            if let code = transaction.merchantCategoryCode {
                return Classification(
                    flow: flow, category: SpendingCategory.forCode(code), reason: reason,
                    categorySource: "MCC \(Self.codeText(code))")
            }
            if let category = transaction.statementCategory {
                return Classification(flow: flow, category: category, reason: reason, categorySource: "statement category")
            }
            return Classification(
                flow: flow, category: SpendingCategory.withoutCode(type: transaction.type, indicator: transaction.indicator),
                reason: reason, categorySource: "type \(transaction.type.rawValue), no MCC")
        }
    }

    static func builtInFlow(_ transaction: ReportTransaction, transferPartner: String?) -> (Flow, Classification.Reason) {
        if transaction.type == .transfer { return (.transfer, .transferType) }
        if transaction.indicator == .credit {
            if transaction.type == .refund || transaction.merchantCategoryCode != nil { return (.refund, .merchantRefund) }
            if let transferPartner { return (.transfer, .internalTransfer(partnerID: transferPartner)) }
            if transaction.accountKind == .liability { return (.transfer, .cardPayment) }
            return (.income, .income)
        }
        if let transferPartner { return (.transfer, .internalTransfer(partnerID: transferPartner)) }
        return (.expense, .expense)
    }

    public static func codeText(_ code: Int) -> String {
        let digits = String(code)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
