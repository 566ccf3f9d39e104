import Ledger
import LedgerStore

/// Builds `purse rules test`: every counted transaction of the scope classified twice, with the
/// rules (as the ledger keeps it) and without them (the same pass, run here with the overrides
/// alone, paired over the whole ledger), and each difference put down to the rule that matched
/// first.
public enum RuleTestAnalysis {
    public static func report(_ store: LedgerStore, scope: ReportScope, months: [YearMonth]) throws -> RuleTestReport {
        let rules = try store.rules()
        var withRules = try ClassificationReader(store, accounts: scope.accounts)
        var withoutRules = try ClassificationReader(
            store, accounts: scope.accounts, classifier: Classifier(rules: [], overrides: try store.transactionOverrides()))
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
        let classifier = withRules.classifier
        struct RenameKey: Hashable {
            let ruleID: Int64
            let from: String
            let to: String
            let currency: String
        }
        var renames: [RenameKey: (count: Int, amount: Int64)] = [:]
        struct LabelKey: Hashable {
            let ruleID: Int64
            let kind: RuleTestReport.Label.Kind
            let name: String
            let currency: String
        }
        var labels: [LabelKey: (count: Int, amount: Int64)] = [:]
        try withRules.forEach(store, scope.selection(statuses: scope.statuses)) { transaction, after in
            guard after.state.counts(includingPending: scope.includePending) else { return }
            let rule = classifier.rule(for: transaction)
            // Each rule that does something to the transaction matches it once.
            var acting = Set(rule.map { [$0.id] } ?? [])
            func label(_ rule: UserRule, _ kind: RuleTestReport.Label.Kind, _ name: String) throws {
                acting.insert(rule.id)
                let key = LabelKey(ruleID: rule.id, kind: kind, name: name, currency: transaction.currency)
                var sum = labels[key] ?? (0, 0)
                sum.count += 1
                sum.amount = try Money.sum(sum.amount, transaction.amount, currency: transaction.currency)
                labels[key] = sum
            }
            // Your own `set --person` beats the rule: it changes nothing there.
            if classifier.override(for: transaction)?.person == nil, let naming = classifier.personRule(for: transaction),
                let person = naming.person
            {
                try label(naming, .person, person)
            }
            for tagging in classifier.taggingRules(for: transaction) {
                if let tag = tagging.tag { try label(tagging, .tag, tag) }
            }
            if let renaming = classifier.renamingRule(for: transaction), let name = renaming.rename {
                acting.insert(renaming.id)
                let key = RenameKey(
                    ruleID: renaming.id, from: transaction.merchantName ?? transaction.description, to: name,
                    currency: transaction.currency)
                var sum = renames[key] ?? (0, 0)
                sum.count += 1
                sum.amount = try Money.sum(sum.amount, transaction.amount, currency: transaction.currency)
                renames[key] = sum
            }
            for id in acting { matches[id, default: 0] += 1 }
            guard let rule else { return }
            let before = try withoutRules.classification(of: transaction)
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
        var report = RuleTestReport(
            months: months, timeZones: scope.accounts.zoneNames,
            rules: rules.map { RuleTestReport.RuleMatches(ruleID: $0.id, matches: matches[$0.id] ?? 0) }, changes: changes)
        report.renames = renames.map { key, sum in
            RuleTestReport.Rename(
                ruleID: key.ruleID, from: key.from, to: key.to, currency: key.currency, count: sum.count, amount: sum.amount)
        }
        .sorted { (order[$0.ruleID]!, $0.from, $0.currency) < (order[$1.ruleID]!, $1.from, $1.currency) }
        report.labels = labels.map { key, sum in
            RuleTestReport.Label(
                ruleID: key.ruleID, kind: key.kind, name: key.name, currency: key.currency, count: sum.count, amount: sum.amount)
        }
        .sorted {
            (order[$0.ruleID]!, $0.kind.rawValue, $0.name, $0.currency) < (order[$1.ruleID]!, $1.kind.rawValue, $1.name, $1.currency)
        }
        return report
    }
}
