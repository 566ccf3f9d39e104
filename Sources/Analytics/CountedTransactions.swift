import Ledger
import LedgerStore

/// The transactions a report counts, each with its flow and category. Internal transfers are
/// matched over the range widened by ten days on each side, so a pair that straddles the
/// range's edge is still found.
public enum CountedTransactions {
    static let matchingMargin: Int64 = 10 * 86_400

    public static func forEach(_ store: LedgerStore, _ scope: ReportScope,
                               _ body: (ReportTransaction, Classification) throws -> Void) throws {
        let classifier = Classifier(rules: try store.rules())
        var candidateSelection = LedgerStore.ReportSelection(from: scope.from.map { $0 - matchingMargin },
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
        try store.forEachReportTransaction(selection) { transaction in
            try body(transaction, classifier.classify(transaction, transferPartner: partners[transaction.id]))
        }
    }
}
