import Ledger
import LedgerStore

/// The transactions a report counts, each with its flow and category. Internal transfers are
/// matched among every account's transactions (hidden accounts too) over the range widened by
/// ten days on each side, from the earliest zone's start of its first day to the latest zone's
/// end of its last, so a pair that straddles the range's edge is still found. A transaction the
/// user excluded never counts; a split one counts as its parts.
enum CountedTransactions {
    static let matchingMargin: Int64 = 10 * 86_400

    /// `needsText` false lets a report that groups by neither merchant nor description skip
    /// reading them when no user rule or override needs them either. `excluded` hears of the
    /// transactions of the scope the user excluded. A row imported from a statement that repeats
    /// a synced one is not counted: `duplicate` hears of it with the synced row's ID.
    static func forEach(
        _ store: LedgerStore, _ scope: ReportScope, needsText: Bool = true,
        excluded: ((ReportTransaction, Classification) throws -> Void)? = nil,
        duplicate: ((ReportTransaction, String) throws -> Void)? = nil,
        _ body: (ReportTransaction, Classification) throws -> Void
    ) throws {
        if try readsStoredClassification(store, scope) {
            try forEachStored(store, scope, needsText: needsText, excluded: excluded, duplicate: duplicate, body)
            return
        }
        let classifier = try Classifier(store)
        let duplicates = try statementDuplicates(store, scope)
        let partners = try transferPartners(store, scope, classifier: classifier, duplicates: duplicates)
        var selection = scope.selection(statuses: scope.statuses)
        // Without text the store gives no ID to a row with an MCC; statements have none.
        selection.includesText = needsText || classifier.readsText
        // Reports that only sum do not care in which order transactions of the same second come.
        selection.tiesByID = needsText
        try store.forEachReportTransaction(selection) { transaction in
            if let twin = duplicates[transaction.id] {
                try duplicate?(transaction, twin)
                return
            }
            // Only transactions without a code can be half of a pair.
            let partner = transaction.merchantCategoryCode == nil && !transaction.id.isEmpty ? partners[transaction.id] : nil
            if classifier.isExcluded(transaction) {
                try excluded?(transaction, classifier.classify(transaction, transferPartner: nil))
                return
            }
            for (part, classification) in classifier.counted(transaction, transferPartner: partner) {
                try body(part, classification)
            }
        }
    }

    /// Whether the ledger's stored classification answers for the scope: it is current, and the
    /// scope counts what it was made for (booked transactions, matched among the booked ones).
    static func readsStoredClassification(_ store: LedgerStore, _ scope: ReportScope) throws -> Bool {
        guard !scope.includePending else { return false }
        return try store.classificationStatus()?.isCurrent ?? false
    }

    /// `forEach` from the stored classification: no rules to run, no pairs to match.
    private static func forEachStored(
        _ store: LedgerStore, _ scope: ReportScope, needsText: Bool,
        excluded: ((ReportTransaction, Classification) throws -> Void)?,
        duplicate: ((ReportTransaction, String) throws -> Void)?,
        _ body: (ReportTransaction, Classification) throws -> Void
    ) throws {
        var selection = scope.selection(statuses: scope.statuses)
        selection.includesText = needsText
        selection.tiesByID = needsText
        selection.readsStoredClassification = true
        var overrides: [String: TransactionOverride]?
        try store.forEachReportTransaction(selection) { transaction in
            guard let stored = transaction.stored, let classification = Classification(stored) else {
                throw LedgerStoreError.unexpectedValue(column: "class_reason", value: transaction.stored?.reason ?? "")
            }
            switch stored.state {
            case .duplicate: try duplicate?(transaction, stored.partnerID ?? "")
            case .excluded: try excluded?(transaction, classification)
            case .uncounted: break
            case .counted:
                guard stored.categorySource == "split" else { return try body(transaction, classification) }
                if overrides == nil { overrides = try store.transactionOverrides() }
                let split = overrides?[transaction.id]?.split ?? []
                for (part, classification) in Classifier.parts(
                    of: transaction, split: split, flow: classification.flow, reason: classification.reason)
                {
                    try body(part, classification)
                }
            }
        }
    }

    /// The internal transfers of the scope's accounts and the margin around it, both ways. A
    /// statement row that repeats a synced one is no half of a transfer: its synced twin is.
    static func transferPartners(
        _ store: LedgerStore, _ scope: ReportScope, classifier: Classifier, duplicates: [String: String]? = nil
    ) throws -> [String: String] {
        let envelope = scope.accounts.envelope(first: scope.firstDay, end: scope.endDay, margin: matchingMargin)
        return try transferPartners(
            store, from: envelope.from, until: envelope.until, statuses: scope.statuses, classifier: classifier,
            duplicates: duplicates ?? statementDuplicates(store, scope))
    }

    /// The internal transfers among the transactions from `from` until `until` (nil: open), both
    /// ways, leaving out the statement rows in `duplicates`.
    static func transferPartners(
        _ store: LedgerStore, from: Int64?, until: Int64?, statuses: [TransactionStatus], classifier: Classifier,
        duplicates: [String: String]
    ) throws -> [String: String] {
        var candidateSelection = LedgerStore.ReportSelection(from: from, until: until, statuses: statuses)
        candidateSelection.transferCandidateTypes = InternalTransferMatcher.candidateTypes
        candidateSelection.ordersByAmount = true
        // Matched a chain at a time (same currency and amount, each at most the gap from the
        // next): no pair leaves its chain, so this pairs as matching all at once would, holding
        // one chain instead of the whole ledger.
        var partners: [String: String] = [:]
        var chain: [ReportTransaction] = []
        func matchChain() {
            partners.merge(InternalTransferMatcher.match(chain)) { first, _ in first }
            chain.removeAll(keepingCapacity: true)
        }
        try store.forEachReportTransaction(candidateSelection) { transaction in
            guard !classifier.hasFlowRule(transaction) && duplicates[transaction.id] == nil else { return }
            if let last = chain.last,
                last.currency != transaction.currency || last.amount != transaction.amount
                    || transaction.time - last.time > InternalTransferMatcher.maximumGap
            {
                matchChain()
            }
            chain.append(transaction)
        }
        matchChain()
        return partners
    }

    /// Statement rows of the scope's range and margin that repeat a synced row, with the synced
    /// row's ID.
    static func statementDuplicates(_ store: LedgerStore, _ scope: ReportScope) throws -> [String: String] {
        let envelope = scope.accounts.envelope(first: scope.firstDay, end: scope.endDay, margin: matchingMargin)
        return try statementDuplicates(store, from: envelope.from, until: envelope.until, statuses: scope.statuses)
    }

    /// Statement rows from `from` until `until` (nil: open) that repeat a synced row.
    static func statementDuplicates(
        _ store: LedgerStore, from: Int64?, until: Int64?, statuses: [TransactionStatus]
    ) throws -> [String: String] {
        StatementDuplicateMatcher.match(try store.transactionsOfSharedAccounts(from: from, until: until, statuses: statuses))
    }
}
