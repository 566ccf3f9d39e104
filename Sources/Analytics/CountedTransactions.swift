import Ledger
import LedgerStore

/// The transactions a report counts, each with its flow and category. Internal transfers are
/// matched among every account's transactions (hidden accounts too) over the range widened by
/// ten days on each side, from the earliest zone's start of its first day to the latest zone's
/// end of its last, so a pair that straddles the range's edge is still found.
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
        let envelope = scope.accounts.envelope(first: scope.firstDay, end: scope.endDay, margin: matchingMargin)
        var candidateSelection = LedgerStore.ReportSelection(from: envelope.from, until: envelope.until, statuses: scope.statuses)
        candidateSelection.transferCandidateTypes = InternalTransferMatcher.candidateTypes
        var candidates: [ReportTransaction] = []
        try store.forEachReportTransaction(candidateSelection) { transaction in
            if !classifier.hasFlowRule(transaction) { candidates.append(transaction) }
        }
        let partners = InternalTransferMatcher.match(candidates)
        var selection = scope.selection(statuses: scope.statuses)
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
