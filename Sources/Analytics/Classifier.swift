import Foundation
import Ledger
import LedgerStore

/// The money rules' flow and category decisions (README, "How purse counts money": Flow and
/// Categories), in their order: the user's override of the transaction, its split, user rule,
/// transfer type, credit (refund, card payment, income), debit (expense), with internal
/// transfers matched beforehand.
public struct Classifier {
    private let rules: [PreparedRule]
    private let overrides: [String: TransactionOverride]

    private struct PreparedRule {
        let rule: UserRule
        let merchant: String?
        let description: String?
        let descriptionRegex: NSRegularExpression?

        init(_ rule: UserRule) {
            self.rule = rule
            merchant = rule.merchant?.lowercased()
            description = rule.description?.lowercased()
            // A stored expression was checked when the rule was added.
            descriptionRegex = rule.descriptionRegex.flatMap { try? NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }
        }

        func matches(_ transaction: ReportTransaction) -> Bool {
            if let code = rule.merchantCategoryCode, transaction.merchantCategoryCode != code { return false }
            if let account = rule.accountID, transaction.accountID != account { return false }
            if let type = rule.type, transaction.type != type { return false }
            if let direction = rule.direction, transaction.indicator != direction { return false }
            if let minimum = rule.amountMin, transaction.amount < minimum { return false }
            if let maximum = rule.amountMax, transaction.amount > maximum { return false }
            if let merchant, !(transaction.merchantName?.lowercased().contains(merchant) ?? false) { return false }
            if let description, !transaction.description.lowercased().contains(description),
                !transaction.originalDescription.lowercased().contains(description)
            {
                return false
            }
            if let descriptionRegex, !Self.finds(descriptionRegex, in: transaction.description),
                !Self.finds(descriptionRegex, in: transaction.originalDescription)
            {
                return false
            }
            return true
        }

        static func finds(_ expression: NSRegularExpression, in text: String) -> Bool {
            expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    /// Rules apply in the order given (their order in `purse rules list`): the first that
    /// matches wins. Overrides are by transaction ID.
    init(rules: [UserRule], overrides: [String: TransactionOverride] = [:]) {
        self.rules = rules.map(PreparedRule.init)
        self.overrides = overrides
    }

    /// The ledger's rules and overrides.
    init(_ store: LedgerStore) throws {
        self.init(rules: try store.rules(), overrides: try store.transactionOverrides())
    }

    /// Whether any rule or override needs the transactions' IDs and texts.
    var readsText: Bool { !rules.isEmpty || !overrides.isEmpty }

    /// The first user rule matching the transaction, if any.
    func rule(for transaction: ReportTransaction) -> UserRule? {
        rules.first { $0.matches(transaction) }?.rule
    }

    /// What the user set on the transaction, if anything.
    func override(for transaction: ReportTransaction) -> TransactionOverride? {
        transaction.id.isEmpty ? nil : overrides[transaction.id]
    }

    /// True when the user excluded the transaction: it never counts.
    func isExcluded(_ transaction: ReportTransaction) -> Bool {
        override(for: transaction)?.isExcluded ?? false
    }

    /// True when an override or a rule fixes the flow, or the transaction never counts, which
    /// keeps it out of transfer matching.
    func hasFlowRule(_ transaction: ReportTransaction) -> Bool {
        if let override = override(for: transaction), override.isExcluded || override.flow != nil { return true }
        return rule(for: transaction)?.flow != nil
    }

    /// Classifies a counted transaction; `transferPartner` is its match from `InternalTransferMatcher`.
    /// A split transaction gets the first part's category here; `counted` gives every part.
    func classify(_ transaction: ReportTransaction, transferPartner: String?) -> Classification {
        counted(transaction, transferPartner: transferPartner)[0].1
    }

    /// The transaction as reports count it: itself with its classification, or, when split,
    /// one copy per part with the part's amount and category.
    func counted(_ transaction: ReportTransaction, transferPartner: String?) -> [(ReportTransaction, Classification)] {
        let override = override(for: transaction)
        let rule = rule(for: transaction)
        var flow: Flow
        var reason: Classification.Reason
        if let given = override?.flow ?? rule?.flow {
            reason = override?.flow != nil ? .override : .rule(id: rule!.id)
            switch given {
            case "income": flow = .income
            case "transfer": flow = .transfer
            default: flow = transaction.indicator == .debit ? .expense : .refund
            }
        } else {
            (flow, reason) = Self.builtInFlow(transaction, transferPartner: transferPartner)
        }
        if let category = override?.category {
            return [(transaction, Classification(flow: flow, category: category, reason: reason, categorySource: "override"))]
        }
        if let split = override?.split, !split.isEmpty, flow == .expense || flow == .refund {
            return Self.parts(of: transaction, split: split, flow: flow, reason: reason)
        }
        if let rule, let category = rule.category {
            return [(transaction, Classification(flow: flow, category: category, reason: reason, categorySource: "rule #\(rule.id)"))]
        }
        return [(transaction, Self.builtInCategory(transaction, flow: flow, reason: reason))]
    }

    /// What the ledger stores of a transaction: whether reports count it by default (booked,
    /// not a statement row with a synced `twin`, not excluded), and its classification with
    /// `transferPartner` (its match among the booked transactions of the whole ledger).
    func stored(_ transaction: ReportTransaction, twin: String?, transferPartner: String?, month: YearMonth) -> StoredClassification {
        let state: StoredClassification.State =
            transaction.status != .booked
            ? .uncounted : twin != nil ? .duplicate : isExcluded(transaction) ? .excluded : .counted
        let classification = classify(transaction, transferPartner: state == .counted ? transferPartner : nil)
        return StoredClassification(
            state: state, flow: classification.flow.rawValue, category: classification.category,
            categorySource: classification.categorySource, reason: classification.reasonCode,
            partnerID: state == .duplicate ? twin : classification.transferPartner, month: month)
    }

    /// A split transaction as its parts, each with its amount and category.
    static func parts(
        of transaction: ReportTransaction, split: [TransactionOverride.Part], flow: Flow, reason: Classification.Reason
    ) -> [(ReportTransaction, Classification)] {
        split.map { part in
            (
                transaction.with(amount: part.amount),
                Classification(flow: flow, category: part.category, reason: reason, categorySource: "split")
            )
        }
    }

    static func builtInCategory(_ transaction: ReportTransaction, flow: Flow, reason: Classification.Reason) -> Classification {
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
