import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Storage
import Sync
import Testing
import WalletExport

@testable import Analytics

/// A ledger fed a random history, keeping its classification and summary as the CLI does; its
/// reports are compared with those of a copy whose classification waits to be redone, which
/// reports answer by running the keeper's pass as they read.
private final class TwinLedgers {
    typealias F = ExportFixture
    static let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    static let base = ReportTimeZone(identifier: "UTC")!
    static let accounts = ["CHK", "SAV", "CARD", "TOKYO"]
    let folder: TemporaryFolder
    let export: ExportFixture
    let kept: LedgerStore
    let keeper: ClassificationKeeper
    var random: SeededRandom
    /// Each stream's next sequence, and the transactions each account's stream holds now.
    private var sequences: [String: Int] = [:]
    private(set) var live: [String: [String: String]] = [:]
    private var nextID = 0
    private var ruleIDs: [Int64] = []

    /// `queueSlice`: how many queued entries the keeper reclassifies from at a time.
    init(seed: UInt64, queueSlice: Int = 1_000) throws {
        random = SeededRandom(state: seed)
        let keeper = ClassificationKeeper(base: Self.base)
        keeper.queueSliceSize = queueSlice
        self.keeper = keeper
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        try export.writeManifest(
            """
            {"format":"wallet-export","version":1,"sourceID":"S1","sourceName":"Phone","exportedAt":"2026-11-01T08:00:00Z",\
            "accountTimeZones":{"TOKYO":"Asia/Tokyo"}}
            """)
        kept = try LedgerStore(path: folder.file("kept.sqlite"), mode: .create(keeper: keeper), now: Self.now)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("CHK", name: "Checking"), F.account("SAV", name: "Savings"),
                    F.account("CARD", kind: "liability", name: "Apple Card"), F.account("TOKYO", name: "Tokyo"),
                ]))
        try sync()
    }

    func sync() throws {
        let report = try SyncEngine(store: kept, now: Self.now).sync(WalletExportSource(path: export.path))
        if let failure = report.failures.first { throw failure }
    }

    func pick<T>(_ items: [T]) -> T { items[random.below(items.count)] }

    /// A random transaction: few amounts and days, so transfers pair, chain and re-pair.
    func transaction(_ id: String, account: String) -> String {
        let day = 25 + random.below(14)
        let date = String(format: "2026-%02d-%02dT%02d:30:00Z", day > 31 ? 11 : 10, day > 31 ? day - 31 : day, random.below(24))
        let mcc: Int? = random.below(3) == 0 ? pick([5411, 5812]) : nil
        return F.transaction(
            id, account: account, date: date, amount: pick(["10.00", "25.00", "500.00"]), indicator: pick(["debit", "credit"]),
            status: random.below(8) == 0 ? "pending" : "booked",
            type: pick(["pointOfSale", "billPayment", "deposit", "withdrawal", "transfer", "refund", "directDebit"]),
            mcc: mcc, merchant: mcc == nil ? nil : "Shop", description: "MOVE \(id)")
    }

    /// One change set on a random account: some new transactions, some changed, some deleted.
    func randomChangeSet() throws {
        let account = pick(Self.accounts)
        var rows = live[account] ?? [:]
        var inserted: [String] = []
        var updated: [String] = []
        var deleted: [String] = []
        for _ in 0..<(1 + random.below(6)) {
            nextID += 1
            let id = "T\(nextID)"
            let row = transaction(id, account: account)
            rows[id] = row
            inserted.append(row)
        }
        for id in rows.keys.sorted() where !inserted.contains(where: { $0.contains("\"\(id)\"") }) {
            switch random.below(6) {
            case 0:
                let row = transaction(id, account: account)
                rows[id] = row
                updated.append(row)
            case 1:
                rows[id] = nil
                deleted.append(id)
            default: break
            }
        }
        live[account] = rows
        let sequence = (sequences[account] ?? 0) + 1
        sequences[account] = sequence
        try export.append(
            "transactions/\(account)",
            F.changeSet("T", sequence, snapshot: sequence == 1, inserted: inserted, updated: updated, deleted: deleted))
        try sync()
    }

    /// The statement rows imported so far, by ID (all into CHK, which also syncs).
    private var statementRows: [String] = []

    /// A statement of CHK imported beside its sync: rows that may repeat synced ones (3 days,
    /// same direction and amount), some with a category, some rows of an earlier import gone.
    func randomStatementImport() throws {
        var transactions: [Transaction] = []
        var categories: [String: String] = [:]
        for _ in 0..<(1 + random.below(4)) {
            nextID += 1
            let id = Transaction.statementIDPrefix + "S\(nextID)"
            let day = 25 + random.below(14)
            let date = String(format: "2026-%02d-%02dT12:00:00Z", day > 31 ? 11 : 10, day > 31 ? day - 31 : day)
            transactions.append(
                Transaction(
                    id: id, accountID: "CHK", transactionDate: Timestamp(rfc3339: date)!,
                    transactionAmount: Money(units: pick([100_000, 250_000, 5_000_000]), currency: "USD"),
                    creditDebitIndicator: pick([.debit, .credit]), transactionDescription: "MOVE \(id)",
                    originalTransactionDescription: "MOVE \(id)", transactionType: pick([.pointOfSale, .billPayment, .deposit]),
                    status: .booked))
            if random.below(2) == 0 { categories[id] = "Groceries" }
        }
        let deleted = statementRows.filter { _ in random.below(4) == 0 }
        statementRows = statementRows.filter { !deleted.contains($0) } + transactions.map(\.id)
        _ = try StatementImporter(store: kept, now: Self.now).apply(
            creating: nil, zone: nil, accountID: "CHK", transactions: transactions, balances: [], categories: categories,
            deletedIDs: deleted, file: "statement-\(nextID).csv", sha256: "\(nextID)", format: "csv")
    }

    func randomRuleChange() throws {
        if !ruleIDs.isEmpty, random.below(2) == 0 {
            let id = ruleIDs.remove(at: random.below(ruleIDs.count))
            _ = try kept.transaction { try kept.removeRule(id: id) }
            return
        }
        let rule = pick([
            UserRule(description: "MOVE T\(1 + random.below(max(nextID, 1)))", flow: .transfer),
            UserRule(merchantCategoryCode: 5812, category: "Treats"),
            UserRule(type: .deposit, direction: .credit, flow: .income),
            UserRule(accountID: "SAV", flow: .expense),
        ])
        var id: Int64 = 0
        id = try kept.transaction { try kept.addRule(rule, now: Self.now) }
        ruleIDs.append(id)
    }

    func randomOverride() throws {
        guard !live.isEmpty, let rows = live[pick(live.keys.sorted())], !rows.isEmpty else { return }
        let id = pick(rows.keys.sorted())
        var override = TransactionOverride(transactionID: id)
        switch random.below(5) {
        case 0: override.isExcluded = true
        case 1: override.flow = pick([.expense, .income, .transfer])
        case 2: override.category = "Gifts"
        case 3:
            let amount = try kept.transactionAmount(id: id)?.amount ?? 100_000
            override.split = [.init(category: "Home", amount: amount - 10_000), .init(category: "Fun", amount: 10_000)]
        default: break
        }
        try kept.transaction { try kept.saveTransactionOverride(override, now: Self.now) }
    }

    /// Every spending grouping, every counted transaction's classification over the whole
    /// range, as a report sees them, and every line of the listing.
    func reports(_ store: LedgerStore) throws -> [String] {
        let accounts = try ReportAccounts(store: store, base: Self.base)
        let months = [YearMonth(year: 2026, month: 10), YearMonth(year: 2026, month: 11)]
        let scope = ReportScope(months: months[0]...months[1], accounts: accounts)
        var lines: [String] = []
        for grouping in [SpendingReport.Grouping.category, .mcc, .account, .month, .merchant] {
            let report = try SpendingAnalysis.report(store, scope: scope, months: months, grouping: grouping)
            lines += try report.rows.all.map {
                "\(grouping) \($0.period) \($0.key) \($0.category ?? "-") \($0.currency) \($0.spent) \($0.refunded) \($0.count)"
            }
        }
        // Recurring series and anomalies, which read only some columns of what is stored.
        let recurring = try RecurringAnalysis.report(store, scope: scope, first: months[0].firstDay, asOf: months[1].lastDay)
        lines += recurring.items.map {
            "recurring \($0.accountID) \($0.merchant) \($0.flow) \($0.cadence) \($0.typicalAmount) \($0.count) \($0.category) \($0.flags)"
        }
        for month in months {
            // The summary takes the months before from the ledger's sums, its own month row by row.
            let summary = try SummaryAnalysis.report(store, month: month, accounts: accounts, now: Self.now).report
            lines.append("summary \(month) \(summary.currencies)")
            // The month's rows come from the series' read, or past what it may hold, from a read of their own.
            for holding in [RecurringAnalysis.heldChargesLimit, 0] {
                let anomalies = try AnomalyAnalysis.report(
                    store, month: month, accounts: accounts, today: months[1].lastDay, seriesAsOf: months[1].lastDay, holding: holding)
                lines += anomalies.report.anomalies.map {
                    "anomaly \($0.kind) \($0.merchant) \($0.category) \($0.amount) \($0.transactionID)"
                }
            }
        }
        // The listing of `transactions` and `export transactions`, every row of the ledger.
        var listing = try ClassificationReader(store, accounts: accounts)
        try store.forEachTransaction(TransactionQuery()) { record in
            for line in try listing.lines(record) {
                lines.append(
                    "listed \(record.transaction.id) \(line.amount) \(line.classification.flow) \(line.classification.category) "
                        + "\(line.classification.reasonText) \(line.counted)")
            }
            return true
        }
        func excluded(_ transaction: ReportTransaction, _: Classification) { lines.append("excluded \(transaction.id)") }
        func duplicate(_ transaction: ReportTransaction, _ classification: Classification) {
            lines.append("duplicate \(transaction.id) \(classification.twin ?? "-")")
        }
        try ClassificationReader.forEachCounted(store, scope, excluded: excluded, duplicate: duplicate) { transaction, classification in
            lines.append(
                "\(transaction.id) \(transaction.amount) \(classification.flow) \(classification.category) \(classification.reasonText)")
        }
        return lines
    }

    /// A copy of the kept ledger whose classification waits to be redone, opened read-only:
    /// its reports run the keeper's pass as they read instead of reading what is stored.
    func unclassifiedCopy() throws -> LedgerStore {
        copies += 1
        let path = folder.file("copy-\(copies).sqlite")
        let source = try Connection(path: kept.path)
        try source.execute("VACUUM INTO '\(path)'")
        let copy = try Connection(path: path)
        try copy.execute("UPDATE classification_state SET rebuild_needed = 1")
        return try LedgerStore(path: path, mode: .readOnly, now: Self.now)
    }

    private var copies = 0
}

@Suite("Stored classification")
struct StoredClassificationTests {
    @Test(
        "random syncs, statement imports, rule changes, overrides and deletions: after each step the stored classification and summary equal a rebuild from scratch, and every report and listing equals the one that classifies as it goes, whether the queue is reclassified a thousand entries or one at a time",
        arguments: [1, 2, 3, 4] as [UInt64], [1_000, 1])
    func keptEqualsFromScratch(seed: UInt64, queueSlice: Int) throws {
        // A slice of one queued entry has every pair, chain and statement twin cross slices.
        let ledgers = try TwinLedgers(seed: seed, queueSlice: queueSlice)
        for step in 0..<30 {
            switch ledgers.random.below(12) {
            case 0, 1: try ledgers.randomRuleChange()
            case 2, 3: try ledgers.randomOverride()
            case 4, 5: try ledgers.randomStatementImport()
            default: try ledgers.randomChangeSet()
            }
            let status = try #require(try ledgers.kept.classificationStatus())
            #expect(status.isCurrent, "step \(step)")
            #expect(try ledgers.keeper.check(ledgers.kept) == [], "step \(step)")
            let copy = try ledgers.unclassifiedCopy()
            // The copy really takes the other path: nothing stored answers.
            #expect(try copy.classificationStatus()?.isCurrent == false)
            #expect(try ledgers.reports(ledgers.kept) == ledgers.reports(copy), "step \(step)")
        }
    }

    @Test("a transfer half that gains a merchant category code stops pairing: an expense again, its partner income")
    func aCodeEndsAPair() throws {
        typealias F = ExportFixture
        let ledgers = try TwinLedgers(seed: 1)
        func move(_ id: String, _ account: String, _ indicator: String, type: String, mcc: Int? = nil) -> String {
            F.transaction(
                id, account: account, date: "2026-10-10T12:00:00Z", amount: "500.00", indicator: indicator, type: type, mcc: mcc,
                merchant: nil, description: "MOVE \(id)")
        }
        try ledgers.export.append(
            "transactions/CHK", F.changeSet("T", 1, snapshot: true, inserted: [move("D1", "CHK", "debit", type: "billPayment")]))
        try ledgers.export.append(
            "transactions/SAV", F.changeSet("T", 1, snapshot: true, inserted: [move("C1", "SAV", "credit", type: "deposit")]))
        try ledgers.sync()
        func flows() throws -> [String: Flow] {
            let accounts = try ReportAccounts(store: ledgers.kept, base: TwinLedgers.base)
            let october = YearMonth(year: 2026, month: 10)
            var flows: [String: Flow] = [:]
            try ClassificationReader.forEachCounted(ledgers.kept, ReportScope(months: october...october, accounts: accounts)) {
                flows[$0.id] = $1.flow
            }
            return flows
        }
        #expect(try flows() == ["D1": .transfer, "C1": .transfer])
        // The row's stored partner no longer pairs once it has a code, though nothing re-pairs the row itself.
        try ledgers.export.append(
            "transactions/CHK", F.changeSet("T", 2, updated: [move("D1", "CHK", "debit", type: "billPayment", mcc: 5411)]))
        try ledgers.sync()
        #expect(try flows() == ["D1": .expense, "C1": .income])
        #expect(try ledgers.keeper.check(ledgers.kept) == [])
    }

    @Test("a row classified as it is inserted sees an account's kind changed earlier in the same write")
    func insertsSeeAccountsChangedBeforeThem() throws {
        let folder = try TemporaryFolder()
        let store = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: ClassificationKeeper(base: TwinLedgers.base)),
            now: TwinLedgers.now)
        func account(_ kind: AccountKind) -> Account {
            Account(id: "A", kind: kind, displayName: "Card", institutionName: "Apple", currencyCode: "USD")
        }
        func credit(_ id: String, mcc: Int?) -> Transaction {
            Transaction(
                id: id, accountID: "A", transactionDate: Timestamp(rfc3339: "2026-10-05T12:00:00Z")!,
                transactionAmount: Money(units: 100_000, currency: "USD"), creditDebitIndicator: .credit,
                transactionDescription: "CREDIT \(id)", originalTransactionDescription: "CREDIT \(id)", merchantCategoryCode: mcc,
                transactionType: .pointOfSale, status: .booked)
        }
        // The first write classifies everything; the next is kept row by row.
        let source = try store.transaction {
            try store.sourceRowID(kind: "wallet", externalID: "S", name: "Phone", location: nil, now: TwinLedgers.now)
        }
        // Three change sets in one transaction, as a sync writes them.
        try store.transaction {
            _ = try store.upsertAccount(account(.asset), sourceRowID: source)
            _ = try store.upsertTransaction(credit("T1", mcc: 5411))
            _ = try store.upsertAccount(account(.liability), sourceRowID: source)
            // No code and a purchase type: it pairs with nothing, so it is classified as it comes.
            _ = try store.upsertTransaction(credit("T2", mcc: nil))
        }
        let accounts = try ReportAccounts(store: store, base: TwinLedgers.base)
        let october = YearMonth(year: 2026, month: 10)
        var reasons: [String: ClassificationReason] = [:]
        try ClassificationReader.forEachCounted(store, ReportScope(months: october...october, accounts: accounts)) {
            reasons[$0.id] = $1.reason
        }
        #expect(reasons == ["T1": .merchantRefund, "T2": .cardPayment])
        #expect(try ClassificationKeeper(base: TwinLedgers.base).check(store) == [])
    }

    @Test("a stored classification that drifted is found by the check")
    func checkFindsDrift() throws {
        let ledgers = try TwinLedgers(seed: 9)
        for _ in 0..<5 { try ledgers.randomChangeSet() }
        #expect(try ledgers.keeper.check(ledgers.kept) == [])
        let id = try #require(ledgers.live.values.flatMap(\.keys).sorted().first)
        var override = TransactionOverride(transactionID: id)
        override.category = "Drifted"
        // Written past the keeper, as a bug or a hand edit would.
        let pastTheKeeper = try LedgerStore(path: ledgers.kept.path, mode: .writeExisting(keeper: UnkeptLedger()), now: TwinLedgers.now)
        try pastTheKeeper.transaction { try pastTheKeeper.saveTransactionOverride(override, now: TwinLedgers.now) }
        try pastTheKeeper.transaction { try pastTheKeeper.finishClassification() }
        let findings = try ledgers.keeper.check(ledgers.kept)
        #expect(findings.count >= 1)
        #expect(findings.first?.hasPrefix("1 transactions whose stored classification differs") == true)
    }

    @Test(
        "internal transfers matched a chain at a time pair exactly as matching every candidate of the ledger at once",
        arguments: [5, 6, 7] as [UInt64])
    func transfersByChainEqualAllAtOnce(seed: UInt64) throws {
        let ledgers = try TwinLedgers(seed: seed)
        for _ in 0..<60 { try ledgers.randomChangeSet() }
        let store = ledgers.kept
        let classifier = try Classifier(store)
        let pass = try ClassificationPass(
            wholeLedger: store, classifier: classifier, months: LocalMonths(zones: [:], base: TwinLedgers.base))
        var selection = LedgerStore.ReportSelection(from: nil, until: nil, statuses: ClassificationPass.pairingStatuses)
        selection.transferCandidateTypes = InternalTransferMatcher.candidateTypes
        var candidates: [ReportTransaction] = []
        try store.forEachReportTransaction(selection) { if pass.isTransferCandidate($0) { candidates.append($0) } }
        let atOnce = InternalTransferMatcher.match(candidates)
        // Enough pairs that chains and re-pairing are exercised.
        #expect(atOnce.count >= 10)
        #expect(pass.partners == atOnce)
    }
}
