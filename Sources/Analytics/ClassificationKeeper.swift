import Ledger
import LedgerStore

/// Keeps each transaction's stored classification equal to what `ClassificationPass` gives over
/// the whole ledger (README, "Stored classification"), inside the write transaction that changed
/// what it depends on; the spending summary follows the rows by its triggers. A change
/// reclassifies only what it can reach: the statement-twin and internal-transfer pairs within 3
/// days of the changed rows, chained as far as such pairs chain, which pairs them as the whole
/// ledger would. A rule change, a ledger never classified and an account whose zone changed get
/// everything classified again (rows whose classification did not change left as they are) and
/// the summary summed from scratch. Every store opened to write is given one.
public final class ClassificationKeeper: ClassificationKeeping {
    /// The writer's zone (`TZ`, else the system's; never `--tz`): recorded as the ledger's zone
    /// at its first write, and the zone of the accounts without one of their own until then.
    let base: ReportTimeZone
    /// Hears how far a classification of the whole ledger has come (meant for a terminal).
    public var progress: ((String) -> Void)?

    /// How many transactions a classification of the whole ledger (an import's, a sync's, `status
    /// --check`'s) reads at a time: each is held whole, with its texts, so 10,000 were 9 MB of an
    /// import's memory; fewer only costs a query.
    static let sliceSize = 2_000

    /// How many queued entries a change reclassifies from at a time (tests take fewer, to
    /// have pairs cross slices).
    var queueSliceSize = 1_000

    /// What inserts read of the ledger once: the rules, overrides and accounts as they are when
    /// the first row comes (forgotten when a write transaction begins, when the store writes
    /// something of them, and when it commits).
    private var insertContext: (classifier: Classifier, kinds: [String: AccountKind], months: LocalMonths, shared: Set<String>)?

    public init(base: ReportTimeZone) {
        self.base = base
    }

    /// A transaction about to be inserted is classified at once when nothing else in the ledger
    /// can change it nor it another's: when the matchers could pair it with nothing (no internal
    /// transfer can take it, and it is in no account where a statement row may repeat a synced
    /// one). Most of a sync's rows are such rows, and each is then written once, whole, and
    /// added to the summary by a trigger instead of queued, read back and updated.
    public func classification(inserting transaction: Transaction, in store: LedgerStore) -> Classification? {
        guard !transaction.isFromStatement else { return nil }
        if insertContext == nil {
            guard let classifier = try? Classifier(store), let accounts = try? ReportAccounts(store: store, base: base),
                let shared = try? store.sharedAccountIDs()
            else { return nil }
            let kinds = Dictionary(accounts.all.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
            insertContext = (classifier, kinds, LocalMonths(accounts), shared)
        }
        // Read in place: a copy of the context (its classifier's rules, every account's kind)
        // for each row cost more than the classification of the row.
        guard let kind = insertContext?.kinds[transaction.accountID], insertContext?.shared.contains(transaction.accountID) == false
        else { return nil }
        let row = ReportTransaction(transaction, accountName: "", accountKind: kind, statementCategory: nil)
        guard !InternalTransferMatcher.mayPair(row) else { return nil }
        let month = insertContext!.months.month(of: row)
        let classification = insertContext!.classifier.classification(row, twin: nil, partner: nil, month: month)
        // A split is summed by its parts, which the summary's triggers read as they come.
        return classification.categorySource == .split ? nil : classification
    }

    public func forgetWhatInsertsRead() {
        insertContext = nil
    }

    /// Brings the stored classification up to date; nothing for a ledger of an older schema.
    public func keep(_ store: LedgerStore) throws {
        // The next transaction's inserts read the rules, overrides and accounts as they are then.
        defer { insertContext = nil }
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
        var pass = try ClassificationPass(wholeLedger: store, classifier: Classifier(store), months: LocalMonths(accounts))
        progress?("classifying every transaction")
        var done = 0
        try Self.forEachTransaction(store) { transaction in
            let classification = pass.classification(of: transaction)
            if classification != transaction.stored { try store.saveClassification(classification, rowID: transaction.rowID) }
            done += 1
            if done % 100_000 == 0 { progress?("classifying every transaction: \(done) done") }
        }
        // The line of progress goes once the work is done.
        progress?("")
        try store.rebuildSpendingSummary()
        try store.finishClassification()
    }

    /// Every transaction of the ledger with what is stored of it, a slice at a time.
    static func forEachTransaction(_ store: LedgerStore, _ body: (ReportTransaction) throws -> Void) throws {
        var after: Int64 = 0
        while true {
            let slice = try store.classifiableTransactions(afterRowID: after, limit: sliceSize)
            guard let last = slice.last else { return }
            for transaction in slice { try body(transaction) }
            after = last.rowID
        }
    }

    // MARK: Checking

    /// What differs between the stored classification, summary and charge packs and the same
    /// made from scratch (months in the zones the ledger classified in), one sentence per
    /// finding: every transaction classified again by the pass, the summary summed again from
    /// the stored classification by the statement that sums it, and each pack packed again. A
    /// ledger whose classification waits to be built or redone has no classification nor
    /// summary to check (reports run the pass until then), only its packs.
    public func check(_ store: LedgerStore) throws -> [String] {
        // The packs follow the stored columns whatever the classification's state.
        let packs = try store.chargePackDifferences()
        let packFindings =
            packs.first.map {
                ["\(packs.count) charge packs that differ from a packing of their transactions made from scratch (first: \($0))"]
            } ?? []
        guard let status = try store.classificationStatus(), status.built, !status.rebuildNeeded, !status.queued else {
            return packFindings
        }
        let ledgerZone = try ReportAccounts.ledgerZone(store) ?? base
        var pass = try ClassificationPass(
            wholeLedger: store, classifier: Classifier(store),
            months: LocalMonths(zones: try store.classificationZones(), base: ledgerZone))
        var differing: [String] = []
        try Self.forEachTransaction(store) { transaction in
            if pass.classification(of: transaction) != transaction.stored { differing.append(transaction.id) }
        }
        var findings: [String] = []
        if !differing.isEmpty {
            findings.append(
                "\(differing.count) transactions whose stored classification differs from the money rules' "
                    + "(first: \(differing.sorted().prefix(3).joined(separator: ", ")))")
        }
        let summary = try store.spendingSummaryDifferences()
        if let first = summary.first {
            findings.append("\(summary.count) rows of the spending summary that differ from sums made from scratch (first: \(first))")
        }
        return findings + packFindings
    }

    // MARK: What a change reaches

    /// Reclassifies what the queue reaches, a slice of the queue at a time, so what is held
    /// does not grow with the rows a change touched. A pair's chain is whole in every slice
    /// that reaches it, and pairs never leave their chain, so each slice pairs as the whole
    /// ledger would.
    private func reclassifyQueued(_ store: LedgerStore, _ accounts: ReportAccounts) throws {
        let classifier = try Classifier(store)
        let shared = try store.sharedAccountIDs()
        let months = LocalMonths(accounts)
        func save(_ classification: Classification, _ transaction: ReportTransaction) throws {
            // The summary follows by its triggers.
            if classification != transaction.stored { try store.saveClassification(classification, rowID: transaction.rowID) }
        }

        // Statement rows and their synced twins, where statements were imported beside a sync,
        // all before any transfer: a transfer's chain may take in a row whose twin another
        // slice's chain changes, and must see that twin, which is then what is stored.
        try store.forEachQueuedSlice(accountIDs: shared, size: queueSliceSize) { queued in
            let reach = try statementReach(store, queued)
            var pass = ClassificationPass(
                classifier: classifier, months: months, partners: Self.stored(reach.values) { $0.transferPartner })
            pass.pairTwins(among: reach.values)
            for transaction in Self.inRowOrder(reach) { try save(pass.classification(of: transaction), transaction) }
        }

        try store.forEachQueuedSlice(size: queueSliceSize) { queued in
            var rows: [Int64: ReportTransaction] = [:]
            for transaction in try store.classifiableTransactions(rowIDs: queued.map(\.rowID)) { rows[transaction.rowID] = transaction }
            let duplicateReach = try statementReach(store, queued.filter { shared.contains($0.accountID) })

            // Internal transfers: every change that may pair, and every row whose twin may have changed.
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
            rows.merge(duplicateReach) { current, _ in current }
            rows.merge(transferReach) { current, _ in current }
            // Twins are as the first step stored them; a row outside every transfer reach keeps its partner.
            var pass = ClassificationPass(
                classifier: classifier, months: months, twins: Self.stored(rows.values) { $0.twin },
                partners: Self.stored(rows.values) { $0.transferPartner })
            pass.pairTransfers(among: transferReach.values)
            for transaction in Self.inRowOrder(rows) { try save(pass.classification(of: transaction), transaction) }
        }
        try store.finishClassification()
    }

    /// The rows by row ID: written in an order of their own, the same change leaves the same file
    /// (the order of a dictionary differs from one process to the next).
    private static func inRowOrder(_ rows: [Int64: ReportTransaction]) -> [ReportTransaction] {
        rows.keys.sorted().map { rows[$0]! }
    }

    /// What is stored of each row of `rows` that has it, by ID.
    private static func stored(_ rows: some Sequence<ReportTransaction>, _ value: (Classification) -> String?) -> [String: String] {
        var values: [String: String] = [:]
        for row in rows { if let stored = row.stored, let found = value(stored) { values[row.id] = found } }
        return values
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
