import Ledger
import LedgerStore

/// How reports, listings, `explain` and `rules test` learn how each transaction counts: the
/// answer the ledger keeps, when it answers (current, with months in the zones the report reads
/// them in); else the keeper's own pass (`ClassificationPass`, paired over the whole ledger),
/// run as the rows are read. The answer is the same either way; only the time differs.
public struct ClassificationReader {
    /// Where the answer comes from.
    private enum Source {
        /// The stored classification, as it is.
        case stored
        /// The stored classification, with months in the report's zones (`--tz`).
        case storedInReportZones(LocalMonths)
        /// The pass, run here.
        case pass(ClassificationPass)
    }

    let classifier: Classifier
    private var source: Source
    /// Each account's kind, for the listings' rows.
    private let kinds: [String: AccountKind]
    /// Who a statement says each transaction is of, by ID: the imported row's `Purchased By`, and
    /// the same for the synced row that row repeats, which is the one that counts.
    private var statementPeople: [String: String] = [:]

    /// The reader of `accounts`' transactions (months in their zones). `classifier`: classify
    /// with these rules and overrides instead of the ledger's (a what-if), by the pass.
    public init(_ store: LedgerStore, accounts: ReportAccounts) throws {
        try self.init(store, accounts: accounts, classifier: nil)
    }

    init(_ store: LedgerStore, accounts: ReportAccounts, classifier: Classifier?) throws {
        self.classifier = try classifier ?? Classifier(store)
        kinds = Dictionary(accounts.all.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
        let months = LocalMonths(accounts)
        if classifier == nil, try store.classificationStatus()?.isCurrent == true {
            let stored = try store.classificationZones()
            let zonesMatch = ClassificationKeeper.zones(accounts).allSatisfy { stored[$0.key] == $0.value }
            source = zonesMatch ? .stored : .storedInReportZones(months)
        } else {
            source = .pass(try ClassificationPass(wholeLedger: store, classifier: self.classifier, months: months))
        }
        for row in try store.statementPeople() {
            statementPeople[row.id] = row.person
            let twin: String?
            if case .pass(let pass) = source { twin = pass.twins[row.id] } else { twin = row.storedTwin }
            if let twin, statementPeople[twin] == nil { statementPeople[twin] = row.person }
        }
    }

    /// Who the transaction is of: the one answer every report, listing and `explain` gives.
    public func person(of transaction: ReportTransaction) -> TransactionPerson? {
        classifier.person(of: transaction, statementPerson: statementPeople[transaction.id])
    }

    /// Who a listed transaction is of.
    public func person(of record: TransactionRecord) -> TransactionPerson? {
        person(of: reportTransaction(record))
    }

    /// Whether the ledger's stored states and flows are current (its months may still be
    /// another zone's): then SQL over the class columns answers as this reader would.
    var hasStoredStates: Bool {
        if case .pass = source { return false }
        return true
    }

    /// Whether the stored classification answers as it is: then the summary and the stored
    /// sums do too.
    var readsStored: Bool {
        if case .stored = source { return true }
        return false
    }

    /// The months of the report's zones when only they differ from what is stored (`--tz`).
    var movedMonths: LocalMonths? {
        if case .storedInReportZones(let months) = source { return months }
        return nil
    }

    /// The transaction's classification, with the merchant name a rule shows it under; `stored`
    /// is what the ledger keeps of it.
    mutating func classification(of transaction: ReportTransaction, stored: Classification?) throws -> Classification {
        var classification = try keptClassification(of: transaction, stored: stored)
        if renames { classification.merchant = classifier.renamingRule(for: transaction)?.rename }
        return classification
    }

    /// Whether a rule renames merchants.
    var renames: Bool { classifier.renames }

    /// Whether the stored counted charges (`LedgerStore.forEachCountedCharge`) answer for the
    /// scope as this reader would: the states are stored, no rule renames, no person is asked for.
    func answersFromStoredCharges(_ scope: ReportScope) -> Bool {
        hasStoredStates && !renames && scope.people.isEmpty
    }

    /// The merchant a report shows, groups and follows a transaction under: a rule's name for it,
    /// else its merchant name, else its description.
    static func merchant(_ transaction: ReportTransaction, _ classification: Classification) -> String {
        classification.merchant ?? transaction.merchantName ?? transaction.description
    }

    private mutating func keptClassification(of transaction: ReportTransaction, stored: Classification?) throws -> Classification {
        switch source {
        case .stored:
            guard let stored else { throw LedgerStoreError.unexpectedValue(column: "class_state", value: "") }
            return stored
        case .storedInReportZones(var months):
            // What is stored is current: only the month moves with the zone.
            guard var stored else { throw LedgerStoreError.unexpectedValue(column: "class_state", value: "") }
            // Taken out while it runs, so its months are not copied for every row.
            source = .stored
            stored.month = months.month(of: transaction)
            source = .storedInReportZones(months)
            return stored
        case .pass(var pass):
            // Taken out while it runs, so its months are not copied for every row.
            source = .stored
            defer { source = .pass(pass) }
            return pass.classification(of: transaction)
        }
    }

    mutating func classification(of transaction: ReportTransaction) throws -> Classification {
        try classification(of: transaction, stored: transaction.stored)
    }

    /// Streams `selection`'s transactions with their classifications. `needsText` false lets a
    /// report that groups by neither merchant nor description skip reading them when what
    /// classifies needs them neither.
    mutating func forEach(
        _ store: LedgerStore, _ selection: LedgerStore.ReportSelection, needsText: Bool = true,
        _ body: (ReportTransaction, Classification) throws -> Void
    ) throws {
        var selection = selection
        // A rename rule reads the merchant and the description.
        let needsText = needsText || renames
        switch source {
        case .stored:
            selection.includesText = needsText
            selection.readsStoredClassification = true
        case .storedInReportZones:
            selection.includesText = needsText
            selection.readsStoredClassification = true
        case .pass:
            // Pairs are found by ID.
            selection.includesText = true
        }
        // Reports that only sum do not care in which order transactions of the same second come.
        selection.tiesByID = needsText
        try store.forEachReportTransaction(selection) { transaction in
            try body(transaction, classification(of: transaction))
        }
    }

    /// The transactions a report counts, each with its flow and category (a split as its parts):
    /// booked ones, and pending ones with --include-pending. `excluded` hears of the scope's
    /// transactions the user excluded, `duplicate` of its statement rows that repeat a synced one.
    /// `--person` (`scope.people`) lets only its people's transactions through, to all three.
    /// `reader`: one the caller also asks (for people, tags), so the pass runs once.
    static func forEachCounted(
        _ store: LedgerStore, _ scope: ReportScope, reader: ClassificationReader? = nil, needsText: Bool = true,
        excluded: ((ReportTransaction, Classification) throws -> Void)? = nil,
        duplicate: ((ReportTransaction, Classification) throws -> Void)? = nil,
        _ body: (ReportTransaction, Classification) throws -> Void
    ) throws {
        var reader = try reader ?? ClassificationReader(store, accounts: scope.accounts)
        let classifier = reader.classifier
        let people = reader
        // A person is found by the transaction's ID, which only the text columns always carry.
        let needsText = needsText || !scope.people.isEmpty
        try reader.forEach(store, scope.selection(statuses: scope.statuses), needsText: needsText) { transaction, classification in
            guard scope.classifies(classification.month) else { return }
            guard scope.people.isEmpty || scope.admits(people.person(of: transaction)) else { return }
            switch classification.state {
            case .duplicate: try duplicate?(transaction, classification)
            case .excluded: try excluded?(transaction, classification)
            case .uncounted: break
            case .counted, .pending:
                guard classification.state.counts(includingPending: scope.includePending) else { return }
                for (part, classification) in classifier.parts(transaction, classification) { try body(part, classification) }
            }
        }
    }

    // MARK: Listings

    /// One row of a listing (`transactions`, `export transactions`): the whole transaction, or
    /// one part of a split.
    public struct Line {
        /// Positive: the transaction's amount, or the part's.
        public let amount: Int64
        public let classification: Classification
        /// Its tags: the ones you set and every matching rule's (`Classifier.tags`), as `--by tag`
        /// counts the line.
        public var tags: [String] = []
        /// Whether reports count it by default (booked, not excluded, not a statement row that
        /// repeats a synced one); pending ones count only with --include-pending.
        public var counted: Bool { classification.state == .counted }
    }

    /// The name a rename rule shows the transaction's merchant under, if one does.
    public func renamedMerchant(of record: TransactionRecord) -> String? {
        renames ? classifier.renamingRule(for: reportTransaction(record))?.rename : nil
    }

    /// What the user set on the transaction, if anything.
    public func override(for record: TransactionRecord) -> TransactionOverride? {
        classifier.override(for: reportTransaction(record))
    }

    /// The rows a transaction is listed as: one, or one per part of its split, counted or not
    /// (an excluded split is listed by its parts too, so the rows always show the split).
    public mutating func lines(_ record: TransactionRecord) throws -> [Line] {
        let transaction = reportTransaction(record)
        let classification = try classification(of: transaction, stored: record.stored)
        return classifier.parts(transaction, classification).map { part, classification in
            Line(amount: part.amount, classification: classification, tags: classifier.tags(of: part).sorted())
        }
    }

    /// How a listed transaction counts as a whole (the parts of a split count alike).
    mutating func classification(of record: TransactionRecord) throws -> Classification {
        try classification(of: reportTransaction(record), stored: record.stored)
    }

    private func reportTransaction(_ record: TransactionRecord) -> ReportTransaction {
        ReportTransaction(
            record.transaction, accountName: record.accountName, accountKind: kinds[record.transaction.accountID] ?? .asset,
            statementCategory: record.statementCategory)
    }
}
