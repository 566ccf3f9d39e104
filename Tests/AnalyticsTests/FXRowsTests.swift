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

    @Test("two spellings of one merchant that Swift takes as equal (composed and decomposed é) keep their own bytes, in time order")
    func spellingsKept() throws {
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        let now = Timestamp.utc(epochSeconds: 1_794_744_000)
        let zone = try #require(ReportTimeZone(identifier: "UTC"))
        let store = try LedgerStore(path: folder.file("fx.sqlite"), mode: .create(keeper: ClassificationKeeper(base: zone)), now: now)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CARD", kind: "liability", name: "Card")]))
        let spellings = ["Caf\u{E9} Flore", "Cafe\u{301} Flore", "Caf\u{E9} Flore"]
        let rows = spellings.enumerated().map { index, merchant in
            F.transaction(
                "T\(index)", account: "CARD", date: "2026-10-0\(index + 2)T12:00:00Z", amount: "11.10", mcc: 5812,
                merchant: merchant, foreign: ("10.00", "EUR", "1.11"))
        }
        try export.append("transactions/CARD", F.changeSet("T", 1, snapshot: true, inserted: rows))
        let synced = try SyncEngine(store: store, now: now).sync(WalletExportSource(path: export.path))
        try #require(synced.failures.isEmpty)
        let scope = ReportScope(
            first: CivilDate(iso: "2026-10-01")!, last: CivilDate(iso: "2026-10-31")!,
            accounts: try ReportAccounts(store: store, base: zone))
        let report = try FXAnalysis.report(store, scope: scope, months: [YearMonth(year: 2026, month: 10)])
        #expect(report.rows.map(\.transactionID) == ["T0", "T1", "T2"])
        #expect(report.rows.map { Array($0.merchant.utf8) } == spellings.map { Array($0.utf8) })
        #expect(report.rows.allSatisfy { $0.accountID == "CARD" })
    }
}
