import Foundation
import Ledger
import PurseTestSupport
import Storage
import Testing

@testable import LedgerStore

/// Imported rates: one transaction per import, a newer rate for the same (day, from, to) taking
/// the old one's place, and read back by day and currency.
@Suite("Exchange rate store")
struct ExchangeRateStoreTests {
    let folder: TemporaryFolder
    let store: LedgerStore
    let now = Timestamp.utc(epochSeconds: 1_793_520_000)

    init() throws {
        folder = try TemporaryFolder()
        store = try LedgerStore(path: folder.file("ledger.sqlite"), mode: .create(keeper: UnkeptLedger()), now: now)
    }

    static func rate(_ day: String, _ from: String, _ to: String, _ text: String) throws -> DatedRate {
        DatedRate(date: try #require(CivilDate(iso: day)), from: from, to: to, rate: try ExchangeRate(parsing: text), source: .imported)
    }

    func importing(_ rates: [DatedRate]) throws -> RateImportOutcome {
        try store.importRates { add in for rate in rates { try add(rate) } }
    }

    @Test("a first import adds, the same again changes nothing, a different rate for a key replaces it")
    func addUnchangedReplace() throws {
        let first = [
            try Self.rate("2026-10-01", "EUR", "USD", "1.0912"), try Self.rate("2026-10-01", "EUR", "GBP", "0.8650"),
            try Self.rate("2026-10-02", "EUR", "USD", "1.0900"),
        ]
        #expect(try importing(first) == RateImportOutcome(added: 3))
        #expect(try importing(first) == RateImportOutcome(unchanged: 3))
        let corrected = [try Self.rate("2026-10-02", "EUR", "USD", "1.09"), try Self.rate("2026-10-05", "EUR", "USD", "1.1")]
        // 1.0900 and 1.09 are the same rate: its text's trailing zero is no change.
        #expect(try importing(corrected) == RateImportOutcome(added: 1, unchanged: 1))
        #expect(try importing([try Self.rate("2026-10-01", "EUR", "USD", "1.2")]) == RateImportOutcome(replaced: 1))
        #expect(
            try store.importedRates() == [
                try Self.rate("2026-10-01", "EUR", "GBP", "0.8650"), try Self.rate("2026-10-01", "EUR", "USD", "1.2"),
                try Self.rate("2026-10-02", "EUR", "USD", "1.09"), try Self.rate("2026-10-05", "EUR", "USD", "1.1"),
            ])
    }

    @Test("an import that throws part way keeps nothing of itself and everything before it")
    func failedImportKeepsNothing() throws {
        struct BadLine: Error {}
        _ = try importing([try Self.rate("2026-10-01", "EUR", "USD", "1.0912")])
        #expect(throws: BadLine.self) {
            try store.importRates { add in
                try add(try Self.rate("2026-10-01", "EUR", "USD", "1.5"))
                try add(try Self.rate("2026-10-02", "EUR", "USD", "1.0900"))
                throw BadLine()
            }
        }
        #expect(try store.importedRates() == [try Self.rate("2026-10-01", "EUR", "USD", "1.0912")])
    }

    @Test("rates are read by day range and by a currency on either side")
    func readByDayAndCurrency() throws {
        _ = try importing([
            try Self.rate("2026-09-30", "EUR", "USD", "1.08"), try Self.rate("2026-10-01", "EUR", "USD", "1.09"),
            try Self.rate("2026-10-01", "GBP", "EUR", "1.15"), try Self.rate("2026-10-01", "EUR", "JPY", "161.25"),
            try Self.rate("2026-10-03", "EUR", "USD", "1.10"),
        ])
        let october = try store.importedRates(firstDay: CivilDate(iso: "2026-10-01"), lastDay: CivilDate(iso: "2026-10-02"))
        #expect(october.map(\.to) == ["JPY", "USD", "EUR"])
        #expect(try store.importedRates(currencies: ["GBP"]).map(\.from) == ["GBP"])
        #expect(try store.importedRates(currencies: ["JPY", "GBP"]).count == 2)
    }

    @Test("a ledger of the schema before rates, read as it is, has none")
    func olderSchema() throws {
        let path = folder.file("old.sqlite")
        let connection = try Connection(path: path)
        _ = try Migrator.migrate(connection, Array(LedgerSchema.migrations.prefix(17)), now: now.text)
        let old = try LedgerStore(path: path, mode: .readOnly, now: now)
        #expect(try old.importedRates().isEmpty)
    }
}
