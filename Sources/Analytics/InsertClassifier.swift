import Ledger
import LedgerStore

/// Classifies a transaction before the ledger stores it, when nothing else in the ledger can
/// change how it is classified, nor it another's: a synced row with a merchant category code is
/// never half of an internal transfer, and, in an account no statement was imported into, never
/// a statement row's twin. Most of a sync's rows are such rows, and each is then written once,
/// whole, and added to the summary by a trigger, instead of queued, read back and updated. It
/// reads the rules, overrides and accounts afresh in every write transaction
/// (`ClassificationKeeper.keep` resets it), so what it knows is what the transaction sees;
/// `purse status --check` compares its rows with the rules like all others.
final class InsertClassifier {
    private let base: ReportTimeZone
    private var loaded: (classifier: Classifier, kinds: [String: AccountKind], months: LocalMonths, shared: Set<String>)?

    init(base: ReportTimeZone) {
        self.base = base
    }

    /// Forgets what it read of the ledger: the next transaction reads the rules, overrides and
    /// accounts again.
    func reset() {
        loaded = nil
    }

    func classify(_ transaction: Transaction, in store: LedgerStore) -> StoredClassification? {
        guard transaction.merchantCategoryCode != nil, !transaction.isFromStatement else { return nil }
        if loaded == nil {
            guard let classifier = try? Classifier(store), let accounts = try? ReportAccounts(store: store, base: base),
                let shared = try? store.sharedAccountIDs()
            else { return nil }
            let kinds = Dictionary(accounts.all.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
            loaded = (classifier, kinds, LocalMonths(accounts), shared)
        }
        // Where statements were imported beside a sync, a new synced row may be a statement row's twin.
        guard let kind = loaded?.kinds[transaction.accountID], loaded?.shared.contains(transaction.accountID) == false else {
            return nil
        }
        let row = ReportTransaction(transaction, accountName: "", accountKind: kind, statementCategory: nil)
        guard let month = loaded?.months.month(of: row),
            let classification = loaded?.classifier.stored(row, twin: nil, transferPartner: nil, month: month),
            // A split is summed by its parts, which the keeper reads from the overrides.
            classification.categorySource != "split"
        else { return nil }
        return classification
    }
}
