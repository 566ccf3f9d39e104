import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Storage
import Sync
import Testing
import WalletExport

@testable import Analytics

/// The recurring series and anomalies read from the stored classification, only the columns they
/// need, must be the ones the keeper's pass finds as it reads every transaction whole.
@Suite("Recurring series from the stored classification")
struct RecurringStoredReadingTests {
    typealias F = ExportFixture
    static let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    static let zone = ReportTimeZone(identifier: "UTC")!

    /// A ledger with monthly charges of `merchants` (one name per month, in turn) on one card,
    /// the third month's charge split in two.
    /// `between`: one more charge, of another merchant. `oneOffs`: that many charges of as many
    /// merchants, each once, before the first month.
    static func ledger(_ folder: TemporaryFolder, merchants: [String], between: String? = nil, oneOffs: Int = 0) throws -> LedgerStore {
        let export = try ExportFixture(in: folder.url)
        let store = try LedgerStore(path: folder.file("kept.sqlite"), mode: .create(keeper: ClassificationKeeper(base: zone)), now: now)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CARD", kind: "liability", name: "Card")]))
        let rows = (5...10).map { month in
            F.transaction(
                "GYM-\(month)", account: "CARD", date: "2026-\(month < 10 ? "0" : "")\(month)-12T12:00:00Z",
                amount: month == 10 ? "54.00" : "50.00", mcc: 7997, merchant: merchants[(month - 5) % merchants.count],
                description: "GYM")
        }
        let other = between.map {
            [
                F.transaction(
                    "OTHER", account: "CARD", date: "2026-08-20T12:00:00Z", amount: "9.00", mcc: 5812, merchant: $0, description: "BAR")
            ]
        }
        let once = (0..<oneOffs).map {
            F.transaction(
                "ONCE-\($0)", account: "CARD", date: "2026-01-\(10 + $0 % 10)T12:00:00Z", amount: "3.00", mcc: 5812,
                merchant: "Shop \($0)", description: "SHOP")
        }
        try export.append("transactions/CARD", F.changeSet("T", 1, snapshot: true, inserted: once + rows + (other ?? [])))
        let synced = try SyncEngine(store: store, now: now).sync(WalletExportSource(path: export.path))
        try #require(synced.failures.isEmpty)
        let split = TransactionOverride(
            transactionID: "GYM-7", split: [.init(category: "Health", amount: 150_000), .init(category: "Fun", amount: 350_000)])
        try store.transaction { try store.saveTransactionOverride(split, now: now) }
        try #require(try store.classificationStatus()?.isCurrent == true)
        return store
    }

    /// A copy whose classification waits to be redone: its reports run the pass as they read.
    static func passCopy(_ store: LedgerStore, _ folder: TemporaryFolder) throws -> LedgerStore {
        let path = folder.file("pass.sqlite")
        try Connection(path: store.path).execute("VACUUM INTO '\(path)'")
        try Connection(path: path).execute("UPDATE classification_state SET rebuild_needed = 1")
        let copy = try LedgerStore(path: path, mode: .readOnly, now: now)
        try #require(try copy.classificationStatus()?.isCurrent == false)
        return copy
    }

    static func lines(_ store: LedgerStore) throws -> [String] {
        var reads: [Bool] = []
        return try lines(store, reads: &reads)
    }

    /// `holding`: how many charges the series' read in time order may hold; `reads` gets
    /// whether each read was a merchant at a time.
    static func lines(_ store: LedgerStore, holding: Int = RecurringAnalysis.heldChargesLimit, reads: inout [Bool]) throws -> [String] {
        let accounts = try ReportAccounts(store: store, base: zone)
        let first = CivilDate(iso: "2025-11-01")!
        let asOf = CivilDate(iso: "2026-10-31")!
        let recurring = try RecurringAnalysis.report(
            store, scope: ReportScope(first: first, last: asOf, accounts: accounts), first: first, asOf: asOf, holding: holding
        ) { reads.append($0) }
        let anomalies = try AnomalyAnalysis.report(store, month: YearMonth(year: 2026, month: 10), accounts: accounts, today: asOf)
        return recurring.items.map {
            "series \($0.accountName) \($0.merchant) \($0.category) \($0.typicalAmount) \($0.lastAmount) \($0.count) "
                + $0.charges.map { "\($0.date):\($0.amount):\($0.category)" }.joined(separator: ",")
        } + anomalies.anomalies.map { "anomaly \($0.kind) \($0.accountName) \($0.merchant) \($0.amount) \($0.transactionID)" }
    }

    @Test("a split charge of a series is one charge of its whole amount, in its largest part's category, either way")
    func splitCharge() throws {
        let folder = try TemporaryFolder()
        let store = try Self.ledger(folder, merchants: ["City Gym"])
        let stored = try Self.lines(store)
        #expect(stored == (try Self.lines(try Self.passCopy(store, folder))))
        #expect(stored.first?.hasPrefix("series Card City Gym ") == true)
        #expect(stored.first?.contains("2026-07-12:500000:Fun,") == true)
        #expect(stored.first?.contains(" 500000 540000 6 ") == true)
        // September's 50.00 to October's 54.00: the series changed price in the month.
        #expect(stored.contains { $0.hasPrefix("anomaly priceChange Card City Gym 540000 GYM-10") })
    }

    @Test(
        "a merchant spelled two ways Swift takes as one (composed and decomposed é), with a name between them in byte order, is one series shown as first spelled, either way"
    )
    func canonicallyEqualNames() throws {
        let folder = try TemporaryFolder()
        let store = try Self.ledger(folder, merchants: ["Caf\u{E9} Gym", "Cafe\u{301} Gym"], between: "Caff Bar")
        let stored = try Self.lines(store)
        let pass = try Self.lines(try Self.passCopy(store, folder))
        #expect(stored.map { Array($0.utf8) } == pass.map { Array($0.utf8) })
        #expect(stored.filter { $0.hasPrefix("series") }.count == 1)
        #expect(stored.first.map { $0.utf8.starts(with: "series Card Caf\u{E9} Gym ".utf8) } == true)
        #expect(stored.first?.contains(" 6 ") == true)
    }

    @Test(
        "past the merchant spellings a read numbers, a merchant spelled two ways Swift takes as one is still one series, as the pass finds"
    )
    func pastTheNumberedSpellings() throws {
        let folder = try TemporaryFolder()
        let store = try Self.ledger(folder, merchants: ["Caf\u{E9} Gym", "Cafe\u{301} Gym"], oneOffs: TextSpellings().limit + 10)
        let stored = try Self.lines(store)
        #expect(stored.map { Array($0.utf8) } == (try Self.lines(try Self.passCopy(store, folder))).map { Array($0.utf8) })
        let series = stored.filter { $0.hasPrefix("series") }
        #expect(series.count == 1)
        #expect(series.first.map { $0.utf8.starts(with: "series Card Caf\u{E9} Gym ".utf8) } == true)
        #expect(series.first?.contains(" 6 ") == true)
    }

    @Test("two spellings that stay apart in byte order but never meet another name between are still one series")
    func canonicallyEqualNamesAdjacent() throws {
        let folder = try TemporaryFolder()
        let store = try Self.ledger(folder, merchants: ["Caf\u{E9} Gym", "Cafe\u{301} Gym"])
        let stored = try Self.lines(store)
        #expect(stored.map { Array($0.utf8) } == (try Self.lines(try Self.passCopy(store, folder))).map { Array($0.utf8) })
        #expect(stored.filter { $0.hasPrefix("series") }.count == 1)
    }

    @Test(
        "past the transactions a read in time order may hold, a merchant at a time gives the same series; and where two spellings of one name come apart, time order again"
    )
    func pastTheLimit() throws {
        let cases: [(merchants: [String], between: String?, reads: [Bool])] = [
            (["City Gym"], nil, [true]),
            (["Caf\u{E9} Gym", "Cafe\u{301} Gym"], "Caff Bar", [true, false]),
        ]
        for (merchants, between, expectedReads) in cases {
            let folder = try TemporaryFolder()
            let store = try Self.ledger(folder, merchants: merchants, between: between)
            var reads: [Bool] = []
            let held = try Self.lines(store, reads: &reads)
            #expect(reads == [false])
            #expect(held.contains { $0.hasPrefix("series") })
            // The ledger's transactions: six of the gym, one between. The count stops one past
            // the limit, so a limit of exactly that many still holds them all.
            let count = 6 + (between == nil ? 0 : 1)
            for limit in [0, 1, 5, count - 1, count] {
                reads = []
                #expect(try Self.lines(store, holding: limit, reads: &reads).map { Array($0.utf8) } == held.map { Array($0.utf8) })
                #expect(reads == (limit == count ? [false] : expectedReads))
            }
        }
    }

    @Test(
        "in the running month a charge not yet past its grace is not missed, in the summary as in `report anomalies`, and is once past it; the summary's news stay as of the month's end"
    )
    func runningMonthJudgedAsOfToday() throws {
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        let store = try LedgerStore(
            path: folder.file("kept.sqlite"), mode: .create(keeper: ClassificationKeeper(base: Self.zone)), now: Self.now)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CARD", kind: "liability", name: "Card")]))
        // Due again on 3 October, missed once its five days of grace pass (from 9 October); and a
        // weekly series new as of the month's end, its first charge in its last three weeks.
        let stream = (6...9).map {
            F.transaction(
                "STREAM-\($0)", account: "CARD", date: "2026-0\($0)-03T12:00:00Z", amount: "12.99", mcc: 4899, merchant: "Stream Co")
        }
        let weekly = [11, 18, 25].map {
            F.transaction("BOX-\($0)", account: "CARD", date: "2026-10-\($0)T12:00:00Z", amount: "30.00", mcc: 5411, merchant: "Veg Box")
        }
        // New as of any of the days below, but not as of the month's end.
        let olderWeekly = [5, 12, 19, 26].map {
            F.transaction(
                "MILK-\($0)", account: "CARD", date: "2026-10-\(String(format: "%02d", $0))T12:00:00Z", amount: "8.00", mcc: 5411,
                merchant: "Milk Run")
        }
        try export.append("transactions/CARD", F.changeSet("T", 1, snapshot: true, inserted: stream + weekly + olderWeekly))
        #expect(try SyncEngine(store: store, now: Self.now).sync(WalletExportSource(path: export.path)).failures.isEmpty)
        let accounts = try ReportAccounts(store: store, base: Self.zone)
        let october = YearMonth(year: 2026, month: 10)
        for (today, missed) in [("2026-10-06", false), ("2026-10-08", false), ("2026-10-09", true), ("2026-10-20", true)] {
            let day = try #require(CivilDate(iso: today))
            let summary = try SummaryAnalysis.report(store, month: october, accounts: accounts, now: Self.now, today: day).report
            let anomalies = try AnomalyAnalysis.report(store, month: october, accounts: accounts, today: day)
            #expect(summary.anomalies == anomalies.anomalies, "\(today)")
            #expect(anomalies.anomalies.map { "\($0.kind) \($0.merchant)" } == (missed ? ["missed Stream Co"] : []), "\(today)")
            #expect(summary.recurring.map(\.merchant) == ["Veg Box"], "\(today)")
        }
    }
}
