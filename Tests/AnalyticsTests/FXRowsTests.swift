import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

@testable import Analytics

/// `report fx` keeps one copy of each repeated account ID and merchant: each row must still show
/// its own bytes.
@Suite("report fx: the rows")
struct FXRowsTests {
    typealias F = ExportFixture

    @Test(
        "two spellings of one merchant that Swift takes as equal (composed and decomposed é) keep their own bytes; a day's rows go in time order"
    )
    func spellingsKept() throws {
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        let now = Timestamp.utc(epochSeconds: 1_794_744_000)
        let zone = try #require(ReportTimeZone(identifier: "UTC"))
        let store = try LedgerStore(path: folder.file("fx.sqlite"), mode: .create(keeper: ClassificationKeeper(base: zone)), now: now)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CARD", kind: "liability", name: "Card")]))
        let spellings = ["Caf\u{E9} Flore", "Cafe\u{301} Flore", "Caf\u{E9} Flore"]
        // T0 after T1 on one day: a day's rows go by time, not by ID.
        let times = ["2026-10-02T18:00:00Z", "2026-10-02T09:00:00Z", "2026-10-03T12:00:00Z"]
        let rows = spellings.indices.map { index in
            F.transaction(
                "T\(index)", account: "CARD", date: times[index], amount: "11.10", mcc: 5812, merchant: spellings[index],
                foreign: ("10.00", "EUR", "1.11"))
        }
        try export.append("transactions/CARD", F.changeSet("T", 1, snapshot: true, inserted: rows))
        let synced = try SyncEngine(store: store, now: now).sync(WalletExportSource(path: export.path))
        try #require(synced.failures.isEmpty)
        let scope = ReportScope(
            first: CivilDate(iso: "2026-10-01")!, last: CivilDate(iso: "2026-10-31")!,
            accounts: try ReportAccounts(store: store, base: zone))
        let report = try FXAnalysis.report(store, scope: scope, months: [YearMonth(year: 2026, month: 10)])
        #expect(report.rows.map(\.transactionID) == ["T1", "T0", "T2"])
        #expect(report.rows.map { Array($0.merchant.utf8) } == [1, 0, 2].map { Array(spellings[$0].utf8) })
        #expect(report.rows.allSatisfy { $0.accountID == "CARD" })
    }
}
