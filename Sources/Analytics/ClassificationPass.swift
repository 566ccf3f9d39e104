import Ledger
import LedgerStore

/// The one classification pass (README, "Stored classification"): statement rows paired with
/// their synced twins and internal transfers paired over the whole ledger, then every
/// transaction classified by `Classifier` with its pairs. The keeper stores what it gives, a
/// change's reach at a time or everything; a report reads that, or runs the pass itself where
/// what is stored cannot answer (`ClassificationReader`).
struct ClassificationPass {
    let classifier: Classifier
    /// The synced transaction each statement row that repeats one repeats.
    private(set) var twins: [String: String]
    /// The other half of each internal transfer, both ways.
    private(set) var partners: [String: String]
    var months: LocalMonths

    init(classifier: Classifier, months: LocalMonths, twins: [String: String] = [:], partners: [String: String] = [:]) {
        self.classifier = classifier
        self.months = months
        self.twins = twins
        self.partners = partners
    }

    /// Everything paired over the whole ledger, one chain at a time (same currency and amount,
    /// each at most the matching gap from the next): no pair leaves its chain, so this pairs as
    /// matching every candidate at once would, holding one chain instead of the ledger.
    init(wholeLedger store: LedgerStore, classifier: Classifier, months: LocalMonths) throws {
        self.init(classifier: classifier, months: months)
        twins = StatementDuplicateMatcher.match(try store.transactionsOfSharedAccounts(from: nil, until: nil, statuses: [.booked]))
        var selection = LedgerStore.ReportSelection(from: nil, until: nil, statuses: Self.pairingStatuses)
        selection.transferCandidateTypes = InternalTransferMatcher.candidateTypes
        selection.ordersByAmount = true
        var chain: [ReportTransaction] = []
        var partners: [String: String] = [:]
        func matchChain() {
            partners.merge(InternalTransferMatcher.match(chain)) { first, _ in first }
            chain.removeAll(keepingCapacity: true)
        }
        try store.forEachReportTransaction(selection) { transaction in
            guard isTransferCandidate(transaction) else { return }
            if let last = chain.last,
                last.currency != transaction.currency || last.amount != transaction.amount
                    || transaction.time - last.time > InternalTransferMatcher.maximumGap
            {
                matchChain()
            }
            chain.append(transaction)
        }
        matchChain()
        self.partners = partners
    }

    /// The statuses whose transactions may pair (`ClassificationState.pairs`).
    static let pairingStatuses: [TransactionStatus] = [.booked, .pending, .authorized]

    /// Whether the transaction takes part in internal-transfer matching: its state pairs (not a
    /// statement row's twin, not excluded, a status that counts) and no rule of the user sets
    /// its flow.
    func isTransferCandidate(_ transaction: ReportTransaction) -> Bool {
        Classifier.state(transaction, twin: twins[transaction.id], excluded: classifier.isExcluded(transaction)).pairs
            && !classifier.hasFlowRule(transaction) && InternalTransferMatcher.mayPair(transaction)
    }

    /// Pairs the statement rows of `rows` with their synced twins, where `rows` hold every row
    /// such a pair can reach (the keeper's reach of a change).
    mutating func pairTwins(among rows: some Sequence<ReportTransaction>) {
        let matched = StatementDuplicateMatcher.match(
            rows.filter { $0.status == .booked }.map {
                LedgerStore.SharedAccountTransaction(
                    id: $0.id, accountID: $0.accountID, time: $0.time, amount: $0.amount, indicator: $0.indicator)
            })
        for row in rows { twins[row.id] = matched[row.id] }
    }

    /// Pairs the internal transfers of `rows`, where `rows` hold every row such a pair can reach.
    mutating func pairTransfers(among rows: some Sequence<ReportTransaction>) {
        let matched = InternalTransferMatcher.match(rows.filter(isTransferCandidate))
        for row in rows { partners[row.id] = matched[row.id] }
    }

    /// The transaction's classification, with its pairs.
    mutating func classification(of transaction: ReportTransaction) -> Classification {
        classifier.classification(
            transaction, twin: twins[transaction.id], partner: partners[transaction.id], month: months.month(of: transaction))
    }
}
