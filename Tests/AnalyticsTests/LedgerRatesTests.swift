import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

@testable import Analytics

/// The rates a ledger answers with: imported ones, and the card's taken from foreign purchases
/// on their local day.
@Suite("Ledger rates")
struct LedgerRatesTests {
    typealias F = ExportFixture

    @Test("a foreign purchase is a card rate on its account's local day; imported rates come first; a bad rate text is none")
    func cardAndImported() throws {
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        let store = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: UnkeptLedger()), now: .utc(epochSeconds: 1_794_744_000))
        try export.append(
            "accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CARD", kind: "liability", name: "Apple Card")]))
        try export.append(
            "transactions/CARD",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    // 23:30 in New York on the 3rd is the 4th in UTC.
                    F.transaction(
                        "A", account: "CARD", date: "2026-10-03T23:30:00-04:00", amount: "49.10", foreign: ("45.00", "EUR", "1.0911")),
                    F.transaction("B", account: "CARD", date: "2026-10-10T12:00:00Z", amount: "20.00", foreign: ("16.00", "GBP", "1.25")),
                    F.transaction(
                        "C", account: "CARD", date: "2026-10-11T12:00:00Z", amount: "20.00",
                        foreign: ("16.00", "GBP", "1.2500000000000000001")),
                    F.transaction("D", account: "CARD", date: "2026-10-12T12:00:00Z", amount: "20.00"),
                ]))
        let report = try SyncEngine(store: store, now: .utc(epochSeconds: 1_794_744_000)).sync(WalletExportSource(path: export.path))
        if let failure = report.failures.first { throw failure }
        _ = try store.importRates { add in
            try add(
                DatedRate(
                    date: CivilDate(iso: "2026-10-10")!, from: "GBP", to: "USD", rate: try ExchangeRate(parsing: "1.27"), source: .imported)
            )
        }
        let newYork = try ReportAccounts(store: store, base: #require(ReportTimeZone(identifier: "America/New_York")))
        let rates = try RateTable.load(
            store, accounts: newYork, firstDay: CivilDate(iso: "2026-10-01"), lastDay: CivilDate(iso: "2026-10-31"))
        let euro = try #require(try rates.rate(on: CivilDate(iso: "2026-10-03")!, from: "EUR", to: "USD"))
        let charged = try ExchangeRate(parsing: "1.0911")
        #expect(euro.source == .card && euro.date == CivilDate(iso: "2026-10-03") && euro.rate == charged)
        #expect(try rates.rate(on: CivilDate(iso: "2026-10-11")!, from: "GBP", to: "USD")?.rate == (try ExchangeRate(parsing: "1.27")))
        let utc = try ReportAccounts(store: store, base: #require(ReportTimeZone(identifier: "UTC")))
        let inUTC = try RateTable.load(store, accounts: utc, firstDay: CivilDate(iso: "2026-10-04"), lastDay: CivilDate(iso: "2026-10-04"))
        #expect(try inUTC.rate(on: CivilDate(iso: "2026-10-04")!, from: "EUR", to: "USD")?.date == CivilDate(iso: "2026-10-04"))
        // The window ends on the last day: a later card rate is not loaded.
        let early = try RateTable.load(store, accounts: utc, firstDay: nil, lastDay: CivilDate(iso: "2026-10-02"))
        #expect(try early.rate(on: CivilDate(iso: "2026-10-02")!, from: "EUR", to: "USD") == nil)
    }
}
