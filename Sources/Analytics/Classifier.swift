import Foundation
import Ledger
import LedgerStore

/// The money rules' flow and category decisions (README, "How purse counts money": Flow and
/// Categories), in their order: the user's override of the transaction, its split, user rule,
/// transfer type, credit (refund, card payment, income), debit (expense), with internal
/// transfers and statement twins paired beforehand (`ClassificationPass`).
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
            if let minimum = rule.amountMin, transaction.wholeAmount < minimum { return false }
            if let maximum = rule.amountMax, transaction.wholeAmount > maximum { return false }
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
        renames = rules.contains { $0.rename != nil }
    }

    /// The ledger's rules and overrides.
    init(_ store: LedgerStore) throws {
        self.init(rules: try store.rules(), overrides: try store.transactionOverrides())
    }

    /// Whether any rule or override needs the transactions' IDs and texts.
    var readsText: Bool { !rules.isEmpty || !overrides.isEmpty }

    /// The first user rule that sets a category or flow and matches the transaction, if any: a
    /// rule that only renames, tags or names a person does not stop a later one from classifying.
    func rule(for transaction: ReportTransaction) -> UserRule? {
        rules.first { $0.rule.classifies && $0.matches(transaction) }?.rule
    }

    /// Whether any rule renames merchants: then reports read every transaction's texts.
    let renames: Bool

    /// The first matching rule that renames the transaction's merchant, if any.
    func renamingRule(for transaction: ReportTransaction) -> UserRule? {
        rules.first { $0.rule.rename != nil && $0.matches(transaction) }?.rule
    }

    /// The first matching rule that names the person who spent, if any.
    func personRule(for transaction: ReportTransaction) -> UserRule? {
        rules.first { $0.rule.person != nil && $0.matches(transaction) }?.rule
    }

    /// Every matching rule that tags, in the order rules apply: tags add up, so each one tags.
    func taggingRules(for transaction: ReportTransaction) -> [UserRule] {
        rules.filter { $0.rule.tag != nil && $0.matches(transaction) }.map(\.rule)
    }

    /// What the user set on the transaction, if anything.
    func override(for transaction: ReportTransaction) -> TransactionOverride? {
        transaction.id.isEmpty ? nil : overrides[transaction.id]
    }

    /// A counted charge as `parts` counts it: each part's amount and category when it is split,
    /// else its own, handed on one at a time, so that a charge not split (nearly every one)
    /// makes no array.
    func forEachPart(_ charge: CountedCharge, _ body: (_ amount: Int64, _ category: String) throws -> Void) rethrows {
        guard charge.isSplit, !charge.id.isEmpty, let split = overrides[charge.id]?.split, !split.isEmpty else {
            return try body(charge.amount, charge.category)
        }
        for part in split { try body(part.amount, part.category) }
    }

    /// The transaction's tags: those the user set on it (`purse set --tag`), in the order set, then
    /// every matching rule's (`rules add ... --tag`), in the order rules apply; each once.
    func tags(of transaction: ReportTransaction) -> [String] {
        var seen = Set<String>()
        let set = override(for: transaction)?.tags ?? []
        return (set + taggingRules(for: transaction).compactMap(\.tag)).filter { seen.insert($0).inserted }
    }

    /// Who the transaction is of (README, "People"), in this order: the user's `set --person`,
    /// the first matching rule that names a person, the statement's `Purchased By`
    /// (`statementPerson`: its own row's, or, for a synced row, the statement row's that repeats
    /// it). Every report asks here, through `ClassificationReader`.
    func person(of transaction: ReportTransaction, statementPerson: String?) -> TransactionPerson? {
        if let name = override(for: transaction)?.person { return TransactionPerson(name: name, source: .override) }
        if let rule = personRule(for: transaction), let name = rule.person {
            return TransactionPerson(name: name, source: .rule(id: rule.id))
        }
        return statementPerson.map { TransactionPerson(name: $0, source: .statement) }
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

    /// The one decision of how a transaction counts (README, "How purse counts money"): its
    /// state, flow, category and why. `twin` is the synced row a statement row repeats, and
    /// `partner` its internal transfer's other half (`ClassificationPass` pairs both); `month`
    /// is its day's month in its account's zone.
    func classification(
        _ transaction: ReportTransaction, twin: String?, partner: String?, month: YearMonth
    ) -> Classification {
        let state = Self.state(transaction, twin: twin, excluded: isExcluded(transaction))
        let override = override(for: transaction)
        let rule = rule(for: transaction)
        var flow: Flow
        var reason: ClassificationReason
        if let given = override?.flow ?? rule?.flow {
            reason = override?.flow != nil ? .override : .rule(id: rule!.id)
            switch given {
            case .income, .transfer: flow = given
            case .expense, .refund: flow = transaction.indicator == .debit ? .expense : .refund
            }
        } else {
            // A partner stored before the row changed (a code added, excluded) no longer pairs.
            let pairs = state.pairs && InternalTransferMatcher.mayPair(transaction)
            (flow, reason) = Self.builtInFlow(transaction, transferPartner: pairs ? partner : nil)
        }
        var category: String
        var source: CategorySource
        if let given = override?.category {
            (category, source) = (given, .override)
        } else if let split = override?.split, let first = split.first, flow == .expense || flow == .refund {
            (category, source) = (first.category, .split)
        } else if let rule, let given = rule.category {
            (category, source) = (given, .rule(id: rule.id))
        } else {
            (category, source) = Self.builtInCategory(transaction, flow: flow)
        }
        return Classification(
            state: state, flow: flow, category: category, categorySource: source, reason: reason,
            partnerID: state == .duplicate ? twin : reason == .internalTransfer ? partner : nil, month: month)
    }

    /// Whether reports count the transaction: a status that never counts first, then a
    /// statement row's synced twin, then the user's exclusion.
    static func state(_ transaction: ReportTransaction, twin: String?, excluded: Bool) -> ClassificationState {
        switch transaction.status {
        case .booked: twin != nil ? .duplicate : excluded ? .excluded : .counted
        case .pending, .authorized: excluded ? .excluded : .pending
        default: .uncounted
        }
    }

    /// The transaction as reports count it: itself, or, when split, one copy per part with the
    /// part's amount and category.
    func parts(_ transaction: ReportTransaction, _ classification: Classification) -> [(ReportTransaction, Classification)] {
        guard classification.categorySource == .split, let split = override(for: transaction)?.split, !split.isEmpty else {
            return [(transaction, classification)]
        }
        return split.map { part in
            var classification = classification
            classification.category = part.category
            return (transaction.with(amount: part.amount), classification)
        }
    }

    static func builtInCategory(_ transaction: ReportTransaction, flow: Flow) -> (String, CategorySource) {
        switch flow {
        case .income: return (SpendingCategory.income, .flow)
        case .transfer: return (SpendingCategory.transfers, .flow)
        case .expense, .refund:
            if let code = transaction.merchantCategoryCode { return (SpendingCategory.forCode(code), .merchantCategoryCode(code)) }
            if let category = transaction.statementCategory { return (category, .statementCategory) }
            return (SpendingCategory.withoutCode(type: transaction.type, indicator: transaction.indicator), .type(transaction.type))
        }
    }

    static func builtInFlow(_ transaction: ReportTransaction, transferPartner: String?) -> (Flow, ClassificationReason) {
        if transaction.type == .transfer { return (.transfer, .transferType) }
        if transaction.indicator == .credit {
            if transaction.type == .refund || transaction.merchantCategoryCode != nil { return (.refund, .merchantRefund) }
            if transferPartner != nil { return (.transfer, .internalTransfer) }
            if transaction.accountKind == .liability { return (.transfer, .cardPayment) }
            return (.income, .income)
        }
        if transferPartner != nil { return (.transfer, .internalTransfer) }
        return (.expense, .expense)
    }

    public static func codeText(_ code: Int) -> String { CategorySource.codeText(code) }
}
