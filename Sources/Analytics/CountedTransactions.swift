import Ledger
import LedgerStore

/// The transactions a report counts, each with its flow and category. Internal transfers are
/// matched over the range widened by ten days on each side, so a pair that straddles the
/// range's edge is still found.
enum CountedTransactions {
    static let matchingMargin: Int64 = 10 * 86_400

    /// `needsText` false lets a report that groups by neither merchant nor description skip
    /// reading them when no user rule needs them either.
    static func forEach(
        _ store: LedgerStore, _ scope: ReportScope, needsText: Bool = true,
        _ body: (ReportTransaction, Classification) throws -> Void
    ) throws {
        let rules = try store.rules()
        let classifier = Classifier(rules: rules)
        var candidateSelection = LedgerStore.ReportSelection(
            from: scope.from.map { $0 - matchingMargin },
            until: scope.until.map { $0 + matchingMargin },
            statuses: scope.statuses)
        candidateSelection.transferCandidateTypes = InternalTransferMatcher.candidateTypes
        var candidates: [ReportTransaction] = []
        try store.forEachReportTransaction(candidateSelection) { transaction in
            if !classifier.hasFlowRule(transaction) { candidates.append(transaction) }
        }
        let partners = InternalTransferMatcher.match(candidates)
        var selection = LedgerStore.ReportSelection(from: scope.from, until: scope.until, statuses: scope.statuses)
        selection.accountIDs = scope.accountIDs
        selection.currencies = scope.currencies
        selection.includesText = needsText || !rules.isEmpty
        // Reports that only sum do not care in which order transactions of the same second come.
        selection.tiesByID = needsText
        try store.forEachReportTransaction(selection) { transaction in
            // Only transactions without a code can be half of a pair.
            let partner = transaction.merchantCategoryCode == nil && !transaction.id.isEmpty ? partners[transaction.id] : nil
            try body(transaction, classifier.classify(transaction, transferPartner: partner))
        }
    }
}
