import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

@testable import Analytics

/// A ledger filled by Sync from a Wallet export written for the test: CARD (USD) and UK (GBP),
/// both in UTC, projected as of 20 October 2026 (window July to September: 92 days; 11 days
/// left in October).
private final class ProjectionWorld {
    typealias F = ExportFixture
    static let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    static let utc = ReportTimeZone(identifier: "UTC")!
    static let today = CivilDate(iso: "2026-10-20")!
    let folder: TemporaryFolder
    let export: ExportFixture
    let store: LedgerStore
    private var sequences: [String: Int] = [:]
    private var count = 0

    init() throws {
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        store = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: ClassificationKeeper(base: Self.utc)), now: Self.now)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("CARD", kind: "liability", name: "Apple Card"),
                    F.account("UK", name: "Monzo", currency: "GBP", institution: "Monzo"),
                ]))
    }

    func add(_ transactions: [String], to account: String = "CARD") throws {
        let sequence = (sequences[account] ?? 0) + 1
        sequences[account] = sequence
        try export.append("transactions/\(account)", F.changeSet("T", sequence, snapshot: sequence == 1, inserted: transactions))
        let report = try SyncEngine(store: store, now: Self.now).sync(WalletExportSource(path: export.path))
        if let failure = report.failures.first { throw failure }
    }

    /// A purchase on `day` at noon UTC; MCC 5812 is Dining, 6513 Home & Garden, 5411 Groceries.
    func purchase(
        _ day: String, _ amount: String, mcc: Int = 5812, merchant: String = "Cafe", account: String = "CARD",
        currency: String = "USD", status: String = "booked"
    ) -> String {
        count += 1
        return F.transaction(
            "P\(count)", account: account, date: "\(day)T12:00:00Z", amount: amount, currency: currency, status: status, mcc: mcc,
            merchant: merchant, description: merchant.uppercased())
    }

    /// The same charge on `day` of each month of 2026 in `months`.
    func monthly(
        _ day: Int, _ months: ClosedRange<Int>, _ amount: String, mcc: Int, merchant: String, account: String = "CARD",
        currency: String = "USD"
    )
        -> [String]
    {
        months.map {
            purchase(String(format: "2026-%02d-%02d", $0, day), amount, mcc: mcc, merchant: merchant, account: account, currency: currency)
        }
    }

    func projection(
        _ category: String, currency: String = "USD", allCurrencies: Bool = false, month: String = "2026-10",
        includePending: Bool = false
    ) throws -> BudgetProjection {
        let month = YearMonth(iso: month)!
        return try BudgetProjector(
            store, accounts: try ReportAccounts(store: store, base: Self.utc), today: Self.today, includePending: includePending
        ).projection(category: category, currency: currency, allCurrencies: allCurrencies, firstDay: month.firstDay, lastDay: month.lastDay)
    }
}

/// `400` -> 4,000,000 units of 1/10,000.
private func u(_ text: String) -> Int64 {
    let negative = text.hasPrefix("-")
    guard let units = try? Money.parseUnits(negative ? String(text.dropFirst()) : text, allowSign: false) else {
        fatalError("not an amount: \(text)")
    }
    return negative ? -units : units
}

@Suite("Budget projection")
struct BudgetProjectorTests {
    @Test("a recurring charge not yet come this month is due: rent on the 25th seen on the 20th")
    func rentBeforeItLands() throws {
        let world = try ProjectionWorld()
        try world.add(world.monthly(25, 1...9, "1500.00", mcc: 6513, merchant: "Oak Street Properties"))
        let projection = try world.projection("Home & Garden")
        #expect(projection.soFar == 0)
        #expect(projection.due.map(\.date) == [CivilDate(iso: "2026-10-25")!])
        #expect(projection.due.map(\.merchant) == ["Oak Street Properties"])
        #expect(projection.due.map(\.amount) == [u("1500.00")])
        // The window's rent is all recurring: nothing else is projected.
        #expect(projection.windowNet == u("4500.00"))
        #expect(projection.windowRecurring == u("4500.00"))
        #expect(projection.nonRecurringNet == 0)
        #expect(projection.windowDays == 92)
        #expect(projection.daysLeft == 11)
        #expect(projection.projected == u("1500.00"))
    }

    @Test("a charge that already came this period pushes the next one past it: not due again")
    func alreadyCharged() throws {
        let world = try ProjectionWorld()
        try world.add(world.monthly(10, 1...10, "1500.00", mcc: 6513, merchant: "Oak Street Properties"))
        let projection = try world.projection("Home & Garden")
        #expect(projection.soFar == u("1500.00"))
        #expect(projection.due.isEmpty)
        #expect(projection.projected == u("1500.00"))
    }

    @Test("the rest of the period at the pace of the window's spending that does not recur; so far ends today")
    func nonRecurringPace() throws {
        let world = try ProjectionWorld()
        try world.add(
            [
                world.purchase("2026-06-30", "999.00"),  // before the window
                world.purchase("2026-07-04", "41.10"), world.purchase("2026-08-19", "87.35"), world.purchase("2026-09-30", "12.80"),
                world.purchase("2026-10-02", "30.00"), world.purchase("2026-10-20", "5.25"),
                world.purchase("2026-10-21", "400.00"),  // after today: a ledger read with --now in the past
            ] + world.monthly(8, 1...10, "60.00", mcc: 5812, merchant: "Meal Box"))
        let projection = try world.projection("Dining")
        #expect(projection.soFar == u("95.25"))
        #expect(projection.windowNet == u("321.25"))
        #expect(projection.windowRecurring == u("180.00"))
        #expect(projection.nonRecurringNet == u("141.25"))
        // Meal Box's October charge came on the 8th: nothing is due.
        #expect(projection.due.isEmpty)
        // 141.25 x 11 / 92 = 16.888... -> 16.89
        #expect(projection.nonRecurring == u("16.89"))
        #expect(projection.projected == u("112.14"))
    }

    @Test(
        "the non-recurring part is rounded once, half to even, at the currency's minor unit",
        arguments: [
            ("0.46", "USD", "0.06"),  // 5.5 cents -> 6
            ("1.38", "USD", "0.16"),  // 16.5 cents -> 16
            ("-1.38", "USD", "-0.16"),
            ("920", "JPY", "110"),
            ("46", "JPY", "6"),  // 5.5 yen -> 6
        ])
    func share(net: String, currency: String, expected: String) throws {
        #expect(try BudgetProjector.share(u(net), 11, of: 92, currency: currency) == u(expected))
    }

    @Test("a recurring charge of another category is not taken out of the window; a series is matched by its own category")
    func otherCategories() throws {
        let world = try ProjectionWorld()
        try world.add(
            world.monthly(25, 1...9, "1500.00", mcc: 6513, merchant: "Oak Street Properties")
                + [world.purchase("2026-08-01", "92.00")])
        let projection = try world.projection("Dining")
        #expect(projection.due.isEmpty)
        #expect(projection.windowRecurring == 0)
        #expect(projection.nonRecurring == u("11.00"))
        #expect(projection.projected == u("11.00"))
    }

    @Test("so far counts pending and authorized only when asked")
    func pending() throws {
        let world = try ProjectionWorld()
        try world.add([world.purchase("2026-10-03", "20.00"), world.purchase("2026-10-04", "7.50", status: "pending")])
        #expect(try world.projection("Dining").soFar == u("20.00"))
        #expect(try world.projection("Dining", includePending: true).soFar == u("27.50"))
    }

    @Test("a budget of one currency leaves the other currency's series out")
    func ownCurrency() throws {
        let world = try ProjectionWorld()
        try world.add(world.monthly(21, 6...9, "40.00", mcc: 5812, merchant: "Dishoom", account: "UK", currency: "GBP"), to: "UK")
        let projection = try world.projection("Dining")
        #expect(projection.due.isEmpty)
        #expect(projection.projected == 0)
        #expect(try world.projection("Dining", currency: "GBP").due.map(\.amount) == [u("40.00")])
    }

    @Test("a split charge is due, and taken out of the window, in each category by its part")
    func splitRent() throws {
        let world = try ProjectionWorld()
        try world.add(world.monthly(25, 1...9, "1500.00", mcc: 6513, merchant: "Oak Street Properties"))
        for index in 1...9 {
            try world.store.transaction {
                try world.store.saveTransactionOverride(
                    TransactionOverride(
                        transactionID: "P\(index)",
                        split: [
                            .init(category: "Home & Garden", amount: u("1200.00")),
                            .init(category: "Utilities & Telecom", amount: u("300.00")),
                        ]),
                    now: ProjectionWorld.now)
            }
        }
        let home = try world.projection("Home & Garden")
        #expect(home.due.map(\.amount) == [u("1200.00")])
        #expect(home.windowNet == u("3600.00") && home.windowRecurring == u("3600.00"))
        #expect(home.projected == u("1200.00"))
        let utilities = try world.projection("Utilities & Telecom")
        #expect(utilities.due.map(\.amount) == [u("300.00")])
        #expect(utilities.windowRecurring == u("900.00"))
        #expect(utilities.projected == u("300.00"))
    }

    @Test("a charge due today, or a few days late, has not come yet: it is due; a missed series (cancelled) is not")
    func dueUntilItLands() throws {
        let world = try ProjectionWorld()
        try world.add(
            world.monthly(20, 1...9, "1500.00", mcc: 6513, merchant: "Oak Street Properties")
                + world.monthly(18, 1...9, "50.00", mcc: 6513, merchant: "Garden Service")
                + world.monthly(5, 1...6, "30.00", mcc: 6513, merchant: "Pool Cleaning"))
        let projection = try world.projection("Home & Garden")
        #expect(projection.due.map(\.merchant) == ["Garden Service", "Oak Street Properties"])
        #expect(projection.due.map(\.date.description) == ["2026-10-18", "2026-10-20"])
        #expect(projection.dueTotal == u("1550.00"))
    }

    @Test("with pending counted, a pending charge is its series' latest: in so far, not due again")
    func pendingRecurring() throws {
        let world = try ProjectionWorld()
        try world.add(
            world.monthly(21, 1...9, "15.49", mcc: 4899, merchant: "Netflix")
                + [world.purchase("2026-10-19", "15.49", mcc: 4899, merchant: "Netflix", status: "pending")])
        let booked = try world.projection("Utilities & Telecom")
        #expect(booked.soFar == 0 && booked.dueTotal == u("15.49"))
        let pending = try world.projection("Utilities & Telecom", includePending: true)
        #expect(pending.soFar == u("15.49"))
        #expect(pending.due.isEmpty)
        #expect(pending.projected == u("15.49"))
    }

    @Test("extreme amounts project in 128 bits: only a result too large to hold fails")
    func extremeShare() throws {
        // (2^63 - 1) / 2 x 11 is past 64 bits; / (92 x 100) half to even, then cents again.
        #expect(try BudgetProjector.share(Int64.max / 2, 11, of: 92, currency: "USD") == 551_397_241_333_709_400)
        #expect(throws: MoneyError.self) { try BudgetProjector.share(Int64.max / 2, 365, of: 1, currency: "USD") }
        #expect(try BudgetProjector.share(-u("1.38"), 11, of: 92, currency: "USD") == -u("0.16"))
    }

    @Test("every currency: a series of another currency at today's rate, the latest there can be for a day still to come")
    func everyCurrency() throws {
        let world = try ProjectionWorld()
        try world.add(
            world.monthly(21, 6...9, "40.00", mcc: 5812, merchant: "Dishoom", account: "UK", currency: "GBP")
                + world.monthly(30, 6...9, "8.00", mcc: 5812, merchant: "Pret", account: "UK", currency: "GBP"), to: "UK")
        try world.add([world.purchase("2026-10-02", "10.00")])
        // GBP->USD 1.25 on each charge's day and on 19 October: the 21st finds it, the 30th (more
        // than 7 days on) does not.
        let days = [
            "2026-06-21", "2026-06-30", "2026-07-21", "2026-07-30", "2026-08-21", "2026-08-30", "2026-09-21", "2026-09-30", "2026-10-19",
        ]
        _ = try world.store.importRates { add in
            for day in days {
                try add(
                    DatedRate(
                        date: CivilDate(iso: day)!, from: "GBP", to: "USD", rate: try ExchangeRate(parsing: "1.25"), source: .imported))
            }
        }
        let projection = try world.projection("Dining", allCurrencies: true)
        // No rate is known ahead of today: both convert at today's (19 October's, within 7 days).
        #expect(projection.due.map(\.merchant) == ["Dishoom", "Pret"])
        #expect(projection.due.map(\.amount) == [u("50.00"), u("10.00")])
        #expect(projection.dueTotal == u("60.00"))
        #expect(projection.windowNet == u("180.00"))
        #expect(projection.windowRecurring == u("180.00"))
        #expect(projection.projected == u("70.00"))
        #expect(projection.unconverted.isEmpty)
    }

    @Test("every currency: a charge due when no rate reaches today is left out and said")
    func everyCurrencyWithoutRate() throws {
        let world = try ProjectionWorld()
        try world.add(world.monthly(21, 6...9, "40.00", mcc: 5812, merchant: "Dishoom", account: "UK", currency: "GBP"), to: "UK")
        _ = try world.store.importRates { add in
            for day in ["2026-07-21", "2026-08-21", "2026-09-21"] {
                try add(
                    DatedRate(
                        date: CivilDate(iso: day)!, from: "GBP", to: "USD", rate: try ExchangeRate(parsing: "1.25"), source: .imported))
            }
        }
        let projection = try world.projection("Dining", allCurrencies: true)
        #expect(projection.due.map(\.amount) == [nil])
        #expect(projection.windowRecurring == u("150.00"))
        #expect(projection.unconverted.map(\.currency) == ["GBP"])
        #expect(projection.unconverted.first?.units == u("40.00"))
    }

    @Test("a yearly period counts so far from January and projects the rest of the year")
    func year() throws {
        let world = try ProjectionWorld()
        try world.add(world.monthly(25, 1...9, "1500.00", mcc: 6513, merchant: "Oak Street Properties"))
        let projector = try BudgetProjector(
            world.store, accounts: try ReportAccounts(store: world.store, base: ProjectionWorld.utc), today: ProjectionWorld.today)
        let projection = try projector.projection(
            category: "Home & Garden", currency: "USD", allCurrencies: false, firstDay: CivilDate(iso: "2026-01-01")!,
            lastDay: CivilDate(iso: "2026-12-31")!)
        #expect(projection.soFar == u("13500.00"))
        #expect(projection.due.map(\.date.description) == ["2026-10-25", "2026-11-25", "2026-12-25"])
        #expect(projection.daysLeft == 72)
        #expect(projection.projected == u("18000.00"))
    }

    @Test("told every category it projects, a projector reads their sums once and gives each exactly what it gives alone")
    func sharedSumsAsAlone() throws {
        let world = try ProjectionWorld()
        try world.add(
            world.monthly(25, 1...9, "1500.00", mcc: 6513, merchant: "Oak Street Properties")
                + world.monthly(3, 1...10, "12.99", mcc: 5812, merchant: "Streamer")
                + [
                    world.purchase("2026-10-05", "80.00", mcc: 5411, merchant: "Market"), world.purchase("2026-10-12", "45.50"),
                    world.purchase("2026-08-14", "300.00", mcc: 5411, merchant: "Market"),
                    world.purchase("2026-10-19", "20.00", mcc: 5411, status: "pending"),
                ])
        try world.add(
            [
                world.purchase("2026-10-07", "30.00", account: "UK", currency: "GBP"),
                world.purchase("2026-09-07", "60.00", mcc: 5411, account: "UK", currency: "GBP"),
            ], to: "UK")
        let accounts = try ReportAccounts(store: world.store, base: ProjectionWorld.utc)
        let categories: Set<String> = ["Dining", "Groceries", "Home & Garden"]
        let periods = [("2026-10-01", "2026-10-31"), ("2026-01-01", "2026-12-31")].map { (CivilDate(iso: $0)!, CivilDate(iso: $1)!) }
        var compared = 0
        for pending in [false, true] {
            let shared = try BudgetProjector(
                world.store, accounts: accounts, today: ProjectionWorld.today, includePending: pending, categories: categories)
            for category in categories.sorted() + ["Shopping"] {
                for currency in ["USD", "GBP"] {
                    for (first, last) in periods {
                        let single = try BudgetProjector(
                            world.store, accounts: accounts, today: ProjectionWorld.today, includePending: pending)
                        let alone = try single.projection(
                            category: category, currency: currency, allCurrencies: false, firstDay: first, lastDay: last)
                        let together = try shared.projection(
                            category: category, currency: currency, allCurrencies: false, firstDay: first, lastDay: last)
                        #expect(together == alone, "\(category) \(currency) \(first) pending \(pending)")
                        if alone.soFar != 0 && alone.windowNet != 0 { compared += 1 }
                    }
                }
            }
        }
        #expect(compared >= 8)
    }
}
