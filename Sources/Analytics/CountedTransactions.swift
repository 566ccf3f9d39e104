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
    /// A row imported from a statement that repeats a synced one is not counted: `duplicate`
    /// hears of it with the synced row's ID.
    static func forEach(
        _ store: LedgerStore, _ scope: ReportScope, needsText: Bool = true,
        duplicate: ((ReportTransaction, String) throws -> Void)? = nil,
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
        let duplicates = StatementDuplicateMatcher.match(
            try store.transactionsOfSharedAccounts(from: envelope.from, until: envelope.until, statuses: scope.statuses))
        // A duplicate is no half of an internal transfer either: its synced twin is.
        let partners = InternalTransferMatcher.match(duplicates.isEmpty ? candidates : candidates.filter { duplicates[$0.id] == nil })
        var selection = scope.selection(statuses: scope.statuses)
        // Without text the store gives no ID to a row with an MCC; statements have none.
        selection.includesText = needsText || !rules.isEmpty
        // Reports that only sum do not care in which order transactions of the same second come.
        selection.tiesByID = needsText
        try store.forEachReportTransaction(selection) { transaction in
            if let twin = duplicates[transaction.id] {
                try duplicate?(transaction, twin)
                return
            }
            // Only transactions without a code can be half of a pair.
            let partner = transaction.merchantCategoryCode == nil && !transaction.id.isEmpty ? partners[transaction.id] : nil
            try body(transaction, classifier.classify(transaction, transferPartner: partner))
        }
    }
}
