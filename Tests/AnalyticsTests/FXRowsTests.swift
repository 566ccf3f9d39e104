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

    @Test("rows held packed come back as they were added, in date, time and ID order, every text byte for byte")
    func packedRows() throws {
        var random = SeededRandom(state: 29)
        let texts = ["CARD", "Card", "Caf\u{E9}", "Cafe\u{301}", "", "東京 Sushi", "USD", "EUR", "1.0823", "Savings (2)"]
        let rates = try ["1.0823", "0.9", "161.25"].map { try ExchangeRate(parsing: $0) }
        for _ in 0..<50 {
            var added: [FXReport.Row] = []
            var rows = FXRows()
            for index in 0..<Int.random(in: 0...40, using: &random) {
                func text() -> String { texts.randomElement(using: &random)! }
                let day = CivilDate(daysSinceEpoch: Int.random(in: 20_000...20_003, using: &random))
                let reference =
                    Bool.random(using: &random)
                    ? nil
                    : FXReport.Reference(
                        rate: rates.randomElement(using: &random)!, date: day.adding(days: -Int.random(in: 0...7, using: &random)),
                        amount: Int64.random(in: -1_000_000...1_000_000, using: &random),
                        markup: Int64.random(in: -9999...9999, using: &random))
                let row = FXReport.Row(
                    date: day, time: Int64.random(in: 0...3, using: &random),
                    transactionID: [text() + "-\(index)", "é\(index)", "\(index)"][index % 3],
                    accountID: text(), accountName: text(), accountLabel: text(), merchant: text(),
                    foreignAmount: Int64.random(in: .min ... .max, using: &random), foreignCurrency: text(),
                    amount: Int64.random(in: .min ... .max, using: &random), currency: text(), cardRate: text(), reference: reference)
                added.append(row)
                rows.append(row)
            }
            rows.sort()
            let expected = added.sorted { ($0.date, $0.time, $0.transactionID) < ($1.date, $1.time, $1.transactionID) }
            #expect(Array(rows) == expected)
            for (row, want) in zip(rows, expected) {
                for (text, wanted) in [
                    (row.accountID, want.accountID), (row.accountName, want.accountName), (row.accountLabel, want.accountLabel),
                    (row.merchant, want.merchant), (row.foreignCurrency, want.foreignCurrency), (row.currency, want.currency),
                    (row.cardRate, want.cardRate), (row.transactionID, want.transactionID),
                ] {
                    #expect(Array(text.utf8) == Array(wanted.utf8))
                }
            }
        }
    }
}
