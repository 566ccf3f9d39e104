import Analytics
import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

/// Reports read inside one read transaction (`LedgerStore.readSnapshot`, what the CLI wraps every
/// report in): a sync committing meanwhile never gives a report that mixes before and after.
@Suite("Reports read one snapshot")
struct ReadSnapshotTests {
    typealias F = ExportFixture
    let folder: TemporaryFolder
    let export: ExportFixture
    let writer: LedgerStore
    let reader: LedgerStore
    let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    let utc = ReportTimeZone(identifier: "UTC")!

    init() throws {
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        writer = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: ClassificationKeeper(base: ReportTimeZone(identifier: "UTC")!)),
            now: now)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CHK", name: "Checking")]))
        try export.append(
            "transactions/CHK",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction("T1", account: "CHK", date: "2026-10-05T12:00:00Z", amount: "40.00")
                ]))
        _ = try SyncEngine(store: writer, now: now).sync(WalletExportSource(path: export.path))
        reader = try LedgerStore(path: folder.file("ledger.sqlite"), mode: .readOnly, now: now)
    }

    func sync() throws {
        _ = try SyncEngine(store: writer, now: now).sync(WalletExportSource(path: export.path))
    }

    func octoberSpending() throws -> Int64 {
        let month = YearMonth(iso: "2026-10")!
        return try SpendingAnalysis.report(
            reader, scope: ReportScope(months: month...month, accounts: try ReportAccounts(store: reader, base: utc)), months: [month],
            grouping: .category
        ).total("USD").net
    }

    @Test("a sync committed between two reads of one snapshot is seen by neither; the next snapshot sees it")
    func syncBetweenReads() throws {
        let (before, after) = try reader.readSnapshot {
            let before = try octoberSpending()
            try export.append(
                "transactions/CHK",
                F.changeSet(
                    "T", 2,
                    inserted: [
                        F.transaction("T2", account: "CHK", date: "2026-10-06T12:00:00Z", amount: "60.00")
                    ]))
            try sync()
            return (before, try octoberSpending())
        }
        #expect(before == 400_000)
        #expect(after == 400_000)
        #expect(try reader.readSnapshot { try octoberSpending() } == 1_000_000)
    }

    @Test("the summary, built from other reports that read their own snapshots, reads inside the caller's")
    func summaryInsideSnapshot() throws {
        let result = try reader.readSnapshot {
            try SummaryAnalysis.report(
                reader, month: YearMonth(iso: "2026-10")!, accounts: try ReportAccounts(store: reader, base: utc), now: now)
        }
        #expect(result.report.currencies.map(\.net) == [400_000])
    }
}
