import Ledger
import PurseTestSupport
import Testing

@testable import Analytics

/// `report spending`'s rows kept out of memory (`SpendingRows`), and the parts a report reads them
/// in (`SpendingAnalysis.parts`).
@Suite struct SpendingRowsTests {
    private static func row(
        _ period: YearMonth, _ key: String, code: Int? = nil, category: String? = "Dining", currency: String = "USD",
        spent: Int64, refunded: Int64 = 0, count: Int = 1, previous: Int64? = nil
    ) throws -> SpendingReport.Row {
        try SpendingReport.Row(
            period: period, key: key, merchantCategoryCode: code, codeDescription: code.flatMap(MerchantCategoryCodeTable.description),
            category: category, currency: currency, spent: spent, refunded: refunded, count: count, previousNet: previous)
    }

    @Test(
        "40,000 rows (held, then in SQLite, past its cache into its file) come back in the order added, each field as it was: texts byte for byte, no MCC, no category, no previous net, the largest sums"
    )
    func rowsComeBackAsAdded() throws {
        var random = SeededRandom(state: 7)
        let keys = ["Caf\u{E9}", "Cafe\u{301}", "", "Z\u{0}Z", "Noodle Bar", String(repeating: "\u{1F600}", count: 40)]
        var added: [SpendingReport.Row] = []
        let rows = SpendingRows()
        for index in 0..<40_000 {
            let row = try Self.row(
                YearMonth(year: 2016 + index % 11, month: 1 + index % 12), keys[random.below(keys.count)] + String(index % 97),
                code: [nil, 5812, 9999][random.below(3)], category: [nil, "Dining", "Caf\u{E9}s"][random.below(3)],
                currency: ["USD", "JPY", "EUR"][random.below(3)], spent: index == 5 ? .max : Int64(random.below(1_000_000_000)),
                refunded: index == 6 ? .max : Int64(random.below(1_000)), count: index == 7 ? .max : random.below(50),
                previous: random.below(2) == 0 ? nil : Int64(random.below(1_000_000)) - 500_000)
            added.append(row)
            try rows.append(row)
            if [100, SpendingRows.heldAtMost, SpendingRows.heldAtMost + 1].contains(added.count) {
                #expect(try rows.all == added, "\(added.count)")
            }
        }
        #expect(rows.count == added.count)
        let all = try rows.all
        #expect(all == added)
        // Swift's `==` takes both spellings of é as one: the bytes tell them apart.
        #expect(all.map { Array($0.key.utf8) } == added.map { Array($0.key.utf8) })
        #expect(all.map { $0.category.map { Array($0.utf8) } } == added.map { $0.category.map { Array($0.utf8) } })
        var yen: [SpendingReport.Row] = []
        try rows.readEach(currency: "JPY") { yen.append($0) }
        #expect(yen == added.filter { $0.currency == "JPY" })
    }

    @Test("each currency's largest net, negative when every net is; 0 for a currency without rows")
    func largestNets() throws {
        let rows = SpendingRows()
        let october = YearMonth(year: 2026, month: 10)
        try rows.append(try Self.row(october, "A", spent: 100, refunded: 500))
        try rows.append(try Self.row(october, "B", spent: 100, refunded: 300))
        try rows.append(try Self.row(october, "C", currency: "EUR", spent: 700))
        try rows.append(try Self.row(october, "D", currency: "EUR", spent: 0, count: 0, previous: 900))
        #expect(rows.largestNet("USD") == -200)
        #expect(rows.largestNet("EUR") == 700)
        #expect(rows.largestNet("GBP") == 0)
        var euros: [String] = []
        try rows.readEach(currency: "EUR") { euros.append($0.key) }
        #expect(euros == ["C", "D"])
        var none: [SpendingReport.Row] = []
        try rows.readEach(currency: "GBP") { none.append($0) }
        #expect(none.isEmpty)
    }

    private static let accounts = ReportAccounts([], base: ReportTimeZone(identifier: "UTC")!)

    private static func days(_ scope: ReportScope) -> String {
        "\(scope.firstDay.map(\.description) ?? "-")..<\(scope.endDay.map(\.description) ?? "-")"
    }

    private static func classified(_ scope: ReportScope) -> String {
        "\(scope.classifiedFrom.map(\.description) ?? "-")..<\(scope.classifiedBefore.map(\.description) ?? "-")"
    }

    @Test(
        "by merchant a report is read a month at a time, a day past each side of the month, its first and last cut where its days are; each month with the whole month before it"
    )
    func merchantsAMonthAtATime() throws {
        let scope = ReportScope(first: CivilDate(iso: "2026-01-15"), last: CivilDate(iso: "2026-03-10"), accounts: Self.accounts)
        let months = [YearMonth(year: 2026, month: 1), YearMonth(year: 2026, month: 2), YearMonth(year: 2026, month: 3)]
        let previous = months.map { $0.adding(months: -3) }
        let parts = SpendingAnalysis.parts(of: scope, months: months, previousMonths: previous, grouping: .merchant)
        #expect(parts.map { Self.days($0.scope) } == ["2026-01-15..<2026-02-02", "2026-01-31..<2026-03-02", "2026-02-28..<2026-03-11"])
        #expect(parts.map { Self.classified($0.scope) } == ["-..<2026-02", "2026-02..<2026-03", "2026-03..<-"])
        #expect(
            parts.map { $0.previous.map(Self.days) } == ["2025-10-01..<2025-11-02", "2025-10-31..<2025-12-02", "2025-11-30..<2026-01-01"])
        #expect(parts.map { $0.previous.map(Self.classified) } == ["-..<2025-11", "2025-11..<2025-12", "2025-12..<-"])
        let plain = SpendingAnalysis.parts(of: scope, months: months, previousMonths: nil, grouping: .merchant)
        #expect(plain.map { Self.days($0.scope) } == parts.map { Self.days($0.scope) })
        #expect(plain.allSatisfy { $0.previous == nil })
    }

    @Test(
        "by any other key, and by merchant over one month or open days, a report is read whole", arguments: SpendingReport.Grouping.allCases
    )
    func otherwiseWhole(grouping: SpendingReport.Grouping) throws {
        let scope = ReportScope(first: CivilDate(iso: "2026-01-15"), last: CivilDate(iso: "2026-03-10"), accounts: Self.accounts)
        let months = [YearMonth(year: 2026, month: 1), YearMonth(year: 2026, month: 2), YearMonth(year: 2026, month: 3)]
        if grouping != .merchant {
            let parts = SpendingAnalysis.parts(
                of: scope, months: months, previousMonths: months.map { $0.adding(months: -3) }, grouping: grouping)
            #expect(parts.map { Self.days($0.scope) } == ["2026-01-15..<2026-03-11"])
            #expect(parts.map { $0.previous.map(Self.days) } == ["2025-10-01..<2026-01-01"])
        }
        let oneMonth = SpendingAnalysis.parts(of: scope, months: [months[0]], previousMonths: nil, grouping: grouping)
        #expect(oneMonth.map { Self.days($0.scope) } == ["2026-01-15..<2026-03-11"])
        #expect(oneMonth.map { Self.classified($0.scope) } == ["-..<-"])
        let open = ReportScope(first: nil, last: CivilDate(iso: "2026-03-10"), accounts: Self.accounts)
        #expect(SpendingAnalysis.parts(of: open, months: months, previousMonths: nil, grouping: grouping).count == 1)
    }
}
