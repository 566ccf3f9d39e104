import Ledger
import LedgerStore

/// Builds `purse rules test`: every counted transaction of the scope classified twice, with the
/// rules and without them (overrides apply both times), and each difference put down to the
/// rule that matched first.
public enum RuleTestAnalysis {
    public static func report(_ store: LedgerStore, scope: ReportScope, months: [YearMonth]) throws -> RuleTestReport {
        let rules = try store.rules()
        let overrides = try store.transactionOverrides()
        let withRules = Classifier(rules: rules, overrides: overrides)
        let withoutRules = Classifier(rules: [], overrides: overrides)
        let partnersWith = try CountedTransactions.transferPartners(store, scope, classifier: withRules)
        let partnersWithout = try CountedTransactions.transferPartners(store, scope, classifier: withoutRules)
        struct Key: Hashable {
            let ruleID: Int64
            let fromFlow: Flow
            let fromCategory: String
            let toFlow: Flow
            let toCategory: String
            let currency: String
        }
        var matches: [Int64: Int] = [:]
        var sums: [Key: (count: Int, amount: Int64)] = [:]
        var selection = scope.selection(statuses: scope.statuses)
        selection.includesText = true
        try store.forEachReportTransaction(selection) { transaction in
            guard !withRules.isExcluded(transaction), let rule = withRules.rule(for: transaction) else { return }
            matches[rule.id, default: 0] += 1
            let after = withRules.classify(transaction, transferPartner: partnersWith[transaction.id])
            let before = withoutRules.classify(transaction, transferPartner: partnersWithout[transaction.id])
            guard after.flow != before.flow || after.category != before.category else { return }
            let key = Key(
                ruleID: rule.id, fromFlow: before.flow, fromCategory: before.category, toFlow: after.flow, toCategory: after.category,
                currency: transaction.currency)
            var sum = sums[key] ?? (0, 0)
            sum.count += 1
            sum.amount = try Money.sum(sum.amount, transaction.amount, currency: transaction.currency)
            sums[key] = sum
        }
        let order = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let changes = sums.map { key, sum in
            RuleTestReport.Change(
                ruleID: key.ruleID, fromFlow: key.fromFlow, fromCategory: key.fromCategory, toFlow: key.toFlow,
                toCategory: key.toCategory, currency: key.currency, count: sum.count, amount: sum.amount)
        }
        .sorted {
            (order[$0.ruleID]!, $0.fromCategory, $0.toCategory, $0.fromFlow.rawValue, $0.currency)
                < (order[$1.ruleID]!, $1.fromCategory, $1.toCategory, $1.fromFlow.rawValue, $1.currency)
        }
        return RuleTestReport(
            months: months, timeZones: scope.accounts.zoneNames,
            rules: rules.map { RuleTestReport.RuleMatches(ruleID: $0.id, matches: matches[$0.id] ?? 0) }, changes: changes)
    }
}
