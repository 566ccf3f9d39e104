import Foundation
import Ledger
import PurseTestSupport
import Storage
import Testing

@testable import LedgerStore

/// A ledger in a fresh temporary folder, removed when released.
private final class TestLedger {
    let folder: URL
    let store: LedgerStore
    let now = Timestamp.utc(epochSeconds: 1_793_520_000)

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("LedgerStoreTests-\(UUID().uuidString)", isDirectory: true)
        // The store creates its missing folder itself.
        store = try LedgerStore(
            path: folder.appendingPathComponent("data/ledger.sqlite").path, mode: .create(keeper: UnkeptLedger()), now: now)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func source(_ externalID: String, name: String = "Ana's iPhone") throws -> Int64 {
        try store.sourceRowID(kind: "wallet-export", externalID: externalID, name: name, location: "/exports/" + externalID, now: now)
    }

    func count(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int64 {
        try store.connection.scalarInt(sql, bindings) ?? -1
    }

    func streams() throws -> [String] {
        let statement = try store.connection.prepare("SELECT source_id || ':' || name FROM streams ORDER BY source_id, name")
        var names: [String] = []
        while try statement.step() { names.append(statement.text(0)) }
        return names
    }
}

private enum Sample {
    static let checking = "A1111111-1111-4111-8111-111111111111"
    static let card = "B2222222-2222-4222-8222-222222222222"

    static func date(_ text: String) -> Timestamp {
        Timestamp(rfc3339: text)!
    }

    static func account(
        _ id: String = checking, name: String = "Checking", kind: AccountKind = .asset,
        creditLimit: Int64? = nil
    ) -> Account {
        Account(
            id: id, kind: kind, displayName: name, institutionName: "Apple", currencyCode: "USD",
            openingDate: date("2021-03-04T00:00:00Z"),
            creditInformation: kind == .liability
                ? CreditInformation(creditLimit: creditLimit.map { Money(units: $0, currency: "USD") }) : nil)
    }

    static func balance(
        _ id: String, account: String = checking, units: Int64 = 1_000_000,
        asOf: String = "2026-10-31T23:00:00Z"
    ) -> AccountBalance {
        AccountBalance(
            id: id, accountID: account, currencyCode: "USD", available: nil,
            booked: Balance(
                amount: Money(units: units, currency: "USD"), asOfDate: date(asOf),
                creditDebitIndicator: .credit))!
    }

    static func transaction(
        _ id: String, account: String = checking, units: Int64 = 542_000,
        status: TransactionStatus = .booked
    ) -> Transaction {
        Transaction(
            id: id, accountID: account, transactionDate: date("2026-10-03T12:34:56-04:00"),
            transactionAmount: Money(units: units, currency: "USD"), creditDebitIndicator: .debit,
            transactionDescription: "WHOLE FOODS", originalTransactionDescription: "WHOLEFDS BRK 10234",
            merchantCategoryCode: 5411, merchantName: "Whole Foods Market", transactionType: .pointOfSale,
            status: status)
    }
}

@Suite struct LedgerStoreTests {
    @Test func opensCreatesItsFolderAndMigrates() throws {
        let ledger = try TestLedger()
        #expect(FileManager.default.fileExists(atPath: ledger.store.path))
        #expect(try ledger.store.schemaVersion == LedgerSchema.latestVersion)
        // Opening again is a no-op for the schema.
        let again = try LedgerStore(path: ledger.store.path, mode: .create(keeper: UnkeptLedger()), now: ledger.now)
        #expect(try again.schemaVersion == LedgerSchema.latestVersion)
    }

    /// Migration 6 builds the accounts table anew without its CHECK on kind: an older database
    /// keeps every account with its balances and transactions, and deleting still cascades.
    @Test func aVersion5DatabaseKeepsItsRowsAndTakesAccountKindsPurseDoesNotKnow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("LedgerStoreTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ledger.sqlite").path
        let now = Timestamp.utc(epochSeconds: 1_793_520_000)
        do {
            let old = try Connection(path: path)
            #expect(try Migrator.migrate(old, Array(LedgerSchema.migrations.prefix(5)), now: now.text) == 5)
            try old.execute(
                """
                INSERT INTO sources (id, kind, external_id, name, created_at) VALUES (1, 'wallet-export', 'S', 'Ana', 'then');
                INSERT INTO accounts (id, source_id, kind, display_name, institution_name, currency, opening_date,
                    credit_limit, credit_limit_currency)
                VALUES ('\(Sample.card)', 1, 'liability', 'Card', 'Apple', 'USD', '2021-03-04T00:00:00Z', 5000000, 'USD');
                INSERT INTO balances (id, account_id, currency, booked_amount, booked_currency, booked_as_of, booked_indicator,
                    observed_time, observed_signed)
                VALUES ('B1', '\(Sample.card)', 'USD', 100, 'USD', '2026-10-31T23:00:00Z', 'debit', 1793487600, -100);
                INSERT INTO transactions (id, account_id, transaction_date, transaction_time, amount, currency, credit_debit,
                    signed_amount, description, original_description, type, status)
                VALUES ('T1', '\(Sample.card)', '2026-10-03T12:34:56-04:00', 1791045296, 542000, 'USD', 'debit', -542000,
                    'WHOLE FOODS', 'WHOLEFDS', 'pointOfSale', 'booked');
                """)
            // The old schema refuses a kind it does not list.
            #expect(throws: StorageError.self) {
                try old.execute(
                    "INSERT INTO accounts (id, source_id, kind, display_name, institution_name, currency) VALUES ('X', 1, 'brokerage', 'X', 'I', 'USD')"
                )
            }
        }
        let store = try LedgerStore(path: path, mode: .create(keeper: UnkeptLedger()), now: now)

        #expect(try store.schemaVersion == LedgerSchema.latestVersion)
        #expect(try store.counts() == (accounts: 1, balances: 1, transactions: 1))
        let card = try #require(try store.accountSummaries().first?.account)
        #expect(card == Sample.account(Sample.card, name: "Card", kind: .liability, creditLimit: 5_000_000))
        let source = try store.sourceRowID(kind: "wallet-export", externalID: "S", name: "Ana", location: nil, now: now)
        #expect(try store.upsertAccount(Sample.account(kind: .unrecognized("brokerage")), sourceRowID: source) == .inserted)
        #expect(try store.accountSummaries().map(\.account.kind) == [.liability, .unrecognized("brokerage")])
        #expect(try store.check().isEmpty)
        #expect(try store.deleteAccount(id: Sample.card, sourceRowID: source))
        #expect(try store.counts() == (accounts: 1, balances: 0, transactions: 0))
    }

    @Test func aSourceIsCreatedOnceAndRenamedInPlace() throws {
        let ledger = try TestLedger()
        let first = try ledger.source("S1")
        #expect(try ledger.source("S1") == first)
        #expect(try ledger.source("S1", name: "Ana's new iPhone") == first)
        #expect(try ledger.source("S2") != first)
        #expect(try ledger.store.sourceStatuses().map(\.name) == ["Ana's new iPhone", "Ana's iPhone"])
    }

    // MARK: - Upsert outcomes

    @Test func accountUpsertsReportInsertedUpdatedAndUnchanged() throws {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        let store = ledger.store

        #expect(try store.upsertAccount(Sample.account(), sourceRowID: source) == .inserted)
        #expect(try store.upsertAccount(Sample.account(), sourceRowID: source) == .unchanged)
        #expect(try store.upsertAccount(Sample.account(name: "Everyday"), sourceRowID: source) == .updated)
        #expect(try store.upsertAccount(Sample.account(name: "Everyday"), sourceRowID: source) == .unchanged)

        let card = Sample.account(Sample.card, name: "Card", kind: .liability, creditLimit: 50_000_000)
        #expect(try store.upsertAccount(card, sourceRowID: source) == .inserted)
        let raised = Sample.account(Sample.card, name: "Card", kind: .liability, creditLimit: 60_000_000)
        #expect(try store.upsertAccount(raised, sourceRowID: source) == .updated)
        #expect(try store.upsertAccount(raised, sourceRowID: source) == .unchanged)

        let summaries = try store.accountSummaries()
        #expect(
            try store.ledgerAccounts().map { [$0.id, $0.displayName, $0.sourceName] }
                == summaries.map { [$0.account.id, $0.account.displayName, $0.sourceName] })
        #expect(summaries.map(\.account.displayName) == ["Card", "Everyday"])
        #expect(summaries.first?.account.creditInformation?.creditLimit == Money(units: 60_000_000, currency: "USD"))
    }

    @Test func balanceUpsertsReportInsertedUpdatedAndUnchanged() throws {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        let store = ledger.store
        _ = try store.upsertAccount(Sample.account(), sourceRowID: source)

        #expect(try store.upsertBalance(Sample.balance("BAL-1")) == .inserted)
        #expect(try store.upsertBalance(Sample.balance("BAL-1")) == .unchanged)
        #expect(try store.upsertBalance(Sample.balance("BAL-1", units: 1_200_000)) == .updated)
        #expect(try store.upsertBalance(Sample.balance("BAL-1", units: 1_200_000)) == .unchanged)
        #expect(try store.upsertBalance(Sample.balance("BAL-2", units: 1_500_000, asOf: "2026-11-01T23:00:00Z")) == .inserted)

        #expect(try ledger.count("SELECT count(*) FROM balances") == 2)
        #expect(try store.accountSummaries().first?.latestBalance == Money(units: 1_500_000, currency: "USD"))
    }

    @Test func transactionUpsertsReportInsertedUpdatedAndUnchangedAndKeepTheRow() throws {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        let store = ledger.store
        _ = try store.upsertAccount(Sample.account(), sourceRowID: source)

        #expect(try store.upsertTransaction(Sample.transaction("T-1", status: .pending)) == .inserted)
        let rowID = try ledger.count("SELECT row_id FROM transactions WHERE id = 'T-1'")
        #expect(try store.upsertTransaction(Sample.transaction("T-1", status: .pending)) == .unchanged)
        #expect(try store.upsertTransaction(Sample.transaction("T-1", status: .booked)) == .updated)
        #expect(try store.upsertTransaction(Sample.transaction("T-1", status: .booked)) == .unchanged)
        #expect(try store.upsertTransaction(Sample.transaction("T-1", units: 600_000)) == .updated)

        #expect(try ledger.count("SELECT row_id FROM transactions WHERE id = 'T-1'") == rowID)
        var found: [Transaction] = []
        try store.forEachTransaction(TransactionQuery()) {
            found.append($0.transaction); return true
        }
        #expect(found == [Sample.transaction("T-1", units: 600_000)])
        #expect(try ledger.count("SELECT signed_amount FROM transactions WHERE id = 'T-1'") == -600_000)
    }

    @Test func batchInsertsTakeAPowerOfTwoOfTheRowsLeftUpToSixtyFour() {
        let sizes = [0, 1, 2, 3, 7, 8, 63, 64, 65, 213].map { LedgerStore.insertBatchSize(remaining: $0) }
        #expect(sizes == [0, 1, 2, 2, 4, 8, 32, 64, 64, 64])
    }

    @Test func aBatchInsertStoresOnlyWhatIsNewAndSaysWhichAndOnAnErrorStoresNothing() throws {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        let store = ledger.store
        _ = try store.upsertAccount(Sample.account(), sourceRowID: source)
        _ = try store.upsertTransaction(Sample.transaction("T-1"))

        // Stored already; new; new; new again (the first of its ID went in); new.
        let batch = [
            Sample.transaction("T-1", units: 1), Sample.transaction("T-2"), Sample.transaction("T-3"),
            Sample.transaction("T-2", units: 2), Sample.transaction("T-4"),
        ]
        #expect(try store.insertTransactions(batch[...]) == [false, true, true, false, true])
        #expect(try ledger.count("SELECT count(*) FROM transactions") == 4)
        #expect(try ledger.count("SELECT amount FROM transactions WHERE id = 'T-1'") == Sample.transaction("T-1").transactionAmount.units)
        #expect(try ledger.count("SELECT amount FROM transactions WHERE id = 'T-2'") == Sample.transaction("T-2").transactionAmount.units)

        // A row of an account the ledger lacks fails the statement: none of its rows stays.
        let failing = [Sample.transaction("T-5"), Sample.transaction("T-6", account: "NO-SUCH-ACCOUNT")]
        #expect(throws: (any Error).self) { try store.insertTransactions(failing[...]) }
        #expect(try ledger.count("SELECT count(*) FROM transactions") == 4)
        // The statement is ready again after the failure.
        #expect(try store.insertTransactions([Sample.transaction("T-5"), Sample.transaction("T-6")][...]) == [true, true])
        // A composed and a decomposed É are one string to Swift, two IDs to SQLite: both new.
        let spellings = [Sample.transaction("T-\u{C9}"), Sample.transaction("T-E\u{301}")]
        #expect(try store.insertTransactions(spellings[...]) == [true, true])
        #expect(try store.insertTransactions(spellings[...]) == [false, false])
        #expect(try ledger.count("SELECT count(*) FROM transactions") == 8)
    }

    static let savings = "C3333333-3333-4333-8333-333333333333"
    static let start: Int64 = 1_790_000_000

    /// Three accounts with a transaction every six hours over ten days from `start`, in turn on each.
    private func threeAccountLedger() throws -> TestLedger {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        for (id, name) in [(Sample.checking, "Checking"), (Sample.card, "Card"), (Self.savings, "Savings")] {
            _ = try ledger.store.upsertAccount(Sample.account(id, name: name), sourceRowID: source)
        }
        for index in 0..<40 {
            var transaction = Sample.transaction("T-\(index)", account: [Sample.checking, Sample.card, Self.savings][index % 3])
            transaction.transactionDate = Timestamp.utc(epochSeconds: Self.start + Int64(index) * 21_600)
            _ = try ledger.store.upsertTransaction(transaction)
        }
        return ledger
    }

    @Test(
        "counted charges share a key spelling exactly when their account, merchant, currency, direction and flow are the same bytes"
    )
    func keySpellings() throws {
        let ledger = try threeAccountLedger()
        // Merchants in both spellings of é, NULL (the description stands in) and plain. The
        // account and merchant repeat every 12 rows and the flow turns every 12, so rows 12 apart
        // differ in flow alone and rows 24 apart in nothing, unless the currency or direction
        // set them apart.
        try ledger.store.connection.execute(
            """
            UPDATE transactions SET
                merchant_name = CASE row_id % 4 WHEN 0 THEN 'Caf\u{E9}' WHEN 1 THEN 'Cafe\u{301}' WHEN 2 THEN NULL ELSE 'Shop' END,
                currency = CASE WHEN row_id > 34 THEN 'EUR' ELSE 'USD' END,
                credit_debit = CASE row_id % 11 WHEN 0 THEN 'credit' ELSE 'debit' END,
                class_state = 'counted', class_flow = CASE row_id / 12 % 2 WHEN 0 THEN 'income' ELSE 'expense' END,
                class_category = 'Groceries', class_source = 'code', class_month = 0
            """)
        var charges: [CountedCharge] = []
        try ledger.store.forEachCountedCharge(
            LedgerStore.ReportSelection(from: nil, until: nil, statuses: []), states: [.counted], flows: [.expense, .income]
        ) { charges.append($0) }
        #expect(charges.count == 40)
        func bytes(_ charge: CountedCharge) -> [[UInt8]] {
            [charge.accountID, charge.merchant, charge.currency, charge.indicator.rawValue, charge.flow.rawValue].map { Array($0.utf8) }
        }
        var keys = Set<UInt64>()
        for left in charges {
            let spelling = try #require(left.keySpelling)
            keys.insert(spelling)
            for right in charges { #expect((spelling == right.keySpelling) == (bytes(left) == bytes(right))) }
        }
        #expect(keys.count > 12)
    }

    /// What SQLite says it does for a statement as written (parameters unbound).
    static func plan(of sql: String, in store: LedgerStore) throws -> [String] {
        let plan = try store.connection.prepare("EXPLAIN QUERY PLAN " + sql)
        var details: [String] = []
        while try plan.step() { details.append(plan.text(3)) }
        return details
    }

    @Test("the transactions waiting to book are read from their own index, on a ledger of one account too, and in time order")
    func notBookedFromTheirIndex() throws {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        _ = try ledger.store.upsertAccount(Sample.account(Sample.checking, name: "Checking"), sourceRowID: source)
        for index in 0..<400 {
            var transaction = Sample.transaction("T-\(index)", account: Sample.checking)
            transaction.transactionDate = Timestamp.utc(epochSeconds: Self.start + Int64(index) * 3_600)
            _ = try ledger.store.upsertTransaction(transaction)
        }
        try ledger.store.connection.execute(
            """
            UPDATE transactions SET status = CASE WHEN row_id % 50 = 0 THEN 'pending' WHEN row_id % 77 = 0 THEN 'authorized'
                ELSE status END
            """)
        var expected: [String] = []
        let waiting = try ledger.store.connection.prepare(
            "SELECT id FROM transactions WHERE row_id % 50 = 0 OR row_id % 77 = 0 ORDER BY transaction_time")
        while try waiting.step() { expected.append(waiting.text(0)) }
        #expect(expected.count == 13)
        // As the summary asks: every account, one range, up to a month's end.
        var selection = LedgerStore.ReportSelection(from: nil, until: nil, statuses: [])
        selection.onlyNotBooked = true
        selection.accountRanges = [AccountTimeRange(accountID: Sample.checking, from: nil, until: Self.start + 500 * 3_600)]
        var read: [String] = []
        let statements = try ledger.store.connection.tracingStatements {
            try ledger.store.forEachReportTransaction(selection) { read.append($0.id) }
        }.statements
        #expect(read == expected)
        let pendingReads = statements.filter { $0.contains("t.status IN ('pending', 'authorized')") }
        #expect(!pendingReads.isEmpty)
        for sql in pendingReads {
            let details = try Self.plan(of: sql, in: ledger.store)
            #expect(details.contains { $0.contains("transactions_not_booked") }, "\(details)")
        }
    }

    @Test(
        "purchases in another currency are read from their own index when every account is named, and only those of the accounts named otherwise"
    )
    func foreignFromTheirIndex() throws {
        let ledger = try threeAccountLedger()
        // Every other row is foreign, of every account.
        try ledger.store.connection.execute(
            "UPDATE transactions SET foreign_amount = 1000, foreign_currency = 'EUR', exchange_rate = '1.1' WHERE row_id % 2 = 0")
        let hour: Int64 = 3600
        let rangeLists: [[AccountTimeRange]] = [
            [Sample.checking, Sample.card, Self.savings].map {
                AccountTimeRange(accountID: $0, from: Self.start, until: Self.start + 300 * hour)
            },
            [AccountTimeRange(accountID: Sample.card, from: Self.start + 20 * hour, until: Self.start + 200 * hour)],
        ]
        for (index, ranges) in rangeLists.enumerated() {
            var expected: [String] = []
            let foreign = try ledger.store.connection.prepare(
                """
                SELECT t.id, t.account_id, t.transaction_time FROM transactions t
                WHERE t.foreign_amount IS NOT NULL ORDER BY t.transaction_time, t.id
                """)
            while try foreign.step() {
                let (account, time) = (foreign.text(1), foreign.int64(2))
                if ranges.contains(where: { $0.accountID == account && time >= $0.from! && time < $0.until! }) {
                    expected.append(foreign.text(0))
                }
            }
            #expect(expected.count >= 5)
            var query = TransactionQuery()
            query.accountRanges = ranges
            query.onlyForeign = true
            var read: [String] = []
            let statements = try ledger.store.connection.tracingStatements {
                try ledger.store.forEachTransaction(query) { record in
                    read.append(record.transaction.id)
                    return true
                }
            }.statements
            #expect(read == expected)
            guard index == 0 else { continue }
            let reads = statements.filter { $0.contains("t.foreign_amount IS NOT NULL") }
            #expect(!reads.isEmpty)
            for sql in reads {
                let details = try Self.plan(of: sql, in: ledger.store)
                #expect(details.contains { $0.contains("transactions_foreign") }, "\(details)")
            }
        }
    }

    @Test("counted charges keep every text whole across the reading thread's blocks of bytes, a text longer than a block too")
    func textsAcrossBlocks() throws {
        let ledger = try threeAccountLedger()
        // Lengths that fill a block every few rows, one longer than a block, and empty texts.
        try ledger.store.connection.execute(
            """
            UPDATE transactions SET
                merchant_name = CASE row_id % 5 WHEN 0 THEN NULL WHEN 1 THEN '' ELSE
                    printf('%.*c', CASE row_id WHEN 7 THEN 40000 ELSE row_id * 397 % 5000 END, 'a') || row_id END,
                description = 'Description ' || row_id,
                class_state = 'counted', class_flow = 'expense', class_source = 'code', class_month = 0,
                class_category = CASE row_id % 3 WHEN 0 THEN '' ELSE printf('%.*c', row_id * 71 % 3000, 'c') END
            """)
        var expected: [[String]] = []
        let statement = try ledger.store.connection.prepare(
            """
            SELECT id, account_id, COALESCE(merchant_name, description), currency, class_flow, class_category
            FROM transactions ORDER BY transaction_time, id
            """)
        while try statement.step() { expected.append((0..<6).map { statement.text($0) }) }
        var charges: [[String]] = []
        try ledger.store.forEachCountedCharge(
            LedgerStore.ReportSelection(from: nil, until: nil, statuses: []), states: [.counted], flows: [.expense]
        ) { charges.append([$0.id, $0.accountID, $0.merchant, $0.currency, $0.flow.rawValue, $0.category]) }
        #expect(charges.count == 40)
        #expect(charges.map { $0[2].utf8.count }.max() ?? 0 > 40_000)
        #expect(charges == expected)
    }

    @Test("counted charges before the instant IDs are asked from come without them, but for a split's; from it on, with them")
    func identifiedFrom() throws {
        let ledger = try threeAccountLedger()
        try ledger.store.connection.execute(
            """
            UPDATE transactions SET class_state = 'counted', class_flow = 'expense', class_category = 'Fun', class_month = 0,
                class_source = CASE row_id % 4 WHEN 0 THEN 'split' ELSE 'code' END
            """)
        let all = LedgerStore.ReportSelection(from: nil, until: nil, statuses: [])
        var whole: [(id: String, time: Int64, isSplit: Bool)] = []
        try ledger.store.forEachCountedCharge(all, states: [.counted], flows: [.expense]) { whole.append(($0.id, $0.time, $0.isSplit)) }
        let middle = whole[whole.count / 2].time
        var identified: [String] = []
        try ledger.store.forEachCountedCharge(all, states: [.counted], flows: [.expense], identifiedFrom: middle) {
            identified.append($0.id)
        }
        #expect(identified == whole.map { $0.time >= middle || $0.isSplit ? $0.id : "" })
        // Each kind is there: the comparison saw IDs left out, and kept for splits and later rows.
        #expect(Set(whole.map { ($0.time >= middle ? 1 : 0) + ($0.isSplit ? 2 : 0) }) == [0, 1, 2, 3])
        #expect(!whole.contains { $0.id.isEmpty })
    }

    @Test(
        "each account's own range, open, empty or at the ends of 64 bits, gives exactly its rows, in time order, in report rows and counted charges"
    )
    func accountsOwnRanges() throws {
        let ledger = try threeAccountLedger()
        let (start, hour) = (Self.start, Int64(3600))
        let rangeLists: [[AccountTimeRange]] = [
            [
                // On rows' own instants: the checking account's at 54 hours is out, the card's at 24 in.
                AccountTimeRange(accountID: Sample.checking, from: nil, until: start + 54 * hour),
                AccountTimeRange(accountID: Sample.card, from: start + 24 * hour, until: nil),
            ],
            [
                AccountTimeRange(accountID: Sample.checking, from: .min, until: .max),
                AccountTimeRange(accountID: Sample.card, from: nil, until: nil),
                AccountTimeRange(accountID: Self.savings, from: start + 100 * hour, until: start + 101 * hour),
            ],
            [
                AccountTimeRange(accountID: Sample.checking, from: start + 30 * hour, until: .min),
                AccountTimeRange(accountID: Sample.card, from: .max, until: nil),
                AccountTimeRange(accountID: Self.savings, from: start + 6 * hour, until: start + 200 * hour),
            ],
            [
                // An account the ledger does not have, and one it has that is left out.
                AccountTimeRange(accountID: "NO-SUCH-ACCOUNT", from: nil, until: nil),
                AccountTimeRange(accountID: Sample.card, from: start + 30 * hour, until: start + 150 * hour),
            ],
        ]
        try ledger.store.connection.execute(
            """
            UPDATE transactions SET class_state = 'counted', class_flow = 'expense', class_category = 'Groceries',
                class_source = 'code', class_month = 0
            """)
        var all: [(id: String, account: String, time: Int64)] = []
        try ledger.store.forEachTransaction(TransactionQuery()) { record in
            all.append((record.transaction.id, record.transaction.accountID, record.transaction.transactionDate.epochSeconds))
            return true
        }
        for ranges in rangeLists {
            var selection = LedgerStore.ReportSelection(from: nil, until: nil, statuses: [])
            selection.accountRanges = ranges
            let expected = all.filter { row in
                ranges.contains { $0.accountID == row.account && row.time >= ($0.from ?? .min) && ($0.until.map { row.time < $0 } ?? true) }
            }
            .sorted { ($0.time, $0.id) < ($1.time, $1.id) }.map(\.id)
            var read: [String] = []
            try ledger.store.forEachReportTransaction(selection) { read.append($0.id) }
            #expect(read == expected)
            #expect(!expected.isEmpty)
            var charged: [String] = []
            try ledger.store.forEachCountedCharge(selection, states: [.counted], flows: [.expense]) { charged.append($0.id) }
            #expect(charged == expected)
            var byMerchant: [String] = []
            try ledger.store.forEachCountedCharge(selection, states: [.counted], flows: [.expense], byMerchant: true) {
                byMerchant.append($0.id)
            }
            #expect(byMerchant.sorted() == expected.sorted())
        }
    }

    @Test("ranges that differ, left to the reader: the SQL names their accounts unless they are every account, and keeps the time index")
    func rangesLeftToTheReader() throws {
        let ledger = try threeAccountLedger()
        let (start, hour) = (Self.start, Int64(3600))
        let two = [
            AccountTimeRange(accountID: Sample.checking, from: start, until: start + 50 * hour),
            AccountTimeRange(accountID: Sample.card, from: start + hour, until: start + 51 * hour),
        ]
        for everyAccount in [false, true] {
            let range = TimeRangeSQL(from: nil, until: nil, ranges: two, checkedBy: .reader(everyAccount: everyAccount))
            let named = range.values.filter { $0 == .text(Sample.checking) || $0 == .text(Sample.card) }
            #expect(named.count == (everyAccount ? 0 : 2))
            #expect(range.readerBounds != nil)
            let plan = try ledger.store.connection.prepare(
                "EXPLAIN QUERY PLAN SELECT t.id FROM transactions t WHERE \(range.conditions.joined(separator: " AND ")) ORDER BY t.transaction_time"
            )
            try plan.bind(range.values)
            var details: [String] = []
            while try plan.step() { details.append(plan.text(3)) }
            #expect(details.contains { $0.contains("transactions_by_time") }, "\(details)")
            #expect(!details.contains { $0.contains("TEMP B-TREE") }, "\(details)")
        }
        #expect(TimeRangeSQL(from: nil, until: nil, ranges: two).readerBounds == nil)
    }

    @Test("a report's count of transactions adds each account's own range and stops at the limit, however far the ranges differ")
    func transactionCountUpToALimit() throws {
        let ledger = try threeAccountLedger()
        let store = ledger.store
        let (start, savings) = (Self.start, Self.savings)
        let hour: Int64 = 3600
        let selections: [LedgerStore.ReportSelection] = [
            .init(from: nil, until: nil, statuses: []),
            .init(from: start + 24 * hour, until: start + 200 * hour, statuses: []),
            {
                // Three zones' days: each account its own range, one of them open at its end.
                var selection = LedgerStore.ReportSelection(from: nil, until: nil, statuses: [])
                selection.accountRanges = [
                    AccountTimeRange(accountID: Sample.checking, from: start + 10 * hour, until: start + 100 * hour),
                    AccountTimeRange(accountID: Sample.card, from: start + 5 * hour, until: start + 150 * hour),
                    AccountTimeRange(accountID: savings, from: start + 30 * hour, until: nil),
                ]
                return selection
            }(),
            {
                // Every account, each its own range: their envelope holds rows none of theirs.
                var selection = LedgerStore.ReportSelection(from: nil, until: nil, statuses: [])
                selection.accountRanges = [
                    AccountTimeRange(accountID: Sample.checking, from: start + 10 * hour, until: start + 100 * hour),
                    AccountTimeRange(accountID: Sample.card, from: start + 5 * hour, until: start + 150 * hour),
                    AccountTimeRange(accountID: savings, from: start + 30 * hour, until: start + 120 * hour),
                ]
                return selection
            }(),
            // Ranges of over a year, counted up to the limit, and at the ends of 64 bits.
            .init(from: start - 400 * 24 * hour, until: start + 400 * 24 * hour, statuses: []),
            {
                var selection = LedgerStore.ReportSelection(from: nil, until: nil, statuses: [])
                selection.accountRanges = [
                    AccountTimeRange(accountID: Sample.checking, from: .min, until: .max),
                    AccountTimeRange(accountID: Sample.card, from: .min, until: start + 100 * hour),
                    AccountTimeRange(accountID: savings, from: start + 30 * hour, until: .max),
                ]
                return selection
            }(),
        ]
        for selection in selections {
            var all: [(account: String, time: Int64)] = []
            try store.forEachTransaction(TransactionQuery()) { record in
                all.append((record.transaction.accountID, record.transaction.transactionDate.epochSeconds))
                return true
            }
            let selected = all.filter { row in
                guard let ranges = selection.accountRanges else {
                    return row.time >= (selection.from ?? .min) && row.time < (selection.until ?? .max)
                }
                return ranges.contains { $0.accountID == row.account && row.time >= ($0.from ?? .min) && row.time < ($0.until ?? .max) }
            }
            #expect(selected.count > 5)
            for limit in 0...selected.count + 2 {
                #expect(try store.transactionCount(selection, upTo: limit) == min(limit, selected.count), "limit \(limit)")
            }
            for limit in 0...all.count + 1 {
                #expect(try store.holds(atMost: limit, selection) == (selected.count <= limit), "limit \(limit)")
            }
        }
    }

    @Test("whether every account holds few enough transactions in short ranges is counted once on the time index when it does")
    func fewEnoughFromTheTimeIndex() throws {
        let ledger = try threeAccountLedger()
        let hour: Int64 = 3600
        var selection = LedgerStore.ReportSelection(from: nil, until: nil, statuses: [])
        selection.accountRanges = [
            AccountTimeRange(accountID: Sample.checking, from: Self.start + 10 * hour, until: Self.start + 100 * hour),
            AccountTimeRange(accountID: Sample.card, from: Self.start + 5 * hour, until: Self.start + 150 * hour),
            AccountTimeRange(accountID: Self.savings, from: Self.start + 30 * hour, until: Self.start + 120 * hour),
        ]
        // Rows every six hours from the start: 24 in the envelope, fewer in the accounts' own ranges.
        let exact = try ledger.store.transactionCount(selection, upTo: 100)
        #expect(exact < 24)
        func counts(atMost limit: Int) throws -> (holds: Bool, counts: [String]) {
            var holds = false
            let statements = try ledger.store.connection.tracingStatements {
                holds = try ledger.store.holds(atMost: limit, selection)
            }.statements
            return (holds, statements.filter { $0.contains("count(*)") })
        }
        let roomy = try counts(atMost: 24)
        #expect(roomy.holds)
        #expect(roomy.counts.count == 1)
        #expect(roomy.counts.allSatisfy { !$0.contains("account_id") }, "\(roomy.counts)")
        for sql in roomy.counts {
            let details = try Self.plan(of: sql, in: ledger.store)
            #expect(details.contains { $0.contains("transactions_by_time") }, "\(details)")
        }
        // Between the two, the rows of each account outside its own range are counted and taken off.
        let tight = try counts(atMost: exact)
        #expect(tight.holds)
        #expect(tight.counts.contains { $0.contains("account_id") })
        #expect(try !ledger.store.holds(atMost: exact - 1, selection))
        // An account named twice is counted twice, as the count of each range counts it.
        var twice = selection
        twice.accountRanges = (selection.accountRanges ?? []) + [selection.accountRanges![0]]
        let counted = try ledger.store.transactionCount(twice, upTo: 100)
        #expect(counted > exact)
        for limit in 0...counted + 1 {
            #expect(try ledger.store.holds(atMost: limit, twice) == (counted <= limit), "limit \(limit)")
        }
    }

    @Test("reports read transactions in time order, those of one second in the order of their IDs' bytes, as SQLite orders them")
    func transactionsOfOneSecondComeInIDOrder() throws {
        // Out of ID order, so the time index alone (which orders a second's rows by insertion)
        // would give them wrong: a prefix, both cases, both spellings of é, and a second of a
        // statement day's many rows.
        var rows: [(second: Int64, id: String)] = [
            (0, "T-10"), (0, "T-1"), (1, "t-2"), (1, "T-2"), (1, "caf\u{E9}"), (1, "cafe\u{301}"), (1, "Z"), (3, "A-1"),
            (3, "b"), (4, "a"),
        ]
        rows += (0..<40).map { (6, "day-\(($0 * 17) % 40)") }
        try expectSQLiteOrder(of: rows)
    }

    @Test("a second of more transactions than a report holds is read alone in SQLite's order, and those after as before, each once")
    func aSecondOfTooManyTransactionsIsReadAloneInOrder() throws {
        let limit = TiesInIDOrder<ReportTransaction>.limit
        var random = SeededRandom(state: 4)
        // Second 1 holds one row too many, second 3 just as many as are held; both shuffled.
        var rows: [(second: Int64, id: String)] = [(0, "before-2"), (0, "before-1")]
        rows += (0...limit).map { (1, "crowd-\($0)") }.shuffled(using: &random)
        rows += [(2, "between-b"), (2, "between-a")]
        rows += (0..<limit).map { (3, "full-\($0)") }.shuffled(using: &random)
        rows += [(4, "after-b"), (4, "after-a")]
        try expectSQLiteOrder(of: rows)
    }

    @Test("rows of one second are held up to the limit: one more stops the read, with nothing of that second handed on")
    func tiesHeldUpToTheLimit() throws {
        var ties = TiesInIDOrder<Int>(precedes: <)
        var heard: [Int] = []
        try ties.add(-1, time: 5, { heard.append($0) })
        for index in 0..<TiesInIDOrder<Int>.limit { try ties.add(index, time: 6, { heard.append($0) }) }
        #expect(heard == [-1])
        let overflow = try #require(throws: TiesInIDOrder<Int>.TooManyTies.self) {
            try ties.add(0, time: 6, { heard.append($0) })
        }
        #expect(overflow.time == 6)
        #expect(heard == [-1])
    }

    /// Stores `rows` (each `second` after one start, every third on the card) and expects each
    /// reader of report rows to give them in the order SQLite gives when asked to order by time
    /// and ID: all of them, those of seconds 1 to 4, and those of two accounts' own ranges.
    private func expectSQLiteOrder(of rows: [(second: Int64, id: String)]) throws {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        let store = ledger.store
        for (id, name) in [(Sample.checking, "Checking"), (Sample.card, "Card")] {
            _ = try store.upsertAccount(Sample.account(id, name: name), sourceRowID: source)
        }
        let start: Int64 = 1_790_000_000
        try store.transaction {
            for (index, row) in rows.enumerated() {
                var transaction = Sample.transaction(row.id, account: index % 3 == 0 ? Sample.card : Sample.checking)
                transaction.transactionDate = Timestamp.utc(epochSeconds: start + row.second)
                _ = try store.upsertTransaction(transaction)
            }
        }
        try store.connection.execute(
            """
            UPDATE transactions SET class_state = 'counted', class_flow = 'expense', class_category = 'Groceries',
                class_source = 'code', class_month = 0
            """)
        var ranges = LedgerStore.ReportSelection(from: nil, until: nil, statuses: [])
        ranges.accountRanges = [
            AccountTimeRange(accountID: Sample.checking, from: start, until: nil),
            AccountTimeRange(accountID: Sample.card, from: start + 1, until: start + 4),
        ]
        let selections = [
            LedgerStore.ReportSelection(from: nil, until: nil, statuses: []),
            LedgerStore.ReportSelection(from: start + 1, until: start + 5, statuses: []), ranges,
        ]
        for selection in selections {
            // What SQLite gives when asked to order by both.
            let statement = try store.connection.prepare(
                "SELECT id, account_id, transaction_time FROM transactions ORDER BY transaction_time, id")
            var expected: [String] = []
            while try statement.step() {
                let (account, time) = (statement.text(1), statement.int64(2))
                let range =
                    selection.accountRanges?.first { $0.accountID == account }.map { ($0.from, $0.until) }
                    ?? (selection.accountRanges == nil ? (selection.from, selection.until) : (0, 0))
                if time >= range.0 ?? .min, time < range.1 ?? .max { expected.append(statement.text(0)) }
            }
            #expect(expected.count >= 8)
            var reported: [String] = []
            try store.forEachReportTransaction(selection) { reported.append($0.id) }
            // Compared as bytes: Swift's `==` takes both spellings of é as one.
            let bytes = expected.map { Array($0.utf8) }
            #expect(reported.map { Array($0.utf8) } == bytes)
            var charged: [String] = []
            try store.forEachCountedCharge(selection, states: [.counted], flows: [.expense]) { charged.append($0.id) }
            #expect(charged.map { Array($0.utf8) } == bytes)
            var byMerchant: [String] = []
            try store.forEachCountedCharge(selection, states: [.counted], flows: [.expense], byMerchant: true) {
                byMerchant.append($0.id)
            }
            let inBytes: ([UInt8], [UInt8]) -> Bool = { $0.lexicographicallyPrecedes($1) }
            #expect(byMerchant.map { Array($0.utf8) }.sorted(by: inBytes) == bytes.sorted(by: inBytes))
        }
    }

    // MARK: - Records that belong elsewhere

    @Test func aTransactionIDAlreadyInAnotherAccountIsRefused() throws {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        let store = ledger.store
        _ = try store.upsertAccount(Sample.account(), sourceRowID: source)
        _ = try store.upsertAccount(Sample.account(Sample.card, name: "Card"), sourceRowID: source)
        _ = try store.upsertTransaction(Sample.transaction("T-1"))

        for units: Int64 in [542_000, 999_000] {
            let error = try #require(throws: LedgerStoreError.self) {
                try store.upsertTransaction(Sample.transaction("T-1", account: Sample.card, units: units))
            }
            #expect(error == .recordOfOtherAccount(kind: "transaction", id: "T-1", accountID: Sample.checking))
        }
        #expect(
            try ledger.count(
                "SELECT count(*) FROM transactions WHERE account_id = ? AND amount = 542000",
                [.text(Sample.checking)]) == 1)
        #expect(try ledger.count("SELECT count(*) FROM transactions WHERE account_id = ?", [.text(Sample.card)]) == 0)
    }

    @Test func aBalanceIDAlreadyInAnotherAccountIsRefused() throws {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        let store = ledger.store
        _ = try store.upsertAccount(Sample.account(), sourceRowID: source)
        _ = try store.upsertAccount(Sample.account(Sample.card, name: "Card"), sourceRowID: source)
        _ = try store.upsertBalance(Sample.balance("BAL-1"))

        let error = try #require(throws: LedgerStoreError.self) {
            try store.upsertBalance(Sample.balance("BAL-1", account: Sample.card))
        }

        #expect(error == .recordOfOtherAccount(kind: "balance", id: "BAL-1", accountID: Sample.checking))
        #expect(try ledger.count("SELECT count(*) FROM balances WHERE account_id = ?", [.text(Sample.checking)]) == 1)
    }

    @Test func anAccountOfAnotherSourceIsRefused() throws {
        let ledger = try TestLedger()
        let ana = try ledger.source("S1")
        let ben = try ledger.source("S2", name: "Ben's iPhone")
        let store = ledger.store
        _ = try store.upsertAccount(Sample.account(), sourceRowID: ana)

        let error = try #require(throws: LedgerStoreError.self) {
            try store.upsertAccount(Sample.account(name: "Ben's idea of it"), sourceRowID: ben)
        }

        #expect(error == .accountOfOtherSource(accountID: Sample.checking))
        #expect(try store.accountSummaries().map(\.account.displayName) == ["Checking"])
        #expect(try store.sourceRowID(ofAccount: Sample.checking) == ana)
        // Nor can the other source delete it.
        #expect(try store.deleteAccount(id: Sample.checking, sourceRowID: ben) == false)
        #expect(try ledger.count("SELECT count(*) FROM accounts") == 1)
    }

    // MARK: - Deleting

    @Test func deletingAnAccountCascadesToItsBalancesTransactionsAndStreamTokens() throws {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        let store = ledger.store
        for (id, name) in [(Sample.checking, "Checking"), (Sample.card, "Card")] {
            _ = try store.upsertAccount(Sample.account(id, name: name), sourceRowID: source)
            _ = try store.upsertBalance(Sample.balance("BAL-\(name)-1", account: id))
            _ = try store.upsertBalance(Sample.balance("BAL-\(name)-2", account: id, asOf: "2026-11-01T00:00:00Z"))
            _ = try store.upsertTransaction(Sample.transaction("T-\(name)-1", account: id))
            _ = try store.upsertTransaction(Sample.transaction("T-\(name)-2", account: id))
            for stream in ["balances/" + id, "transactions/" + id] {
                try store.saveToken(StreamToken(generation: "G1", sequence: 3), sourceRowID: source, stream: stream, now: ledger.now)
            }
        }
        try store.saveToken(StreamToken(generation: "G1", sequence: 2), sourceRowID: source, stream: "accounts", now: ledger.now)

        #expect(try store.deleteAccount(id: Sample.card, sourceRowID: source))

        #expect(try store.accountSummaries().map(\.account.id) == [Sample.checking])
        #expect(try ledger.count("SELECT count(*) FROM balances WHERE account_id = ?", [.text(Sample.card)]) == 0)
        #expect(try ledger.count("SELECT count(*) FROM transactions WHERE account_id = ?", [.text(Sample.card)]) == 0)
        #expect(try ledger.count("SELECT count(*) FROM balances WHERE account_id = ?", [.text(Sample.checking)]) == 2)
        #expect(try ledger.count("SELECT count(*) FROM transactions WHERE account_id = ?", [.text(Sample.checking)]) == 2)
        #expect(
            try ledger.streams() == [
                "\(source):accounts", "\(source):balances/\(Sample.checking)",
                "\(source):transactions/\(Sample.checking)",
            ])
        #expect(try store.token(sourceRowID: source, stream: "transactions/" + Sample.card) == nil)
        #expect(try store.deleteAccount(id: Sample.card, sourceRowID: source) == false)
        let counts = try store.counts()
        #expect(counts.accounts == 1 && counts.balances == 2 && counts.transactions == 2)
    }

    @Test func deletingARecordNeedsItsAccount() throws {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        let store = ledger.store
        _ = try store.upsertAccount(Sample.account(), sourceRowID: source)
        _ = try store.upsertTransaction(Sample.transaction("T-1"))
        _ = try store.upsertBalance(Sample.balance("BAL-1"))

        #expect(try store.deleteTransaction(id: "T-1", accountID: Sample.card) == false)
        #expect(try store.deleteBalance(id: "BAL-1", accountID: Sample.card) == false)
        #expect(try store.deleteTransaction(id: "T-1", accountID: Sample.checking))
        #expect(try store.deleteBalance(id: "BAL-1", accountID: Sample.checking))
        #expect(try store.deleteTransaction(id: "T-1", accountID: Sample.checking) == false)
        let counts = try store.counts()
        #expect(counts.balances == 0 && counts.transactions == 0)
    }

    // MARK: - Tokens and snapshots

    @Test func tokensAreKeptPerSourceAndStreamAndHintsMoveOnlyOnTheSamePoint() throws {
        let ledger = try TestLedger()
        let ana = try ledger.source("S1")
        let ben = try ledger.source("S2")
        let store = ledger.store
        try store.saveToken(
            StreamToken(generation: "G1", sequence: 4, resumeOffset: 900, resumeLine: 5),
            sourceRowID: ana, stream: "accounts", now: ledger.now)
        try store.saveToken(StreamToken(generation: "G1", sequence: 1), sourceRowID: ben, stream: "accounts", now: ledger.now)

        #expect(
            try store.token(sourceRowID: ana, stream: "accounts")
                == StreamToken(generation: "G1", sequence: 4, resumeOffset: 900, resumeLine: 5))
        #expect(try store.token(sourceRowID: ben, stream: "accounts") == StreamToken(generation: "G1", sequence: 1))
        #expect(try store.token(sourceRowID: ana, stream: "balances/X") == nil)

        try store.saveResumeHint(
            StreamToken(generation: "G1", sequence: 4, resumeOffset: 1000, resumeLine: 6),
            sourceRowID: ana, stream: "accounts")
        #expect(try store.token(sourceRowID: ana, stream: "accounts")?.resumeOffset == 1000)
        // A hint for another point of history is ignored.
        try store.saveResumeHint(
            StreamToken(generation: "G1", sequence: 5, resumeOffset: 2000, resumeLine: 7),
            sourceRowID: ana, stream: "accounts")
        try store.saveResumeHint(
            StreamToken(generation: "G2", sequence: 4, resumeOffset: 3000, resumeLine: 7),
            sourceRowID: ana, stream: "accounts")
        #expect(
            try store.token(sourceRowID: ana, stream: "accounts")
                == StreamToken(generation: "G1", sequence: 4, resumeOffset: 1000, resumeLine: 6))
    }

    @Test func aSnapshotSweepDeletesOnlyTheRecordsItLacksInItsAccount() throws {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        let store = ledger.store
        _ = try store.upsertAccount(Sample.account(), sourceRowID: source)
        _ = try store.upsertAccount(Sample.account(Sample.card, name: "Card"), sourceRowID: source)
        for id in ["T-1", "T-2", "T-3"] { _ = try store.upsertTransaction(Sample.transaction(id)) }
        _ = try store.upsertTransaction(Sample.transaction("T-9", account: Sample.card))

        let swept = try store.transaction { () throws -> Int in
            try store.beginSnapshot()
            try store.addSnapshotID("T-2")
            return try store.sweepTransactions(accountID: Sample.checking)
        }

        #expect(swept == 2)
        var ids: [String] = []
        try store.forEachTransaction(TransactionQuery()) {
            ids.append($0.transaction.id); return true
        }
        #expect(ids.sorted() == ["T-2", "T-9"])

        // A later snapshot starts from an empty set of IDs.
        let sweptAccounts = try store.transaction { () throws -> [String] in
            try store.beginSnapshot()
            try store.addSnapshotID(Sample.checking)
            return try store.sweepAccounts(sourceRowID: source)
        }
        #expect(sweptAccounts == [Sample.card])
        #expect(try store.counts().transactions == 1)
    }

    @Test func theMonthsOfOneSummaryAreRememberedTogetherOrNotAtAll() throws {
        let store = try TestLedger().store
        func record(_ month: String, digest: String, totals: [String]) -> SummaryRecord {
            SummaryRecord(
                month: YearMonth(iso: month)!, digest: digest, firstReportedAt: "2026-11-01T08:00:00Z",
                reportedAt: "2026-12-01T08:00:00Z",
                totals: totals.map { SummaryRecord.Totals(currency: $0, spent: 100, refunded: 0, income: 5, count: 1) })
        }
        let september = record("2026-09", digest: "a", totals: ["USD"])
        let october = record("2026-10", digest: "b", totals: ["EUR", "USD"])
        try store.saveSummaryRecords([september, october])
        #expect(try store.summaryRecords() == [september, october])

        // The second month cannot be kept (a currency twice): the first, restated, is not kept either.
        #expect(throws: StorageError.self) {
            try store.saveSummaryRecords([
                record("2026-09", digest: "c", totals: ["GBP"]), record("2026-11", digest: "d", totals: ["USD", "USD"]),
            ])
        }
        #expect(try store.summaryRecords() == [september, october])
    }

    @Test func restampingStatementDaysMovesOnlyTheAccountsImportedRowsToTheirDaysInTheNewZone() throws {
        let ledger = try TestLedger()
        let source = try ledger.source("S1")
        let store = ledger.store
        _ = try store.upsertAccount(Sample.account(), sourceRowID: source)
        _ = try store.upsertAccount(Sample.account(Sample.card, name: "Card", kind: .liability), sourceRowID: source)
        let newYork = try #require(ReportTimeZone(identifier: "America/New_York"))
        let tokyo = try #require(ReportTimeZone(identifier: "Asia/Tokyo"))
        let october31 = try #require(CivilDate(iso: "2026-10-31"))
        var imported = Sample.transaction(Transaction.statementIDPrefix + "1")
        imported.transactionDate = newYork.localInstant(october31, hour: 12)
        imported.postedDate = newYork.localInstant(try #require(CivilDate(iso: "2026-11-02")), hour: 12)
        var elsewhere = imported
        elsewhere.id = Transaction.statementIDPrefix + "2"
        elsewhere.accountID = Sample.card
        let synced = Sample.transaction("T-1")
        for transaction in [imported, elsewhere, synced] { _ = try store.upsertTransaction(transaction) }
        let balance = Sample.balance(
            AccountBalance.statementIDPrefix + "1", asOf: newYork.localInstant(october31, hour: 23, minute: 59).text)
        _ = try store.upsertBalance(balance)

        #expect(try store.restampStatementDays(accountID: Sample.checking, zone: tokyo) == 2)
        func text(_ sql: String) throws -> String? { try store.connection.scalarText(sql, []) }
        let noon = tokyo.localInstant(october31, hour: 12)
        #expect(try text("SELECT transaction_date FROM transactions WHERE id = '\(imported.id)'") == "2026-10-31T12:00:00+09:00")
        #expect(try ledger.count("SELECT transaction_time FROM transactions WHERE id = '\(imported.id)'") == noon.epochSeconds)
        #expect(try text("SELECT posted_date FROM transactions WHERE id = '\(imported.id)'") == "2026-11-02T12:00:00+09:00")
        #expect(try text("SELECT booked_as_of FROM balances WHERE id = '\(balance.id)'") == "2026-10-31T23:59:00+09:00")
        #expect(
            try ledger.count("SELECT observed_time FROM balances WHERE id = '\(balance.id)'")
                == tokyo.localInstant(october31, hour: 23, minute: 59).epochSeconds)
        // Another account's imported row and a synced row of the same account keep their instants.
        #expect(try text("SELECT transaction_date FROM transactions WHERE id = '\(elsewhere.id)'") == "2026-10-31T12:00:00-04:00")
        #expect(try text("SELECT transaction_date FROM transactions WHERE id = 'T-1'") == synced.transactionDate.text)
        // Done once, nothing moves again; an import in the new zone then finds its rows unchanged.
        #expect(try store.restampStatementDays(accountID: Sample.checking, zone: tokyo) == 0)
        var again = imported
        again.transactionDate = noon
        again.postedDate = tokyo.localInstant(try #require(CivilDate(iso: "2026-11-02")), hour: 12)
        #expect(try store.upsertTransaction(again) == .unchanged)
    }

    @Test func theSpendingSummaryStaysExactIntegersPastSixtyFourBits() throws {
        let ledger = try TestLedger()
        let store = ledger.store
        let source = try ledger.source("S")
        let largest = Int64(8_999_999_999_999_999_999)
        let october = YearMonth(year: 2026, month: 10)
        let expense = Classification(
            state: .counted, flow: .expense, category: "Groceries", categorySource: .merchantCategoryCode(5411), reason: .expense,
            partnerID: nil, month: october)
        try store.transaction {
            try store.finishClassification()
            _ = try store.upsertAccount(Sample.account(), sourceRowID: source)
            for (id, units) in [("T1", largest), ("T2", largest), ("T3", 10_000)] {
                _ = try store.upsertTransaction(Sample.transaction(id, units: units))
                let rowID = try #require(try store.connection.scalarInt("SELECT row_id FROM transactions WHERE id = ?", [.text(id)]))
                try store.saveClassification(expense, rowID: rowID)
            }
        }
        func storedTypes() throws -> Int64 {
            try ledger.count(
                """
                SELECT count(*) FROM spending_summary WHERE typeof(spent_high) != 'integer' OR typeof(spent_low) != 'integer'
                    OR typeof(refunded_high) != 'integer' OR typeof(refunded_low) != 'integer'
                """)
        }
        #expect(try storedTypes() == 0)
        let tooLarge = try #require(try store.spendingSummary().first)
        #expect(tooLarge.spentSum == SpendingSum(high: 18_000_000, low: 9_998))
        #expect(throws: MoneyError.overflow("USD")) { try tooLarge.spent }

        try store.transaction { _ = try store.deleteTransaction(id: "T1", accountID: Sample.checking) }
        #expect(try storedTypes() == 0)
        #expect(try store.spendingSummary().first?.spent == largest + 10_000)
        #expect(try store.spendingSummary().first?.count == 2)

        // Summed again from scratch, the same parts.
        try store.transaction { _ = try store.deleteTransaction(id: "T3", accountID: Sample.checking) }
        let kept = try store.spendingSummary()
        try store.transaction { try store.rebuildSpendingSummary() }
        #expect(try store.spendingSummary() == kept)
        #expect(try kept.first?.spent == largest)
    }

    @Test func aSpendingSumIsOneValueHoweverItsPartsCame() throws {
        var sum = SpendingSum()
        for amount: Int64 in [999_999_999_999, 1, -2, 5_000_000_000_000] { sum.add(amount) }
        #expect(sum == SpendingSum(high: 5, low: 999_999_999_998))
        #expect(try sum.units(currency: "USD") == 5_999_999_999_998)
        #expect(SpendingSum(high: 1, low: -5) == SpendingSum(high: 0, low: 999_999_999_995))
        #expect(try SpendingSum(high: -9_223_373, low: 963_145_224_192).units(currency: "USD") == Int64.min)
        #expect(try SpendingSum(high: 9_223_372, low: 36_854_775_807).units(currency: "USD") == Int64.max)
        #expect(throws: MoneyError.overflow("USD")) { try SpendingSum(high: 9_223_372, low: 36_854_775_808).units(currency: "USD") }
    }
}
