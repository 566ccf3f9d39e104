import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Testing

@testable import Analytics

/// The summary reads its year's months before the last four on a second connection, beside the
/// read of those four (`LedgerStore.readSnapshot(preparingSecondReader:)`): what it finds must be
/// what one read finds, and a write committed once the report's snapshot began must not reach it.
@Suite("Series read beside on a second connection")
struct RecurringBesideTests {
    typealias Fixture = RecurringAlongsideTests

    /// The summary's twelve months' series (and, `alongside`, its budgets' projection's) from
    /// one read of the stored charges, and the IDs of the rows it handed on.
    static func read(_ store: LedgerStore, alongside: Bool = false) throws -> (lines: [String], alongside: [String]?, shared: [String]) {
        let accounts = try ReportAccounts(store: store, base: Fixture.utc)
        let month = Fixture.month
        var shared: [String] = []
        let found = try RecurringAnalysis.reports(
            store, scope: ReportScope(months: month.adding(months: -11)...month, accounts: accounts),
            first: month.adding(months: -11).firstDay, asOf: month.lastDay, holding: 1_000, sharing: { shared.append($0.id) },
            alongside: alongside ? BudgetProjector.seriesScope(accounts: accounts, today: Fixture.today, includePending: false) : nil)
        return (Fixture.lines(found.report), found.alongside.map(Fixture.lines), shared)
    }

    @Test(
        "read beside, the series are one read's, alone and alongside the projection, and only the last four months' rows are handed on"
    )
    func sameAsOneRead() throws {
        let folder = try TemporaryFolder()
        _ = try Fixture.ledger(folder)
        let store = try LedgerStore(path: folder.file("kept.sqlite"), mode: .readOnly, now: Fixture.now)
        // The eight months before July 2026, by the fixture's IDs: the fuel club's July charge is
        // 30 June in UTC, 1 July in its account's zone.
        let olderIDs = Set(
            (0..<8).flatMap { offset in
                let month = YearMonth(year: 2025, month: 11).adding(months: offset)
                return ["GYM-\(month)", "FUEL-\(month)"]
            })
        for alongside in [false, true] {
            let one = try store.readSnapshot { try Self.read(store, alongside: alongside) }
            let beside = try store.readSnapshot(preparingSecondReader: true) {
                #expect(store.secondReader != nil)
                return try Self.read(store, alongside: alongside)
            }
            #expect(store.secondReader == nil)
            #expect(beside.lines == one.lines)
            #expect(beside.alongside == one.alongside)
            #expect(one.shared.contains("GYM-2026-03") && one.shared.contains("FUEL-2026-07"))
            #expect(beside.shared == one.shared.filter { !olderIDs.contains($0) })
            #expect(beside.shared.contains("FUEL-2026-07") && !beside.shared.contains("GYM-2026-03"))
        }
        // The split March charge and the Kiritimati days are among the older months' series.
        let gym = try #require(try store.readSnapshot { try Self.read(store) }.lines.first { $0.contains("Gym") })
        #expect(gym.contains("2026-03-20:500000:[(key: \"Fun\", value: 200000), (key: \"Health\", value: 300000)]"))
    }

    @Test("a write committed once the report's snapshot began is not read, though the second connection would see it")
    func writeInBetween() throws {
        let folder = try TemporaryFolder()
        let writer = try Fixture.ledger(folder)
        let store = try LedgerStore(path: folder.file("kept.sqlite"), mode: .readOnly, now: Fixture.now)
        let before = try store.readSnapshot { try Self.read(store) }
        let during = try store.readSnapshot(preparingSecondReader: true) {
            try writer.transaction {
                try writer.saveTransactionOverride(TransactionOverride(transactionID: "GYM-2026-01", isExcluded: true), now: Fixture.now)
            }
            #expect(try store.secondReader?.readingSameSnapshot { _ in true } == nil)
            return try Self.read(store)
        }
        #expect(during.lines == before.lines)
        // Not vacuous: January's charge left the gym's series.
        #expect(try store.readSnapshot { try Self.read(store) }.lines != before.lines)
    }

    @Test("a second connection is made only for a ledger opened read-only, and reads only when nothing was written between")
    func secondReaderOnlyWhenSame() throws {
        let folder = try TemporaryFolder()
        let writer = try Fixture.ledger(folder)
        try writer.readSnapshot(preparingSecondReader: true) { #expect(writer.secondReader == nil) }
        let store = try LedgerStore(path: folder.file("kept.sqlite"), mode: .readOnly, now: Fixture.now)
        #expect(store.secondReader == nil)
        // Written before the snapshot began: both connections see it.
        try writer.transaction {
            try writer.saveTransactionOverride(TransactionOverride(transactionID: "GYM-2026-02", isExcluded: true), now: Fixture.now)
        }
        try store.readSnapshot(preparingSecondReader: true) {
            let second = try #require(store.secondReader)
            #expect(try second.readingSameSnapshot { _ in 7 } == 7)
        }
        // Inside another read transaction, none is made: the snapshot already began.
        try store.readSnapshot {
            try store.readSnapshot(preparingSecondReader: true) { #expect(store.secondReader == nil) }
        }
    }
}
