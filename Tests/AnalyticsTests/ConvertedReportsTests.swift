import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Storage
import Sync
import Testing
import WalletExport

@testable import Analytics

/// A ledger in dollars and pounds with purchases in euros, filled by Sync from a Wallet export
/// written for the test: CARD (USD, UTC), UK (GBP, Europe/London) and EU (EUR, Europe/Berlin,
/// so a purchase late in a UTC evening is on the next local day there).
private final class ConversionWorld {
    typealias F = ExportFixture
    static let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    static let utc = ReportTimeZone(identifier: "UTC")!
    let folder: TemporaryFolder
    let export: ExportFixture
    let store: LedgerStore
    private var sequences: [String: Int] = [:]
    private var count = 0

    init() throws {
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        try export.writeManifest(
            """
            {"format":"wallet-export","version":1,"sourceID":"S1","sourceName":"Phone","exportedAt":"2026-11-01T08:00:00Z",\
            "accountTimeZones":{"CARD":"UTC","UK":"Europe/London","EU":"Europe/Berlin"}}
            """)
        store = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: ClassificationKeeper(base: Self.utc)), now: Self.now)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("CARD", kind: "liability", name: "Apple Card"),
                    F.account("UK", name: "Monzo", currency: "GBP", institution: "Monzo"),
                    F.account("EU", name: "N26", currency: "EUR", institution: "N26"),
                ]))
    }

    /// Adds transactions to an account's stream (one change set) and syncs.
    func add(_ transactions: [String], to account: String) throws {
        let sequence = (sequences[account] ?? 0) + 1
        sequences[account] = sequence
        try export.append("transactions/\(account)", F.changeSet("T", sequence, snapshot: sequence == 1, inserted: transactions))
        let report = try SyncEngine(store: store, now: Self.now).sync(WalletExportSource(path: export.path))
        if let failure = report.failures.first { throw failure }
    }

    /// A purchase (or, `refund`, a refund) at `time` (ISO 8601 instant); MCC 5411 is Groceries,
    /// 5812 Dining, 4511 Air Travel.
    func purchase(
        _ time: String, _ amount: String, account: String, currency: String, mcc: Int = 5411, merchant: String = "Shop",
        refund: Bool = false, status: String = "booked"
    ) -> String {
        count += 1
        return F.transaction(
            "P\(count)", account: account, date: time, amount: amount, currency: currency, indicator: refund ? "credit" : "debit",
            status: status, type: refund ? "refund" : "pointOfSale", mcc: mcc, merchant: merchant, description: merchant.uppercased())
    }

    /// Income (a deposit credited) at `time`.
    func income(_ time: String, _ amount: String, account: String, currency: String, from payer: String) -> String {
        count += 1
        return F.transaction(
            "I\(count)", account: account, date: time, amount: amount, currency: currency, indicator: "credit", type: "deposit",
            mcc: nil, merchant: payer, description: payer.uppercased())
    }

    func accounts(base: ReportTimeZone = ConversionWorld.utc) throws -> ReportAccounts {
        try ReportAccounts(store: store, base: base)
    }

    /// A copy of the ledger whose classification waits to be redone, opened read-only: its
    /// reports run the keeper's pass as they read.
    func unclassifiedCopy() throws -> LedgerStore {
        let path = folder.file("copy.sqlite")
        try Connection(path: store.path).execute("VACUUM INTO '\(path)'")
        try Connection(path: path).execute("UPDATE classification_state SET rebuild_needed = 1")
        return try LedgerStore(path: path, mode: .readOnly, now: Self.now)
    }
}

/// The summed rows of one key, as a test compares them.
private struct Summed: Hashable {
    let month: YearMonth
    let account: String
    let category: String
    let code: Int?
    let currency: String
    let merchant: String?
}

@Suite("Converted reports")
struct ConvertedReportsTests {
    /// October 2026 in three currencies: USD on the card, GBP in the UK, EUR in Berlin, with a
    /// refund, a pending purchase, a split and income (`counted` lists what counts).
    private static func threeCurrencies() throws -> ConversionWorld {
        let world = try ConversionWorld()
        try world.add(
            [
                world.purchase("2026-10-03T12:00:00Z", "54.20", account: "CARD", currency: "USD"),
                world.purchase("2026-10-20T12:00:00Z", "80.00", account: "CARD", currency: "USD", mcc: 5812),
                world.purchase("2026-10-21T12:00:00Z", "12.34", account: "CARD", currency: "USD", status: "pending"),
            ], to: "CARD")
        try world.add(
            [
                world.purchase("2026-10-04T09:00:00Z", "30.15", account: "UK", currency: "GBP"),
                world.purchase("2026-10-06T09:00:00Z", "10.05", account: "UK", currency: "GBP", refund: true),
                world.purchase("2026-10-31T23:30:00Z", "99.99", account: "UK", currency: "GBP", mcc: 5812),
            ], to: "UK")
        try world.add(
            [
                world.purchase("2026-10-05T23:30:00Z", "40.00", account: "EU", currency: "EUR", mcc: 5812),
                world.purchase("2026-10-12T10:00:00Z", "120.50", account: "EU", currency: "EUR", mcc: 4511, merchant: "Lufthansa"),
                world.purchase("2026-10-20T10:00:00Z", "15.00", account: "EU", currency: "EUR"),
                world.purchase("2026-10-25T10:00:00Z", "60.00", account: "EU", currency: "EUR", mcc: 4722, merchant: "Reisebüro"),
            ], to: "EU")
        try world.add([world.income("2026-10-01T09:00:00Z", "2000.00", account: "UK", currency: "GBP", from: "Acme Ltd")], to: "UK")
        try world.add([world.income("2026-10-12T09:00:00Z", "500.00", account: "EU", currency: "EUR", from: "Berlin GmbH")], to: "EU")
        let split = TransactionOverride(
            transactionID: "P8", split: [.init(category: "Travel", amount: 1_000_000), .init(category: "Dining", amount: 205_000)])
        try world.store.transaction { try world.store.saveTransactionOverride(split, now: ConversionWorld.now) }
        return world
    }

    /// Each key's sums, from summed rows and from entries added up the same way.
    private static func summed(_ rows: [LedgerStore.SpendingSummaryRow], _ entries: [LedgerStore.SpendingEntry]) throws
        -> [Summed: [Int64]]
    {
        var sums: [Summed: [Int64]] = [:]
        for row in rows {
            let key = Summed(
                month: row.month, account: row.accountID, category: row.category, code: row.merchantCategoryCode,
                currency: row.currency, merchant: row.merchant)
            let old = sums[key] ?? [0, 0, 0]
            sums[key] = [old[0] + (try row.spent), old[1] + (try row.refunded), old[2] + Int64(row.count)]
        }
        for entry in entries {
            let key = Summed(
                month: entry.month, account: entry.accountID, category: entry.category, code: entry.merchantCategoryCode,
                currency: entry.currency, merchant: entry.merchant)
            let old = sums[key] ?? [0, 0, 0]
            sums[key] = [old[0] + (entry.isRefund ? 0 : entry.amount), old[1] + (entry.isRefund ? entry.amount : 0), old[2] + 1]
        }
        return sums
    }

    @Test(
        "converting sums the target currency's rows as before and hands out every other row once (a split as its parts), whichever way the sums are read",
        arguments: ["summary", "days", "merchant", "pending", "moved months", "pass", "currency"])
    func targetSumsAndEntriesAddUpToThePlainSums(path: String) throws {
        let world = try Self.threeCurrencies()
        let store = path == "pass" ? try world.unclassifiedCopy() : world.store
        let accounts = try world.accounts(base: path == "moved months" ? ReportTimeZone(identifier: "Asia/Tokyo")! : ConversionWorld.utc)
        let october = YearMonth(year: 2026, month: 10)
        var scope =
            path == "days"
            ? ReportScope(first: CivilDate(iso: "2026-10-04")!, last: CivilDate(iso: "2026-10-30")!, accounts: accounts)
            : ReportScope(months: october...october, accounts: accounts)
        scope.includePending = path == "pending"
        if path == "currency" { scope.currencies = ["GBP", "EUR"] }
        let byMerchant = path == "merchant"
        var plainEntries: [LedgerStore.SpendingEntry] = []
        var plain: [LedgerStore.SpendingSummaryRow] = []
        var reader = try ClassificationReader(store, accounts: scope.accounts)
        try SpendingAnalysis.sums(store, scope: scope, byMerchant: byMerchant, reader: &reader) {
            plain.append($0)
        } eachEntry: {
            plainEntries.append($0)
        }
        #expect(plainEntries.isEmpty)
        var entries: [LedgerStore.SpendingEntry] = []
        var converting: [LedgerStore.SpendingSummaryRow] = []
        try SpendingAnalysis.sums(store, scope: scope, byMerchant: byMerchant, convertingTo: "USD", reader: &reader) {
            converting.append($0)
        } eachEntry: {
            entries.append($0)
        }
        #expect(converting.allSatisfy { $0.currency == "USD" })
        #expect(entries.allSatisfy { $0.currency != "USD" })
        #expect(try Self.summed(converting, entries) == Self.summed(plain, []))
        // The split's parts come one by one, each in its own category.
        #expect(entries.contains { $0.category == "Travel" && $0.amount == 1_000_000 && $0.currency == "EUR" })
    }

    // MARK: Converted figures against the test's own arithmetic

    /// The ECB's rates per 1 EUR in ten-thousandths (USD, GBP), by day: a weekend, and none
    /// after 12 October, so from the 20th no rate is within 7 days.
    static let ecb: [String: (usd: Int64, gbp: Int64)] = [
        "2026-10-01": (11_000, 8_500), "2026-10-02": (11_050, 8_550), "2026-10-05": (10_900, 8_400),
        "2026-10-06": (10_800, 8_450), "2026-10-12": (10_700, 8_700),
    ]

    /// Every amount October counts, as the test wrote the ledger: instant, the account's zone,
    /// amount, currency, category (a split's parts apart) and flow; pending left out.
    static let counted: [(time: String, zone: String, amount: String, currency: String, category: String, flow: Flow)] = [
        ("2026-10-03T12:00:00Z", "UTC", "54.20", "USD", "Groceries", .expense),
        ("2026-10-20T12:00:00Z", "UTC", "80.00", "USD", "Dining", .expense),
        ("2026-10-04T09:00:00Z", "Europe/London", "30.15", "GBP", "Groceries", .expense),
        ("2026-10-06T09:00:00Z", "Europe/London", "10.05", "GBP", "Groceries", .refund),
        ("2026-10-31T23:30:00Z", "Europe/London", "99.99", "GBP", "Dining", .expense),
        ("2026-10-05T23:30:00Z", "Europe/Berlin", "40.00", "EUR", "Dining", .expense),
        ("2026-10-12T10:00:00Z", "Europe/Berlin", "100.00", "EUR", "Travel", .expense),
        ("2026-10-12T10:00:00Z", "Europe/Berlin", "20.50", "EUR", "Dining", .expense),
        ("2026-10-20T10:00:00Z", "Europe/Berlin", "15.00", "EUR", "Groceries", .expense),
        ("2026-10-25T10:00:00Z", "Europe/Berlin", "60.00", "EUR", "Travel", .expense),
        ("2026-10-01T09:00:00Z", "Europe/London", "2000.00", "GBP", "Acme Ltd", .income),
        ("2026-10-12T09:00:00Z", "Europe/Berlin", "500.00", "EUR", "Berlin GmbH", .income),
    ]

    private static func importECB(_ store: LedgerStore) throws {
        _ = try store.importRates { add in
            for (day, rates) in ecb {
                for (to, rate) in [("USD", rates.usd), ("GBP", rates.gbp)] {
                    try add(
                        DatedRate(
                            date: CivilDate(iso: day)!, from: "EUR", to: to, rate: try ExchangeRate(numerator: rate, denominator: 10_000),
                            source: .imported))
                }
            }
        }
    }

    /// `numerator / denominator` rounded half to even.
    private static func halfEven(_ numerator: Int64, _ denominator: Int64) -> Int64 {
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        let twice = 2 * abs(remainder)
        guard twice > denominator || (twice == denominator && quotient % 2 != 0) else { return quotient }
        return numerator < 0 ? quotient - 1 : quotient + 1
    }

    /// The local day of an instant in a zone, by Foundation's calendar.
    private static func localDay(_ time: String, _ zone: String, minus days: Int = 0) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let instant = calendar.date(byAdding: .day, value: -days, to: ISO8601DateFormatter().date(from: time)!)!
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// An amount in USD 1/10,000 units: at the latest ECB day on or within 7 days before its local
    /// day, GBP through EUR; nil when there is none.
    private static func usd(_ row: (time: String, zone: String, amount: String, currency: String, category: String, flow: Flow)) -> Int64? {
        // Literals of the test itself: one that does not parse is a typo in the test.
        guard let units = try? Money.parseUnits(row.amount, allowSign: false) else { fatalError("not an amount: \(row.amount)") }
        if row.currency == "USD" { return units }
        let day = localDay(row.time, row.zone)
        let earliest = localDay(row.time, row.zone, minus: 7)
        guard let rateDay = ecb.keys.filter({ $0 <= day && $0 >= earliest }).max(), let rates = ecb[rateDay] else { return nil }
        return row.currency == "EUR" ? halfEven(units * rates.usd, 10_000) : halfEven(units * rates.usd, rates.gbp)
    }

    /// To the cent, half to even.
    private static func cents(_ units: Int64) -> Int64 { halfEven(units, 100) * 100 }

    private static func october(_ world: ConversionWorld) throws -> ReportScope {
        let month = YearMonth(year: 2026, month: 10)
        return ReportScope(months: month...month, accounts: try world.accounts())
    }

    @Test(
        "spending --convert-to: each row is its transactions converted at their local day's rate, rounded once to the cent; what has no rate is left out and counted"
    )
    func convertedSpendingEqualsTheTestsOwnSums() throws {
        let world = try Self.threeCurrencies()
        try Self.importECB(world.store)
        let report = try SpendingAnalysis.report(
            world.store, scope: try Self.october(world), months: [YearMonth(year: 2026, month: 10)], grouping: .category,
            convertingTo: "USD")
        var expected: [String: [Int64]] = [:]
        var total: [Int64] = [0, 0]
        for row in Self.counted where row.flow != .income {
            guard let usd = Self.usd(row) else { continue }
            let sums = expected[row.category] ?? [0, 0, 0]
            let refund = row.flow == .refund
            expected[row.category] = [sums[0] + (refund ? 0 : usd), sums[1] + (refund ? usd : 0), sums[2] + 1]
            total[refund ? 1 : 0] += usd
        }
        #expect(try report.rows.all.allSatisfy { $0.currency == "USD" })
        #expect(
            Dictionary(uniqueKeysWithValues: try report.rows.all.map { ($0.key, [$0.spent, $0.refunded, Int64($0.count)]) })
                == expected.mapValues { [Self.cents($0[0]), Self.cents($0[1]), $0[2]] })
        #expect([report.total("USD").spent, report.total("USD").refunded] == total.map(Self.cents))
        #expect(report.currencies == ["USD"])
        #expect(
            report.unconverted == [
                UnconvertedAmounts(
                    kind: .transactions, currency: "EUR", target: "USD", count: 2, units: 750_000, firstDay: CivilDate(iso: "2026-10-20")!),
                UnconvertedAmounts(
                    kind: .transactions, currency: "GBP", target: "USD", count: 1, units: 999_900, firstDay: CivilDate(iso: "2026-10-31")!),
            ])
    }

    @Test("spending --convert-to, every grouping and --compare: the converted net of each grouping adds up to the same total")
    func everyGroupingConvertsTheSameRows() throws {
        let world = try Self.threeCurrencies()
        try Self.importECB(world.store)
        let months = [YearMonth(year: 2026, month: 10)]
        var exact: [Int64] = [0, 0]
        var count = 0
        for row in Self.counted where row.flow != .income {
            guard let usd = Self.usd(row) else { continue }
            exact[row.flow == .refund ? 1 : 0] += usd
            count += 1
        }
        for grouping in SpendingReport.Grouping.allCases {
            let report = try SpendingAnalysis.report(
                world.store, scope: try Self.october(world), months: months, grouping: grouping,
                compareWith: [months[0].adding(months: -1)], convertingTo: "USD")
            let total = report.total("USD")
            #expect([total.spent, total.refunded] == exact.map(Self.cents), "\(grouping)")
            #expect(try report.rows.all.allSatisfy { $0.currency == "USD" && $0.previousNet == 0 }, "\(grouping)")
            #expect(try report.rows.all.map(\.count).reduce(0, +) == count, "\(grouping)")
        }
    }

    @Test("income and cashflow --convert-to: rows and totals are the converted amounts, rounded once to the cent")
    func convertedIncomeAndCashflowEqualTheTestsOwnSums() throws {
        let world = try Self.threeCurrencies()
        try Self.importECB(world.store)
        let months = [YearMonth(year: 2026, month: 10)]
        let income = try IncomeAnalysis.report(world.store, scope: try Self.october(world), months: months, convertingTo: "USD")
        let earned = Self.counted.filter { $0.flow == .income }
        #expect(
            Dictionary(uniqueKeysWithValues: income.rows.map { ($0.source, $0.amount) })
                == Dictionary(uniqueKeysWithValues: earned.map { ($0.category, Self.cents(Self.usd($0)!)) }))
        #expect(income.total("USD").amount == Self.cents(earned.map { Self.usd($0)! }.reduce(0, +)))
        #expect(income.unconverted.isEmpty)

        let cashflow = try CashflowAnalysis.report(world.store, scope: try Self.october(world), months: months, convertingTo: "USD")
        func sum(_ flow: Flow) -> Int64 { Self.cents(Self.counted.filter { $0.flow == flow }.compactMap(Self.usd).reduce(0, +)) }
        let row = try #require(cashflow.rows.first)
        #expect(cashflow.rows.count == 1 && row.currency == "USD")
        #expect([row.income, row.spent, row.refunded] == [sum(.income), sum(.expense), sum(.refund)])
        #expect(row.net == sum(.income) - (sum(.expense) - sum(.refund)))
        #expect(cashflow.unconverted.map(\.count) == [2, 1])
    }

    @Test(
        "a budget in every currency counts its category's spending converted, says how much, carries what remains of it, leaves out what has no rate, and leaves no Unbudgeted row of it"
    )
    func budgetInEveryCurrency() throws {
        let world = try Self.threeCurrencies()
        try Self.importECB(world.store)
        let october = YearMonth(year: 2026, month: 10)
        try world.store.saveBudget(
            BudgetRecord(
                category: "Travel", currency: "USD", firstMonth: october, amount: 1_500_000, rollover: .surplus, allCurrencies: true),
            now: ConversionWorld.now)
        try world.store.saveBudget(
            BudgetRecord(category: "Dining", currency: "USD", firstMonth: october, amount: 1_000_000, rollover: .none),
            now: ConversionWorld.now)
        let report = try BudgetAnalysis.report(
            world.store, months: [october, october.adding(months: 1)], accounts: try world.accounts(),
            today: CivilDate(iso: "2027-01-15")!)
        let travel = try #require(report.rows.first { $0.category == "Travel" && $0.month == october })
        let converted = Self.cents(Self.counted.filter { $0.category == "Travel" }.compactMap(Self.usd).reduce(0, +))
        #expect(travel.currency == "USD" && travel.net == converted && travel.converted == converted)
        #expect(travel.remaining == 1_500_000 - converted)
        // What remained of the converted October carries into November.
        #expect(report.rows.first { $0.category == "Travel" && $0.month == october.adding(months: 1) }?.carried == 1_500_000 - converted)
        let dining = try #require(report.rows.first { $0.category == "Dining" && $0.month == october })
        #expect(dining.net == 800_000 && dining.converted == nil)
        // EUR's Unbudgeted row is its dining and groceries only: its travel is the Travel budget's.
        let euros = try #require(
            report.rows.first { $0.category == BudgetReport.unbudgeted && $0.currency == "EUR" && $0.month == october })
        #expect(euros.net == 755_000)
        #expect(
            report.unconverted == [
                UnconvertedAmounts(
                    kind: .transactions, currency: "EUR", target: "USD", count: 1, units: 600_000, firstDay: CivilDate(iso: "2026-10-25")!)
            ])
    }
}
