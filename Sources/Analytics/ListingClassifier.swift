import Ledger
import LedgerStore

/// The flow and category of each transaction of a listing (`transactions`, `export
/// transactions`), as every report classifies it: overrides, splits, rules, the built-in table,
/// and internal transfers matched among the booked transactions of the whole ledger.
public struct ListingClassifier {
    /// One row of a listing: the whole transaction, or one part of a split.
    public struct Line {
        /// Positive: the transaction's amount, or the part's.
        public let amount: Int64
        public let classification: Classification
        /// Whether reports count it (booked, and not excluded by the user); pending and
        /// authorized ones count only with --include-pending.
        public let counted: Bool
    }

    /// The statuses reports count by default.
    static let countedStatuses: [TransactionStatus] = [.booked]

    private let classifier: Classifier
    private let partners: [String: String]
    /// Statement rows that repeat a synced row, which reports do not count.
    private let duplicates: [String: String]
    private let kinds: [String: AccountKind]

    /// The ledger's stored classification is current: each record brings its own pairing.
    private let readsStored: Bool

    public init(_ store: LedgerStore, accounts: ReportAccounts) throws {
        let classifier = try Classifier(store)
        self.classifier = classifier
        kinds = Dictionary(accounts.all.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
        readsStored = try store.classificationStatus()?.isCurrent ?? false
        guard !readsStored else {
            duplicates = [:]
            partners = [:]
            return
        }
        let duplicates = try CountedTransactions.statementDuplicates(store, from: nil, until: nil, statuses: Self.countedStatuses)
        self.duplicates = duplicates
        partners = try CountedTransactions.transferPartners(
            store, from: nil, until: nil, statuses: Self.countedStatuses, classifier: classifier, duplicates: duplicates)
    }

    /// What the user set on the transaction, if anything.
    public func override(for record: TransactionRecord) -> TransactionOverride? {
        classifier.override(for: reportTransaction(record))
    }

    /// The rows a transaction is listed as: one, or one per part of its split, counted or not
    /// (an excluded split is listed by its parts too, so the rows always show the split).
    public func lines(_ record: TransactionRecord) -> [Line] {
        let transaction = reportTransaction(record)
        let counted: Bool
        let partner: String?
        if readsStored, let stored = record.stored {
            // Matched among the booked transactions of the whole ledger when it was stored.
            counted = stored.state == .counted
            partner = stored.transferPartner
        } else {
            counted =
                Self.countedStatuses.contains(transaction.status) && !classifier.isExcluded(transaction)
                && duplicates[transaction.id] == nil
            partner = counted && transaction.merchantCategoryCode == nil ? partners[transaction.id] : nil
        }
        return classifier.counted(transaction, transferPartner: partner).map { part, classification in
            Line(amount: part.amount, classification: classification, counted: counted)
        }
    }

    func reportTransaction(_ record: TransactionRecord) -> ReportTransaction {
        ReportTransaction(
            record.transaction, accountName: record.accountName, accountKind: kinds[record.transaction.accountID] ?? .asset,
            statementCategory: record.statementCategory)
    }
}
