import Ledger
import LedgerStore

/// Keeps each transaction's stored classification equal to what the money rules give (README,
/// "Stored classification"), inside the write transaction that changed what it depends on
/// (`LedgerStore.beforeCommit`); the spending summary follows the rows by its triggers. A
/// change reclassifies only what it can reach: the internal-transfer and statement-duplicate
/// pairs within 3 days of the changed rows, chained as far as such pairs chain. A rule change, a ledger never classified and an
/// account whose zone changed get everything classified again (rows whose classification did
/// not change left as they are) and the summary summed from scratch.
public struct ClassificationKeeper {
    /// The writer's zone (`TZ`, else the system's; never `--tz`): recorded as the ledger's zone
    /// at its first write, and the zone of the accounts without one of their own until then.
    let base: ReportTimeZone
    /// Hears how far a classification of the whole ledger has come (meant for a terminal).
    public var progress: ((String) -> Void)?

    /// How many transactions a classification of the whole ledger reads at a time.
    static let sliceSize = 10_000

    /// Classifies the rows a sync inserts that need nothing else of the ledger.
    private let insertClassifier: InsertClassifier

    public init(base: ReportTimeZone) {
        self.base = base
        insertClassifier = InsertClassifier(base: base)
    }

    /// Makes every write transaction of `store` keep its classification (`beforeCommit`), and
    /// its inserts write rows classified when they can (`classifyOnInsert`).
    public func install(on store: LedgerStore) {
        let keeper = self
        store.beforeCommit = { try keeper.keep($0) }
        store.classifyOnInsert = { [unowned store] transaction in keeper.insertClassifier.classify(transaction, in: store) }
    }

    /// Brings the stored classification up to date; nothing for a ledger of an older schema.
    public func keep(_ store: LedgerStore) throws {
        // The next transaction's inserts read the rules, overrides and accounts as they are then.
        defer { insertClassifier.reset() }
        guard let status = try store.classificationStatus() else { return }
        // The first writer's zone becomes the ledger's, once: a writer under another `TZ` later
        // keeps the same months instead of classifying everything again.
        try store.recordSetting(.timeZone, ifNone: base.identifier)
        let accounts = try ReportAccounts(store: store, base: base)
        let zones = Self.zones(accounts)
        let storedZones = try store.classificationZones()
        let zoneMoved = storedZones.contains { account, zone in zones[account].map { $0 != zone } ?? false }
        if !status.built || status.rebuildNeeded || zoneMoved {
            try reclassifyAll(store, accounts)
        } else if status.queued {
            try reclassifyQueued(store, accounts)
        } else if storedZones == zones {
            return
        }
        try store.saveClassificationZones(storedZones.merging(zones) { _, new in new })
    }

    /// The zone of each account's days, by name.
    static func zones(_ accounts: ReportAccounts) -> [String: String] {
        Dictionary(accounts.all.map { ($0.id, accounts.zone(of: $0.id).identifier) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Everything

    private func reclassifyAll(_ store: LedgerStore, _ accounts: ReportAccounts) throws {
        try store.beginClassificationRebuild()
        var pass = try WholeLedgerPass(store, months: LocalMonths(accounts))
        progress?("classifying every transaction")
        var done = 0
        try pass.run { transaction, classification in
            if classification != transaction.stored { try store.saveClassification(classification, rowID: transaction.rowID) }
            done += 1
            if done % 100_000 == 0 { progress?("classifying every transaction: \(done) done") }
        }
        // The line of progress goes once the work is done.
        progress?("")
        try store.rebuildSpendingSummary()
        try store.finishClassification()
    }

    /// The classification of every transaction of the ledger, from scratch.
    struct WholeLedgerPass {
        let store: LedgerStore
        let classifier: Classifier
        let duplicates: [String: String]
        let partners: [String: String]
        var months: LocalMonths

        init(_ store: LedgerStore, months: LocalMonths) throws {
            self.store = store
            classifier = try Classifier(store)
            duplicates = try CountedTransactions.statementDuplicates(store, from: nil, until: nil, statuses: [.booked])
            partners = try CountedTransactions.transferPartners(
                store, from: nil, until: nil, statuses: [.booked], classifier: classifier, duplicates: duplicates)
            self.months = months
        }

        mutating func run(_ body: (ReportTransaction, StoredClassification) throws -> Void) throws {
            var after: Int64 = 0
            while true {
                let slice = try store.classifiableTransactions(afterRowID: after, limit: ClassificationKeeper.sliceSize)
                guard let last = slice.last else { return }
                for transaction in slice {
                    let partner = transaction.merchantCategoryCode == nil ? partners[transaction.id] : nil
                    try body(
                        transaction,
                        classifier.stored(
                            transaction, twin: duplicates[transaction.id], transferPartner: partner,
                            month: months.month(of: transaction)))
                }
                after = last.rowID
            }
        }
    }

    // MARK: Checking

    /// What differs between the stored classification and summary and the same made from
    /// scratch (months in the zones the ledger classified in), one sentence per finding. A
    /// ledger whose classification waits to be built or redone has nothing stored to check:
    /// reports classify as they go until then.
    public func check(_ store: LedgerStore) throws -> [String] {
        guard let status = try store.classificationStatus(), status.built, !status.rebuildNeeded, !status.queued else { return [] }
        let ledgerZone = try ReportAccounts.ledgerZone(store) ?? base
        var pass = try WholeLedgerPass(store, months: LocalMonths(zones: try store.classificationZones(), base: ledgerZone))
        let overrides = try store.transactionOverrides()
        struct Key: Hashable, Comparable {
            let month: YearMonth
            let accountID: String
            let category: String
            let code: Int
            let currency: String

            static func < (left: Key, right: Key) -> Bool {
                (left.month, left.accountID, left.category, left.code, left.currency)
                    < (right.month, right.accountID, right.category, right.code, right.currency)
            }
        }
        // Summed as the summary sums, exactly: a total past 64 bits is checked like any other.
        var expected: [Key: (spent: SpendingSum, refunded: SpendingSum, count: Int)] = [:]
        var differing: [String] = []
        try pass.run { transaction, classification in
            if classification != transaction.stored { differing.append(transaction.id) }
            guard classification.state == .counted, classification.flow == "expense" || classification.flow == "refund" else { return }
            let parts =
                classification.categorySource == "split"
                ? (overrides[transaction.id]?.split ?? []).map { ($0.category, $0.amount) }
                : [(classification.category, transaction.amount)]
            for (category, amount) in parts {
                let key = Key(
                    month: classification.month, accountID: transaction.accountID, category: category,
                    code: transaction.merchantCategoryCode ?? -1, currency: transaction.currency)
                var sums = expected[key] ?? (SpendingSum(), SpendingSum(), 0)
                if classification.flow == "expense" { sums.spent.add(amount) } else { sums.refunded.add(amount) }
                sums.count += 1
                expected[key] = sums
            }
        }
        var findings: [String] = []
        if !differing.isEmpty {
            findings.append(
                "\(differing.count) transactions whose stored classification differs from the money rules' "
                    + "(first: \(differing.sorted().prefix(3).joined(separator: ", ")))")
        }
        var stored: [Key: (spent: SpendingSum, refunded: SpendingSum, count: Int)] = [:]
        for row in try store.spendingSummary() {
            let key = Key(
                month: row.month, accountID: row.accountID, category: row.category, code: row.merchantCategoryCode ?? -1,
                currency: row.currency)
            stored[key] = (row.spentSum, row.refundedSum, row.count)
        }
        let wrong = Set(expected.keys).union(stored.keys).filter { key in
            guard let have = stored[key], let want = expected[key] else { return true }
            return have != want
        }
        if let first = wrong.min() {
            findings.append(
                "\(wrong.count) rows of the spending summary that differ from sums made from scratch "
                    + "(first: \(first.month) \(first.accountID) \(first.category) \(first.currency))")
        }
        return findings
    }

    // MARK: What a change reaches

    /// How many queued entries a change reclassifies from at a time (tests take fewer, to
    /// have pairs cross slices).
    var queueSliceSize = 1_000

    /// Reclassifies what the queue reaches, a slice of the queue at a time, so what is held
    /// does not grow with the rows a change touched. A pair's chain is whole in every slice
    /// that reaches it, and pairs never leave their chain, so each slice pairs as the whole
    /// queue at once would.
    private func reclassifyQueued(_ store: LedgerStore, _ accounts: ReportAccounts) throws {
        let classifier = try Classifier(store)
        let shared = try store.sharedAccountIDs()
        var months = LocalMonths(accounts)

        // Statement rows and their synced twins, where statements were imported beside a sync,
        // all before any transfer: a transfer's chain may take in a row whose twin another
        // slice's chain changes, and must see that twin, which is then what is stored.
        try store.forEachQueuedSlice(accountIDs: shared, size: queueSliceSize) { queued in
            let reach = try statementReach(store, queued)
            let twins = Self.twins(reach)
            for transaction in reach.values {
                let partner = transaction.merchantCategoryCode == nil ? transaction.stored?.transferPartner : nil
                let classification = classifier.stored(
                    transaction, twin: twins[transaction.id], transferPartner: partner, month: months.month(of: transaction))
                if classification != transaction.stored { try store.saveClassification(classification, rowID: transaction.rowID) }
            }
        }
        func twin(_ transaction: ReportTransaction) -> String? {
            transaction.stored?.state == .duplicate ? transaction.stored?.partnerID : nil
        }

        try store.forEachQueuedSlice(size: queueSliceSize) { queued in
            var rows: [Int64: ReportTransaction] = [:]
            for transaction in try store.classifiableTransactions(rowIDs: queued.map(\.rowID)) { rows[transaction.rowID] = transaction }
            let duplicateReach = try statementReach(store, queued.filter { shared.contains($0.accountID) })

            // Internal transfers: every change without an MCC, and every row whose twin may have changed.
            var transferReach: [Int64: ReportTransaction] = [:]
            var transferSeeds = Reach()
            let seeds =
                queued.filter { $0.merchantCategoryCode == nil }.map { ($0.currency, $0.amount, $0.time) }
                + duplicateReach.values.filter { $0.merchantCategoryCode == nil }.map { ($0.currency, $0.amount, $0.time) }
            for (currency, amount, time) in seeds {
                let key = "\(currency) \(amount)"
                guard !transferSeeds.covers(key, time) else { continue }
                let reach = try store.transferReach(
                    currency: currency, amount: amount, around: time, gap: InternalTransferMatcher.maximumGap)
                transferSeeds.add(key, reach)
                for transaction in reach { transferReach[transaction.rowID] = transaction }
            }
            let partners = InternalTransferMatcher.match(
                transferReach.values.filter { $0.status == .booked && twin($0) == nil && !classifier.hasFlowRule($0) })
            func partner(_ transaction: ReportTransaction) -> String? {
                guard transaction.merchantCategoryCode == nil else { return nil }
                if transferReach[transaction.rowID] != nil { return partners[transaction.id] }
                return transaction.stored?.transferPartner
            }

            rows.merge(duplicateReach) { current, _ in current }
            rows.merge(transferReach) { current, _ in current }
            for transaction in rows.values {
                let classification = classifier.stored(
                    transaction, twin: twin(transaction), transferPartner: partner(transaction), month: months.month(of: transaction))
                // The summary follows by its triggers.
                if classification != transaction.stored { try store.saveClassification(classification, rowID: transaction.rowID) }
            }
        }
        try store.finishClassification()
    }

    /// The rows of every chain of statement rows and synced twins that `queued` reaches.
    private func statementReach(_ store: LedgerStore, _ queued: [LedgerStore.QueuedTransaction]) throws -> [Int64: ReportTransaction] {
        var duplicateReach: [Int64: ReportTransaction] = [:]
        var statementSeeds = Reach()
        for entry in queued {
            let key = "\(entry.accountID) \(entry.indicator.rawValue) \(entry.amount)"
            guard !statementSeeds.covers(key, entry.time) else { continue }
            let reach = try store.statementReach(
                accountID: entry.accountID, indicator: entry.indicator, amount: entry.amount, around: entry.time,
                gap: StatementDuplicateMatcher.maximumGap)
            statementSeeds.add(key, reach)
            for transaction in reach { duplicateReach[transaction.rowID] = transaction }
        }
        return duplicateReach
    }

    /// The synced twin of each booked statement row of `reach` that has one.
    private static func twins(_ reach: [Int64: ReportTransaction]) -> [String: String] {
        StatementDuplicateMatcher.match(
            reach.values.filter { $0.status == .booked }.map {
                LedgerStore.SharedAccountTransaction(
                    id: $0.id, accountID: $0.accountID, time: $0.time, amount: $0.amount, indicator: $0.indicator)
            })
    }

    /// The chains already read, per key: a seed inside one of them reaches nothing new.
    struct Reach {
        private var spans: [String: [ClosedRange<Int64>]] = [:]

        func covers(_ key: String, _ time: Int64) -> Bool {
            spans[key]?.contains { $0.contains(time) } ?? false
        }

        mutating func add(_ key: String, _ chain: [ReportTransaction]) {
            guard let first = chain.map(\.time).min(), let last = chain.map(\.time).max() else { return }
            spans[key, default: []].append(first...last)
        }
    }
}
