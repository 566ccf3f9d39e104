import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

@testable import Analytics

/// Recurring charge detection on hand-made charges: each cadence, a price change, a cancelled
/// subscription, a new one, and noise that must not be reported.
@Suite("Recurring charges")
struct RecurringAnalysisTests {
    static func charges(from start: String, every step: (CivilDate, Int) -> CivilDate, count: Int, amounts: [Int64]) -> [RecurringAnalysis
        .Charge]
    {
        let first = CivilDate(iso: start)!
        return (0..<count).map { index in
            RecurringAnalysis.Charge(date: step(first, index), amount: amounts[min(index, amounts.count - 1)], category: "Subscriptions")
        }
    }

    static func monthly(_ date: CivilDate, _ index: Int) -> CivilDate { RecurringAnalysis.adding(months: index, to: date) }

    static func detect(_ charges: [RecurringAnalysis.Charge], asOf: String) throws -> RecurringReport.Item? {
        try RecurringAnalysis.detect(merchant: "Shop", currency: "USD", charges: charges, asOf: CivilDate(iso: asOf)!)
    }

    @Test(
        "each cadence is found, with its next date",
        arguments: [
            (RecurringReport.Cadence.weekly, "2026-10-27"),
            (.monthly, "2026-11-30"),
            (.quarterly, "2027-01-31"),
            (.yearly, "2027-10-31"),
        ])
    func cadences(cadence: RecurringReport.Cadence, next: String) throws {
        let step: (CivilDate, Int) -> CivilDate =
            switch cadence {
            case .weekly: { $0.adding(days: 7 * $1) }
            case .monthly: { Self.monthly($0, $1) }
            case .quarterly: { Self.monthly($0, 3 * $1) }
            case .yearly: { Self.monthly($0, 12 * $1) }
            }
        // Four charges whose last is on 20 October 2026 (weekly) or 31 October 2026.
        let last = cadence == .weekly ? CivilDate(iso: "2026-10-20")! : CivilDate(iso: "2026-10-31")!
        let first =
            switch cadence {
            case .weekly: last.adding(days: -21)
            case .monthly: Self.monthly(last, -3)
            case .quarterly: Self.monthly(last, -9)
            case .yearly: Self.monthly(last, -36)
            }
        let charges = (0..<4).map { RecurringAnalysis.Charge(date: step(first, $0), amount: 9_990_000, category: "X") }
        let item = try #require(try Self.detect(charges, asOf: last.description))
        #expect(item.cadence == cadence)
        #expect(item.count == 4)
        #expect(item.nextDate == CivilDate(iso: next)!)
        #expect(item.typicalAmount == 9_990_000)
        #expect(item.flags == [])
    }

    @Test("monthly on the 31st steps to the last day of shorter months")
    func monthEnds() {
        #expect(RecurringAnalysis.adding(months: 1, to: CivilDate(iso: "2026-01-31")!) == CivilDate(iso: "2026-02-28")!)
    }

    @Test("a price change: the last amount differs from the typical one, with the change")
    func priceChange() throws {
        let charges = Self.charges(
            from: "2026-05-07", every: Self.monthly, count: 6, amounts: [154_900, 154_900, 154_900, 154_900, 154_900, 179_900])
        let item = try #require(try Self.detect(charges, asOf: "2026-10-08"))
        #expect(item.typicalAmount == 154_900)
        #expect(item.lastAmount == 179_900)
        #expect(item.flags == [.priceChange(change: 25_000)])
    }

    @Test("a cancelled subscription is flagged missed once its next date and grace have passed")
    func cancelled() throws {
        let charges = Self.charges(from: "2026-03-12", every: Self.monthly, count: 5, amounts: [119_900])
        // Last charge 12 July: next expected 12 August, missed from 18 August (5 days' grace).
        #expect(try Self.detect(charges, asOf: "2026-08-17")?.flags == [])
        #expect(try Self.detect(charges, asOf: "2026-08-18")?.flags == [.missed])
    }

    @Test("new: the first charge falls in the last three periods of the cadence")
    func new() throws {
        let charges = Self.charges(from: "2026-08-15", every: Self.monthly, count: 3, amounts: [50_000])
        #expect(try Self.detect(charges, asOf: "2026-10-31")?.flags == [.new])
        let older = Self.charges(from: "2026-07-15", every: Self.monthly, count: 4, amounts: [50_000])
        #expect(try Self.detect(older, asOf: "2026-10-31")?.flags == [])
    }

    @Test(
        "noise is not reported: too few, irregular gaps, amounts that vary too much",
        arguments: [
            // Two charges only.
            [("2026-09-01", 100_000), ("2026-10-01", 100_000)],
            // Irregular: 3, 17 and 40 days apart.
            [("2026-08-01", 100_000), ("2026-08-04", 100_000), ("2026-08-21", 100_000), ("2026-09-30", 100_000)],
            // Monthly dates but a grocery bill: amounts far apart.
            [("2026-07-01", 500_000), ("2026-08-01", 1_500_000), ("2026-09-01", 800_000), ("2026-10-01", 2_000_000)],
            // A month skipped: a 61-day gap fits no cadence.
            [("2026-06-01", 100_000), ("2026-07-01", 100_000), ("2026-09-01", 100_000), ("2026-10-01", 100_000)],
        ])
    func noise(dates: [(String, Int64)]) throws {
        let charges = dates.map { RecurringAnalysis.Charge(date: CivilDate(iso: $0.0)!, amount: $0.1, category: "X") }
        #expect(try Self.detect(charges, asOf: "2026-10-31") == nil)
    }

    // MARK: Series: per account, merchant and amount band

    /// Monthly charges of `amount` on `day` of each month from May to October 2026.
    static func monthly(day: Int, amounts: [Int64], count: Int = 6) -> [RecurringAnalysis.Charge] {
        charges(from: "2026-05-\(day < 10 ? "0" : "")\(day)", every: Self.monthly, count: count, amounts: amounts)
    }

    @Test("two subscriptions of one merchant on one card ($2.99 on the 3rd, $10.99 on the 15th) are two series")
    func twoBands() throws {
        let interleaved = (Self.monthly(day: 3, amounts: [29_900]) + Self.monthly(day: 15, amounts: [109_900]))
            .sorted { $0.date < $1.date }
        let series = RecurringAnalysis.series(interleaved)
        #expect(series.map { $0.map(\.amount) } == [Array(repeating: 29_900, count: 6), Array(repeating: 109_900, count: 6)])
        let items = try series.map { try #require(try Self.detect($0, asOf: "2026-10-31")) }
        #expect(items.map(\.typicalAmount) == [29_900, 109_900])
        #expect(items.map(\.cadence) == [.monthly, .monthly])
        #expect(items.map(\.flags) == [[], []])
    }

    @Test("a price change within 20 % stays in its series and is flagged, beside another series of the merchant")
    func priceChangeBesideAnotherBand() throws {
        let netflix = Self.monthly(day: 7, amounts: [154_900, 154_900, 154_900, 154_900, 154_900, 179_900])
        let series = RecurringAnalysis.series(netflix + Self.monthly(day: 20, amounts: [69_900]))
        #expect(series.count == 2)
        let changed = try #require(try Self.detect(series[0], asOf: "2026-10-31"))
        #expect(changed.flags == [.priceChange(change: 25_000)])
        #expect(try Self.detect(series[1], asOf: "2026-10-31")?.typicalAmount == 69_900)
    }

    @Test("a change past 20 % starts a series: the old one is missed, the new one recurring after three charges")
    func priceChangePastTheBand() throws {
        let charges = Self.charges(
            from: "2026-01-07", every: Self.monthly, count: 9,
            amounts: [99_900, 99_900, 99_900, 99_900, 99_900, 99_900, 149_900, 149_900, 149_900])
        let series = RecurringAnalysis.series(charges)
        #expect(series.map(\.count) == [6, 3])
        #expect(try Self.detect(series[0], asOf: "2026-09-30")?.flags == [.missed])
        #expect(try Self.detect(series[1], asOf: "2026-09-30")?.flags == [.new])
    }

    @Test("series are split as the rule reads, on random charges whose amounts tie in distance to two series")
    func seriesAgainstTheRule() {
        typealias Charge = RecurringAnalysis.Charge
        var random = SeededRandom(state: 18)
        let amounts: [Int64] = [100, 110, 120, 90, 100, 105, 95, 144, 80, 121]
        for _ in 0..<300 {
            let charges = (0..<random.below(30)).map { _ in
                Charge(
                    date: CivilDate(daysSinceEpoch: 20_000 + random.below(200)), amount: amounts[random.below(amounts.count)] * 1000,
                    category: "Fun")
            }
            // The rule read plainly, as the split was written before it was made quicker: in date
            // order (then amount), a charge joins the series whose median so far is nearest and
            // within 20 %, the earlier on a tie.
            var expected: [[Charge]] = []
            for charge in charges.sorted(by: RecurringAnalysis.isBefore) {
                let typical = expected.map { RecurringAnalysis.median($0.map(\.amount)) }
                let nearest = expected.indices.filter { RecurringAnalysis.isNear(charge.amount, typical[$0]) }
                    .min { (abs(charge.amount - typical[$0]), $0) < (abs(charge.amount - typical[$1]), $1) }
                if let nearest { expected[nearest].append(charge) } else { expected.append([charge]) }
            }
            #expect(RecurringAnalysis.series(charges) == expected)
        }
    }

    @Test("a report judged as of another day is what detection as of that day gives, on random series")
    func judgedAsOfAnotherDay() throws {
        var random = SeededRandom(state: 41)
        var flagsMoved = Set<String>()
        for _ in 0..<400 {
            let cadence = RecurringReport.Cadence.allCases[random.below(4)]
            let gaps = RecurringAnalysis.band(cadence).gaps
            var day = 20_000 + random.below(60)
            var charges: [RecurringAnalysis.Charge] = []
            for _ in 0..<(3 + random.below(6)) {
                let amount = Int64(random.below(2) == 0 ? 1_000 : 900 + random.below(200)) * 100
                charges.append(.init(date: CivilDate(daysSinceEpoch: day), amount: amount, category: "Subscriptions"))
                day += gaps.lowerBound + random.below(gaps.count)
            }
            // Days from before the first charge to well past the next one expected.
            let (read, judged) = (
                CivilDate(daysSinceEpoch: day - 400 + random.below(800)), CivilDate(daysSinceEpoch: day - 400 + random.below(800))
            )
            guard let readItem = try RecurringAnalysis.detect(merchant: "Shop", currency: "USD", charges: charges, asOf: read) else {
                continue
            }
            let expected = try #require(try RecurringAnalysis.detect(merchant: "Shop", currency: "USD", charges: charges, asOf: judged))
            let report = RecurringReport(first: charges[0].date, asOf: read, timeZones: ["UTC"], items: [readItem])
            let rejudged = RecurringAnalysis.judged(report, asOf: judged)
            #expect(rejudged.asOf == judged)
            #expect(rejudged.items == [expected])
            flagsMoved.formUnion(Set(readItem.flags.map(\.name)).symmetricDifference(expected.flags.map(\.name)))
        }
        // Every flag that depends on the day moved in some case: the comparison saw them change.
        #expect(flagsMoved == ["new", "missed"])
    }

    @Test("a series broken as it is split is the one a split whole and then checked leaves out, and still draws its charges")
    func brokenSeriesAgainstTheWholeSplit() {
        typealias Charge = RecurringAnalysis.Charge
        var random = SeededRandom(state: 29)
        let amounts: [Int64] = [100, 110, 120, 90, 100, 105, 95, 144, 80, 121, 300]
        var broken = 0
        for _ in 0..<400 {
            // Sparse enough that some series keep every gap, dense enough that others break.
            let span = 20 + random.below(400)
            let charges = (0..<random.below(40)).map { _ in
                Charge(
                    date: CivilDate(daysSinceEpoch: 20_000 + random.below(span)), amount: amounts[random.below(amounts.count)] * 1000,
                    category: "Fun")
            }
            .sorted(by: RecurringAnalysis.isBefore)
            func close(_ earlier: Int, _ later: Int) -> Bool {
                (1..<RecurringAnalysis.shortestGap).contains(charges[later].date.daysSinceEpoch - charges[earlier].date.daysSinceEpoch)
            }
            let whole = RecurringAnalysis.seriesIndices(ofSortedAmounts: charges.map(\.amount))
            let kept = whole.filter { series in !zip(series, series.dropFirst()).contains { close($0, $1) } }
            broken += whole.count - kept.count
            #expect(RecurringAnalysis.seriesIndices(ofSortedAmounts: charges.map(\.amount), breaks: close) == kept)
        }
        // Else the check above would hold of a rule that never breaks.
        #expect(broken > 100)
    }

    @Test("the 20 % band is exact, and holds for amounts near the limit")
    func band() {
        #expect(RecurringAnalysis.isNear(120_000, 100_000))
        #expect(!RecurringAnalysis.isNear(120_001, 100_000))
        #expect(RecurringAnalysis.isNear(80_000, 100_000))
        #expect(!RecurringAnalysis.isNear(79_999, 100_000))
        #expect(RecurringAnalysis.isNear(Int64.max - 1, Int64.max - 10))
    }

    @Test(
        "charges split into series as a plain reading of the rule splits them: each to the nearest typical amount within 20 %, the earlier on a tie"
    )
    func seriesAgainstThePlainRule() {
        var random = SeededRandom(state: 41)
        for _ in 0..<300 {
            let amounts = (0..<random.below(60)).map { _ in Int64(900 + random.below(700)) * (random.below(5) == 0 ? 100 : 1) }
            var plain: [[Int]] = []
            for (position, amount) in amounts.enumerated() {
                let typicals = plain.map { RecurringAnalysis.median($0.map { amounts[$0] }) }
                let near = typicals.indices.filter { RecurringAnalysis.isNear(amount, typicals[$0]) }
                if let nearest = near.min(by: { (abs(amount - typicals[$0]), $0) < (abs(amount - typicals[$1]), $1) }) {
                    plain[nearest].append(position)
                } else {
                    plain.append([position])
                }
            }
            #expect(RecurringAnalysis.seriesIndices(ofSortedAmounts: amounts) == plain, "\(amounts)")
        }
    }

    @Test("the amounts near a typical one, worked out once, are exactly those isNear takes, at the edges and near the limit")
    func nearAmounts() {
        var random = SeededRandom(state: 37)
        var typicals: [Int64] = [0, 1, 4, 5, 99, 100, 101, 12_345, Int64.max - 10, Int64.max]
        for _ in 0..<2_000 { typicals.append(Int64(random.below(1 << 40))) }
        for typical in typicals {
            let near = RecurringAnalysis.nearAmounts(typical)
            let probes =
                [near.least - 1, near.least, near.greatest, typical, 0, typical / 2]
                + (near.greatest < .max ? [near.greatest + 1] : [])
            for amount in probes where amount >= 0 {
                #expect(
                    (near.least <= amount && amount <= near.greatest) == RecurringAnalysis.isNear(amount, typical), "\(amount) \(typical)")
            }
        }
    }

    @Test("two people's Netflix on two accounts, on different days, are two series, each named by its account")
    func twoAccounts() throws {
        typealias F = ExportFixture
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        let now = Timestamp.utc(epochSeconds: 1_794_744_000)
        let store = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: ClassificationKeeper(base: ReportTimeZone(identifier: "UTC")!)),
            now: now)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("ANA", kind: "liability", name: "Ana's Card"), F.account("BEN", kind: "liability", name: "Ben's Card"),
                ]))
        for (account, day, amount) in [("ANA", "07", "15.49"), ("BEN", "21", "17.99")] {
            let rows = (5...10).map { month in
                F.transaction(
                    "\(account)-\(month)", account: account, date: "2026-\(month < 10 ? "0" : "")\(month)-\(day)T12:00:00Z",
                    amount: amount, mcc: 4899, merchant: "Netflix", description: "NETFLIX.COM")
            }
            try export.append("transactions/\(account)", F.changeSet("T", 1, snapshot: true, inserted: rows))
        }
        let synced = try SyncEngine(store: store, now: now).sync(WalletExportSource(path: export.path))
        try #require(synced.failures.isEmpty)
        let accounts = try ReportAccounts(store: store, base: ReportTimeZone(identifier: "UTC")!)
        let first = CivilDate(iso: "2025-11-01")!
        let asOf = CivilDate(iso: "2026-10-31")!
        let report = try RecurringAnalysis.report(
            store, scope: ReportScope(first: first, last: asOf, accounts: accounts), first: first, asOf: asOf)
        #expect(report.items.map(\.merchant) == ["Netflix", "Netflix"])
        #expect(report.items.map(\.accountID) == ["ANA", "BEN"])
        #expect(report.items.map(\.accountName) == ["Ana's Card", "Ben's Card"])
        #expect(report.items.map(\.typicalAmount) == [154_900, 179_900])
        #expect(report.items.map(\.lastDate) == [CivilDate(iso: "2026-10-07")!, CivilDate(iso: "2026-10-21")!])
        #expect(report.items.map(\.count) == [6, 6])
        #expect(report.items.allSatisfy { $0.direction == .debit && $0.flags == [] })
    }

    @Test("money coming in on a cadence is a series of the income flow; refunds and transfers never are")
    func income() throws {
        typealias F = ExportFixture
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        let now = Timestamp.utc(epochSeconds: 1_794_744_000)
        let store = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: ClassificationKeeper(base: ReportTimeZone(identifier: "UTC")!)),
            now: now)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CHK", name: "Everyday")]))
        let rows = (5...10).flatMap { month in
            let day = "2026-\(month < 10 ? "0" : "")\(month)"
            return [
                F.transaction(
                    "PAY-\(month)", account: "CHK", date: "\(day)-01T12:00:00Z", amount: "2000.00", indicator: "credit",
                    type: "directDeposit", mcc: nil, merchant: "Acme Payroll", description: "ACME PAYROLL"),
                // The same merchant charging the same amount: money out, a series apart.
                F.transaction(
                    "FEE-\(month)", account: "CHK", date: "\(day)-03T12:00:00Z", amount: "2000.00", type: "billPayment", mcc: 6513,
                    merchant: "Acme Payroll", description: "ACME PAYROLL"),
                F.transaction(
                    "REFUND-\(month)", account: "CHK", date: "\(day)-09T12:00:00Z", amount: "10.00", indicator: "credit", type: "refund",
                    merchant: "Green Market", description: "GREEN MARKET"),
                F.transaction(
                    "MOVE-\(month)", account: "CHK", date: "\(day)-02T12:00:00Z", amount: "450.00", indicator: "credit", type: "transfer",
                    mcc: nil, merchant: nil, description: "FROM SAVINGS"),
            ]
        }
        try export.append("transactions/CHK", F.changeSet("T", 1, snapshot: true, inserted: rows))
        let synced = try SyncEngine(store: store, now: now).sync(WalletExportSource(path: export.path))
        try #require(synced.failures.isEmpty)
        let accounts = try ReportAccounts(store: store, base: ReportTimeZone(identifier: "UTC")!)
        let first = CivilDate(iso: "2025-11-01")!
        let asOf = CivilDate(iso: "2026-10-31")!
        let report = try RecurringAnalysis.report(
            store, scope: ReportScope(first: first, last: asOf, accounts: accounts), first: first, asOf: asOf)
        #expect(report.items.map(\.merchant) == ["Acme Payroll", "Acme Payroll"])
        #expect(report.items.map(\.flow) == [.expense, .income])
        #expect(report.items.map(\.direction) == [.debit, .credit])
        #expect(report.items.map(\.typicalAmount) == [20_000_000, 20_000_000])
        #expect(report.items.map(\.nextDate) == [CivilDate(iso: "2026-11-03")!, CivilDate(iso: "2026-11-01")!])
        #expect(report.items[1].category == "Income")
    }
}

@Suite("Recurring: expected dates")
struct RecurringExpectedDatesTests {
    static func item(lastOn last: String, _ cadence: RecurringReport.Cadence) throws -> RecurringReport.Item {
        let first = CivilDate(iso: last)!
        let charges = (0..<3).reversed().map { back in
            RecurringAnalysis.Charge(
                date: RecurringAnalysis.nextDate(after: first, cadence, periods: -back), amount: 1_000, category: "X")
        }
        return try #require(try RecurringAnalysis.detect(merchant: "Shop", currency: "USD", charges: charges, asOf: first))
    }

    @Test("each occurrence counts from the last charge, so a month end stays one; only the window's are given")
    func monthEnds() throws {
        let item = try Self.item(lastOn: "2026-01-31", .monthly)
        #expect(item.charges.map(\.date.description) == ["2025-11-30", "2025-12-31", "2026-01-31"])
        let dates = item.expectedDates(after: CivilDate(iso: "2026-02-28")!, through: CivilDate(iso: "2026-05-31")!)
        #expect(dates.map(\.description) == ["2026-03-31", "2026-04-30", "2026-05-31"])
        #expect(item.expectedDates(after: CivilDate(iso: "2026-01-31")!, through: CivilDate(iso: "2026-02-27")!).isEmpty)
    }

    @Test("a weekly series gives every week of the window")
    func weekly() throws {
        let item = try Self.item(lastOn: "2026-10-17", .weekly)
        let dates = item.expectedDates(after: CivilDate(iso: "2026-10-20")!, through: CivilDate(iso: "2026-11-07")!)
        #expect(dates.map(\.description) == ["2026-10-24", "2026-10-31", "2026-11-07"])
    }
}
