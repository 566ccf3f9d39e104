import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
@testable import Analytics

/// Spending summed in SQL (no user rules) must equal spending classified row by row, for
/// every grouping and scope.
@Suite("Spending aggregation paths agree")
struct SpendingAggregationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Row: Hashable {
        let period: String, key: String, category: String?, currency: String, spent: Int64, refunded: Int64, count: Int
    }

    static func rows(_ rows: [SpendingReport.Row]) -> Set<Row> {
        Set(rows.map { Row(period: $0.period.description, key: $0.key, category: $0.category, currency: $0.currency,
                           spent: $0.spent, refunded: $0.refunded, count: $0.count) })
    }

    @Test("grouped SQL sums equal row-by-row classification on the example ledger", arguments: SpendingReport.Grouping.allCases)
    func pathsAgree(grouping: SpendingReport.Grouping) throws {
        let folder = try TemporaryFolder()
        let now = Timestamp.utc(epochSeconds: 1_794_744_000)
        let store = try LedgerStore(path: folder.file("ledger.sqlite"), now: now)
        _ = try SyncEngine(store: store, now: now).sync(WalletExportSource(path: Self.root.appendingPathComponent("examples/wallet-export").path))
        let zone = ReportTimeZone(identifier: "America/New_York")!
        var scopes: [ReportScope] = [
            ReportScope(months: YearMonth(year: 2026, month: 10)...YearMonth(year: 2026, month: 10), zone: zone),
            ReportScope(from: nil, until: nil, zone: zone),
            ReportScope(from: zone.startOfDay(CivilDate(year: 2026, month: 3, day: 15)), until: zone.startOfDay(CivilDate(year: 2026, month: 7, day: 2)), zone: zone),
        ]
        var pending = scopes[0]
        pending.includePending = true
        var gbp = scopes[1]
        gbp.currencies = ["GBP"]
        scopes += [pending, gbp]
        for scope in scopes {
            let grouped = try SpendingAnalysis.aggregateGrouped(store, scope: scope, grouping: grouping)
            let rowByRow = try SpendingAnalysis.aggregateRowByRow(store, scope: scope, grouping: grouping)
            #expect(!rowByRow.isEmpty)
            #expect(Self.rows(grouped) == Self.rows(rowByRow))
        }
    }
}
