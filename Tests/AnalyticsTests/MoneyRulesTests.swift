import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

@testable import Analytics

/// A ledger in a temporary folder, filled by Sync from a Wallet export written for the test, so
/// each money rule is checked the way a user's data reaches it.
private final class MoneyWorld {
    typealias F = ExportFixture
    let folder: TemporaryFolder
    let export: ExportFixture
    let store: LedgerStore
    let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    let utc = ReportTimeZone(identifier: "UTC")!
    private var sequences: [String: Int] = [:]

    /// Accounts: CHK checking (asset, USD), SAV savings (asset, USD), CARD Apple Card
    /// (liability, USD), EUR a euro account (asset).
    init() throws {
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        store = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: ClassificationKeeper(base: ReportTimeZone(identifier: "UTC")!)),
            now: now)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("CHK", name: "Checking"), F.account("SAV", name: "Savings"),
                    F.account("CARD", kind: "liability", name: "Apple Card"), F.account("EUR", name: "Euro Account", currency: "EUR"),
                ]))
    }

    /// Adds transactions to an account's stream (one change set) and syncs.
    func add(_ account: String, _ transactions: [String]) throws {
        let sequence = (sequences[account] ?? 0) + 1
        sequences[account] = sequence
        try export.append("transactions/\(account)", F.changeSet("T", sequence, snapshot: sequence == 1, inserted: transactions))
        let report = try SyncEngine(store: store, now: now).sync(WalletExportSource(path: export.path))
        // Bad input stops its stream without throwing: a test fixture must not pass it by.
        if let failure = report.failures.first { throw failure }
    }

    func scope(_ month: String, zone: ReportTimeZone? = nil, includePending: Bool = false) throws -> ReportScope {
        let month = YearMonth(iso: month)!
        // `zone`: the ledger's zone, which accounts without one of their own take.
        let accounts = ReportAccounts(try store.ledgerAccounts(), base: zone ?? utc, ledgerZone: zone ?? utc)
        var scope = ReportScope(months: month...month, accounts: accounts)
        scope.includePending = includePending
        return scope
    }

    /// Every counted transaction's classification, by ID.
    func classified(_ scope: ReportScope) throws -> [String: Decision] {
        var result: [String: Decision] = [:]
        try ClassificationReader.forEachCounted(store, scope) { transaction, classification in
            result[transaction.id] = Decision(classification)
        }
        return result
    }

    func flows(_ scope: ReportScope) throws -> [String: Flow] {
        try classified(scope).mapValues(\.flow)
    }

    func spending(_ scope: ReportScope, by grouping: SpendingReport.Grouping = .category) throws -> SpendingReport {
        try SpendingAnalysis.report(store, scope: scope, months: [YearMonth(scope.firstDay!)], grouping: grouping)
    }

    /// A debit or credit that moves money between accounts: no merchant, no MCC.
    static func move(
        _ id: String, _ account: String, _ date: String, _ indicator: String, amount: String = "500.00",
        type: String = "billPayment", currency: String = "USD", mcc: Int? = nil
    ) -> String {
        F.transaction(
            id, account: account, date: date, amount: amount, currency: currency, indicator: indicator, type: type,
            mcc: mcc, merchant: nil, description: "TRANSFER \(id)")
    }
}

/// One test per rule of the README's "How purse counts money", named after it.
@Suite("Money rules")
struct MoneyRulesTests {
    typealias F = ExportFixture

    // MARK: 1. Amounts

    @Test("amounts are exact integers of 1/10,000 of the unit: four fraction digits add up without rounding")
    func fourFractionDigits() throws {
        let world = try MoneyWorld()
        try world.add(
            "CHK",
            [
                F.transaction("E1", account: "CHK", date: "2026-10-03T12:00:00Z", amount: "3.1415"),
                F.transaction("E2", account: "CHK", date: "2026-10-04T12:00:00Z", amount: "0.0001"),
                F.transaction("E3", account: "CHK", date: "2026-10-05T12:00:00Z", amount: "0.1"),
            ])
        let report = try world.spending(world.scope("2026-10"))
        #expect(try report.rows.all.map(\.net) == [32_416])
        #expect(report.total("USD").spent == 32_416)
    }

    @Test("an amount with more than four fraction digits is an input error, never rounded")
    func fiveFractionDigitsRefused() throws {
        let world = try MoneyWorld()
        #expect(throws: SourceError.self) {
            try world.add("CHK", [F.transaction("E1", account: "CHK", date: "2026-10-03T12:00:00Z", amount: "1.23456")])
        }
        var count = 0
        try ClassificationReader.forEachCounted(world.store, world.scope("2026-10")) { _, _ in count += 1 }
        #expect(count == 0)
    }

    @Test("different currencies are never added together: every total is per currency")
    func currenciesKeptApart() throws {
        let world = try MoneyWorld()
        try world.add("CHK", [F.transaction("U1", account: "CHK", date: "2026-10-03T12:00:00Z", amount: "10.00")])
        try world.add(
            "EUR",
            [
                F.transaction("R1", account: "EUR", date: "2026-10-03T12:00:00Z", amount: "7.00", currency: "EUR"),
                // Same amount as a USD debit: never an internal transfer across currencies.
                MoneyWorld.move("R2", "EUR", "2026-10-04T12:00:00Z", "credit", currency: "EUR"),
            ])
        try world.add("SAV", [MoneyWorld.move("U2", "SAV", "2026-10-04T12:00:00Z", "debit")])
        let report = try world.spending(world.scope("2026-10"))
        #expect(report.currencies == ["EUR", "USD"])
        #expect(report.total("USD").net == 5_000_000 + 100_000)
        #expect(report.total("EUR").net == 70_000)
        let flows = try world.flows(world.scope("2026-10"))
        #expect(flows["U2"] == .expense)
        #expect(flows["R2"] == .income)
        let cashflow = try CashflowAnalysis.report(world.store, scope: world.scope("2026-10"), months: [YearMonth(year: 2026, month: 10)])
        #expect(cashflow.totals.map(\.currency) == ["EUR", "USD"])
        #expect(cashflow.totals.map(\.income) == [5_000_000, 0])
    }

    // MARK: 2. Which transactions count

    @Test("pending and authorized count only with --include-pending; booked always counts")
    func pendingCountsOnlyWhenIncluded() throws {
        let world = try MoneyWorld()
        try world.add(
            "CHK",
            [
                F.transaction("B1", account: "CHK", date: "2026-10-03T12:00:00Z", amount: "10.00"),
                F.transaction("P1", account: "CHK", date: "2026-10-04T12:00:00Z", amount: "20.00", status: "pending"),
                F.transaction("A1", account: "CHK", date: "2026-10-05T12:00:00Z", amount: "40.00", status: "authorized"),
            ])
        #expect(try world.spending(world.scope("2026-10")).total("USD").net == 100_000)
        #expect(Set(try world.flows(world.scope("2026-10")).keys) == ["B1"])
        let included = try world.scope("2026-10", includePending: true)
        #expect(try world.spending(included).total("USD").net == 700_000)
        #expect(Set(try world.flows(included).keys) == ["B1", "P1", "A1"])
    }

    @Test("memo and rejected never count, not even with --include-pending")
    func memoAndRejectedNeverCount() throws {
        let world = try MoneyWorld()
        try world.add(
            "CHK",
            [
                F.transaction("B1", account: "CHK", date: "2026-10-03T12:00:00Z", amount: "10.00"),
                F.transaction("M1", account: "CHK", date: "2026-10-04T12:00:00Z", amount: "20.00", status: "memo"),
                F.transaction("R1", account: "CHK", date: "2026-10-05T12:00:00Z", amount: "40.00", status: "rejected"),
            ])
        for includePending in [false, true] {
            let scope = try world.scope("2026-10", includePending: includePending)
            #expect(try world.spending(scope).total("USD").net == 100_000)
            #expect(Set(try world.flows(scope).keys) == ["B1"])
        }
        // explain lists them as not counted, with their status as the reason.
        let explained = try ExplainAnalysis.report(
            world.store, scope: world.scope("2026-10", includePending: true),
            months: [YearMonth(year: 2026, month: 10)], filters: .init())
        #expect(explained.notCounted.map(\.transactionID) == ["M1", "R1"])
        #expect(explained.notCounted.map(\.exclusion) == [.status(.memo), .status(.rejected)])
    }

    @Test("a status purse does not know never counts, not even with --include-pending; explain lists it as never counted")
    func unknownStatusNeverCounts() throws {
        let world = try MoneyWorld()
        try world.add(
            "CHK",
            [
                F.transaction("B1", account: "CHK", date: "2026-10-03T12:00:00Z", amount: "10.00"),
                F.transaction("U1", account: "CHK", date: "2026-10-04T12:00:00Z", amount: "20.00", status: "settling"),
                F.transaction(
                    "U2", account: "CHK", date: "2026-10-05T12:00:00Z", amount: "40.00", indicator: "credit",
                    status: "settling", type: "deposit", mcc: nil, merchant: nil, description: "DEPOSIT"),
            ])
        for includePending in [false, true] {
            let scope = try world.scope("2026-10", includePending: includePending)
            #expect(try world.spending(scope).total("USD").net == 100_000)
            #expect(Set(try world.flows(scope).keys) == ["B1"])
            #expect(try IncomeAnalysis.report(world.store, scope: scope, months: []).rows.isEmpty)
        }
        let explained = try ExplainAnalysis.report(
            world.store, scope: world.scope("2026-10", includePending: true),
            months: [YearMonth(year: 2026, month: 10)], filters: .init())
        #expect(explained.notCounted.map(\.transactionID) == ["U1", "U2"])
        #expect(explained.notCounted.map(\.exclusion) == [.status(.unrecognized("settling")), .status(.unrecognized("settling"))])
    }

    @Test("a transaction belongs to the month of its transactionDate in its account's zone, the ledger's when it has none")
    func timeZoneMonthBoundary() throws {
        let world = try MoneyWorld()
        try world.add("CHK", [F.transaction("E1", account: "CHK", date: "2026-10-31T23:30:00-04:00", amount: "12.00")])
        let newYork = ReportTimeZone(identifier: "America/New_York")!
        #expect(try world.spending(world.scope("2026-10", zone: newYork)).total("USD").net == 120_000)
        #expect(try world.spending(world.scope("2026-11", zone: newYork)).rows.all.isEmpty)
        #expect(try world.spending(world.scope("2026-10")).rows.all.isEmpty)
        #expect(try world.spending(world.scope("2026-11")).total("USD").net == 120_000)
        let explained = try ExplainAnalysis.report(
            world.store, scope: world.scope("2026-10", zone: newYork),
            months: [YearMonth(year: 2026, month: 10)], filters: .init())
        #expect(explained.counted.map(\.date) == [CivilDate(year: 2026, month: 10, day: 31)])
    }

    // MARK: 3. Flow

    @Test("transactionType transfer is a transfer, even with a merchant category code")
    func transferType() throws {
        let world = try MoneyWorld()
        try world.add(
            "CHK",
            [
                F.transaction("T1", account: "CHK", date: "2026-10-03T12:00:00Z", amount: "80.00", type: "transfer", mcc: 4829),
                F.transaction("T2", account: "CHK", date: "2026-10-04T12:00:00Z", amount: "80.00", indicator: "credit", type: "transfer"),
            ])
        let classified = try world.classified(world.scope("2026-10"))
        #expect(classified["T1"]?.flow == .transfer)
        #expect(classified["T1"]?.reason == .transferType)
        #expect(classified["T2"]?.flow == .transfer)
        #expect(try world.spending(world.scope("2026-10")).rows.all.isEmpty)
    }

    @Test("a credit of type refund or with a merchant category code is a refund: spending = spent - refunded")
    func refundNetting() throws {
        let world = try MoneyWorld()
        try world.add(
            "CARD",
            [
                F.transaction("E1", account: "CARD", date: "2026-10-03T12:00:00Z", amount: "100.00", mcc: 5411),
                F.transaction(
                    "R1", account: "CARD", date: "2026-10-05T12:00:00Z", amount: "30.00", indicator: "credit",
                    type: "pointOfSale", mcc: 5411),
                F.transaction(
                    "R2", account: "CARD", date: "2026-10-06T12:00:00Z", amount: "5.00", indicator: "credit",
                    type: "refund", mcc: nil, merchant: "Corner Shop", description: "REFUND"),
            ])
        let classified = try world.classified(world.scope("2026-10"))
        #expect(classified["R1"]?.flow == .refund)
        #expect(classified["R1"]?.category == SpendingCategory.groceries)
        #expect(classified["R2"]?.flow == .refund)
        #expect(classified["R2"]?.category == SpendingCategory.uncategorized)
        let report = try world.spending(world.scope("2026-10"))
        let groceries = try #require(try report.rows.all.first { $0.key == SpendingCategory.groceries })
        #expect((groceries.spent, groceries.refunded, groceries.net, groceries.count) == (1_000_000, 300_000, 700_000, 2))
        #expect(report.total("USD").net == 650_000)
        #expect(report.total("USD").refunded == 350_000)
    }

    @Test("a credit on a liability account without a merchant category code is a transfer (a card payment)")
    func cardPayment() throws {
        let world = try MoneyWorld()
        try world.add(
            "CARD",
            [
                MoneyWorld.move("P1", "CARD", "2026-10-10T12:00:00Z", "credit", amount: "640.00", type: "deposit")
            ])
        let classified = try world.classified(world.scope("2026-10"))
        #expect(classified["P1"]?.flow == .transfer)
        #expect(classified["P1"]?.reason == .cardPayment)
        #expect(classified["P1"]?.category == SpendingCategory.transfers)
        #expect(try world.spending(world.scope("2026-10")).rows.all.isEmpty)
        #expect(try IncomeAnalysis.report(world.store, scope: world.scope("2026-10"), months: []).rows.isEmpty)
    }

    @Test("an account kind purse does not know counts as an asset: a credit on it is income, not a card payment")
    func unknownAccountKindIsAnAsset() throws {
        let world = try MoneyWorld()
        try world.export.append("accounts", F.changeSet("G", 2, inserted: [F.account("BRK", kind: "brokerage", name: "Brokerage")]))
        try world.export.append(
            "balances/BRK", F.changeSet("B", 1, snapshot: true, inserted: [F.balance("BB1", account: "BRK", amount: "900.00")]))
        try world.add(
            "BRK",
            [
                MoneyWorld.move("P1", "BRK", "2026-10-10T12:00:00Z", "credit", amount: "640.00", type: "deposit")
            ])
        let classified = try world.classified(world.scope("2026-10"))
        #expect(classified["P1"]?.flow == .income)
        #expect(classified["P1"]?.reason == .income)
        let accounts = try world.store.balanceAccounts(ids: ["BRK"])
        #expect(accounts.map(\.kind) == [.unrecognized("brokerage")])
        // Net worth counts its balance among the assets.
        let netWorth = try BalanceAnalysis.netWorth(
            world.store, accounts: try ReportAccounts(store: world.store, base: world.utc), from: CivilDate(year: 2026, month: 10, day: 1),
            to: CivilDate(year: 2026, month: 10, day: 31), every: .month)
        let row = try #require(netWorth.rows.first { $0.currency == "USD" })
        #expect((row.assets, row.liabilities, row.netWorth) == (9_000_000, 0, 9_000_000))
    }

    @Test("any other credit is income, and income never counts as spending")
    func income() throws {
        let world = try MoneyWorld()
        try world.add(
            "CHK",
            [
                F.transaction(
                    "I1", account: "CHK", date: "2026-10-01T12:00:00Z", amount: "3000.00", indicator: "credit",
                    type: "directDeposit", mcc: nil, merchant: "ACME Corp", description: "PAYROLL"),
                F.transaction(
                    "I2", account: "CHK", date: "2026-10-15T12:00:00Z", amount: "3000.00", indicator: "credit",
                    type: "directDeposit", mcc: nil, merchant: "ACME Corp", description: "PAYROLL"),
                F.transaction(
                    "I3", account: "CHK", date: "2026-10-31T12:00:00Z", amount: "1.2345", indicator: "credit",
                    type: "interest", mcc: nil, merchant: nil, description: "INTEREST PAID"),
                F.transaction("E1", account: "CHK", date: "2026-10-20T12:00:00Z", amount: "1500.00", mcc: 5411),
            ])
        let flows = try world.flows(world.scope("2026-10"))
        #expect(flows["I1"] == .income && flows["I2"] == .income && flows["I3"] == .income)
        #expect(try world.spending(world.scope("2026-10")).total("USD").net == 15_000_000)
        let report = try IncomeAnalysis.report(world.store, scope: world.scope("2026-10"), months: [YearMonth(year: 2026, month: 10)])
        #expect(report.rows.map(\.source) == ["ACME Corp", "INTEREST PAID"])
        #expect(report.rows.map(\.amount) == [60_000_000, 12_345])
        #expect(report.rows.map(\.count) == [2, 1])
        #expect(report.totals == [IncomeReport.Total(currency: "USD", amount: 60_012_345, count: 3)])
        let cashflow = try CashflowAnalysis.report(world.store, scope: world.scope("2026-10"), months: [YearMonth(year: 2026, month: 10)])
        let row = try #require(cashflow.rows.first)
        #expect((row.income, row.spending, row.net) == (60_012_345, 15_000_000, 45_012_345))
    }

    // MARK: 3.5 Internal transfers

    @Test("internal transfers: a debit and a credit on two accounts, same currency and amount, at most 3 days apart, are both transfers")
    func matchedInternalTransfer() throws {
        let world = try MoneyWorld()
        try world.add("CHK", [MoneyWorld.move("D1", "CHK", "2026-10-10T12:00:00Z", "debit")])
        try world.add("CARD", [MoneyWorld.move("C1", "CARD", "2026-10-12T09:00:00Z", "credit")])
        // Topping up savings: a debit and a deposit, exactly three days apart.
        try world.add("SAV", [MoneyWorld.move("C2", "SAV", "2026-10-23T12:00:00Z", "credit", amount: "75.00", type: "deposit")])
        try world.add("CHK", [MoneyWorld.move("D2", "CHK", "2026-10-20T12:00:00Z", "debit", amount: "75.00", type: "withdrawal")])
        let classified = try world.classified(world.scope("2026-10"))
        #expect(classified["D1"]?.transferPartner == "C1")
        #expect(classified["C1"]?.transferPartner == "D1")
        #expect(classified["D2"]?.transferPartner == "C2")
        #expect(classified["C2"]?.transferPartner == "D2")
        #expect(try world.spending(world.scope("2026-10")).rows.all.isEmpty)
    }

    @Test("internal transfers: a type purse does not know moves money like unknown: it is matched as an internal transfer")
    func unknownTypeIsMatchedLikeUnknown() throws {
        let world = try MoneyWorld()
        try world.add(
            "CHK",
            [
                MoneyWorld.move("D1", "CHK", "2026-10-10T12:00:00Z", "debit", type: "instantPayment"),
                MoneyWorld.move("D2", "CHK", "2026-10-20T12:00:00Z", "debit", amount: "80.00", type: "cryptoPurchase"),
            ])
        try world.add("SAV", [MoneyWorld.move("C1", "SAV", "2026-10-11T12:00:00Z", "credit", type: "unknown")])
        let classified = try world.classified(world.scope("2026-10"))
        #expect(classified["D1"]?.transferPartner == "C1")
        #expect(classified["C1"]?.transferPartner == "D1")
        // Unmatched, it is an expense of the category of `unknown` without a code.
        #expect(classified["D2"]?.flow == .expense)
        #expect(classified["D2"]?.category == SpendingCategory.uncategorized)
        #expect(try world.spending(world.scope("2026-10")).total("USD").net == 800_000)
    }

    @Test("internal transfers: more than 3 days apart is not a match")
    func transferTooFarApart() throws {
        let world = try MoneyWorld()
        try world.add("CHK", [MoneyWorld.move("D1", "CHK", "2026-10-10T12:00:00Z", "debit")])
        try world.add("SAV", [MoneyWorld.move("C1", "SAV", "2026-10-13T12:00:01Z", "credit", type: "deposit")])
        let flows = try world.flows(world.scope("2026-10"))
        #expect(flows["D1"] == .expense)
        #expect(flows["C1"] == .income)
    }

    @Test("internal transfers: a transaction with a merchant category code is never matched")
    func transferWithCodeNotMatched() throws {
        let world = try MoneyWorld()
        try world.add("CHK", [MoneyWorld.move("D1", "CHK", "2026-10-10T12:00:00Z", "debit", mcc: 6012)])
        try world.add("SAV", [MoneyWorld.move("C1", "SAV", "2026-10-10T13:00:00Z", "credit", type: "deposit")])
        let classified = try world.classified(world.scope("2026-10"))
        #expect(classified["D1"]?.flow == .expense)
        #expect(classified["D1"]?.category == SpendingCategory.financial)
        #expect(classified["C1"]?.flow == .income)
    }

    @Test("internal transfers: same account, another currency, another amount or a purchase type are not matched")
    func transferOtherMismatches() throws {
        let world = try MoneyWorld()
        try world.add(
            "CHK",
            [
                MoneyWorld.move("D1", "CHK", "2026-10-10T12:00:00Z", "debit"),
                MoneyWorld.move("C1", "CHK", "2026-10-10T13:00:00Z", "credit", type: "deposit"),
                MoneyWorld.move("D2", "CHK", "2026-10-11T12:00:00Z", "debit", amount: "20.00", type: "pointOfSale"),
                MoneyWorld.move("D3", "CHK", "2026-10-12T12:00:00Z", "debit", amount: "30.00"),
            ])
        try world.add(
            "SAV",
            [
                MoneyWorld.move("C2", "SAV", "2026-10-11T13:00:00Z", "credit", amount: "20.00", type: "deposit"),
                MoneyWorld.move("C3", "SAV", "2026-10-12T13:00:00Z", "credit", amount: "30.01", type: "deposit"),
            ])
        let flows = try world.flows(world.scope("2026-10"))
        #expect(flows == ["D1": .expense, "C1": .income, "D2": .expense, "C2": .income, "D3": .expense, "C3": .income])
    }

    @Test("internal transfers: matching is deterministic: the smallest time gap first, then the lower IDs; at most one pair each")
    func transferTieBreaking() throws {
        let world = try MoneyWorld()
        // D1 could pair with C1 (1 day) or C2 (6 hours): the smaller gap wins.
        try world.add(
            "CHK",
            [
                MoneyWorld.move("D1", "CHK", "2026-10-10T12:00:00Z", "debit"),
                MoneyWorld.move("D2", "CHK", "2026-10-20T12:00:00Z", "debit", amount: "60.00"),
                MoneyWorld.move("D3", "CHK", "2026-10-20T12:00:00Z", "debit", amount: "60.00"),
            ])
        try world.add(
            "SAV",
            [
                MoneyWorld.move("C1", "SAV", "2026-10-11T12:00:00Z", "credit", type: "deposit"),
                MoneyWorld.move("C2", "SAV", "2026-10-10T18:00:00Z", "credit", type: "deposit"),
                // D2 and D3 are equally far from C4 and C3: the lower IDs pair first (D2 with C3),
                // and each transaction is in at most one pair (D3 with C4).
                MoneyWorld.move("C4", "SAV", "2026-10-21T12:00:00Z", "credit", amount: "60.00", type: "deposit"),
                MoneyWorld.move("C3", "SAV", "2026-10-21T12:00:00Z", "credit", amount: "60.00", type: "deposit"),
                MoneyWorld.move("C5", "SAV", "2026-10-21T12:00:00Z", "credit", amount: "60.00", type: "deposit"),
            ])
        let classified = try world.classified(world.scope("2026-10"))
        #expect(classified["D1"]?.transferPartner == "C2")
        #expect(classified["C1"]?.flow == .income)
        #expect(classified["D2"]?.transferPartner == "C3")
        #expect(classified["D3"]?.transferPartner == "C4")
        #expect(classified["C5"]?.flow == .income)
    }

    @Test("internal transfers: a pair across the month boundary is found from either month")
    func transferAcrossMonthBoundary() throws {
        let world = try MoneyWorld()
        try world.add("CHK", [MoneyWorld.move("D1", "CHK", "2026-10-31T22:00:00Z", "debit")])
        try world.add("CARD", [MoneyWorld.move("C1", "CARD", "2026-11-02T09:00:00Z", "credit")])
        #expect(try world.classified(world.scope("2026-10"))["D1"]?.transferPartner == "C1")
        #expect(try world.classified(world.scope("2026-11"))["C1"]?.transferPartner == "D1")
        #expect(try world.spending(world.scope("2026-10")).rows.all.isEmpty)
    }

    @Test("internal transfers: a pending half pairs like a booked one, so the booked half counts the same with or without pending")
    func transferMatchesPendingAlike() throws {
        let world = try MoneyWorld()
        try world.add(
            "CHK",
            [
                F.transaction(
                    "D1", account: "CHK", date: "2026-10-10T12:00:00Z", amount: "500.00",
                    status: "pending", type: "billPayment", mcc: nil, merchant: nil, description: "TO SAVINGS")
            ])
        try world.add("SAV", [MoneyWorld.move("C1", "SAV", "2026-10-10T13:00:00Z", "credit", type: "deposit")])
        #expect(try world.flows(world.scope("2026-10")) == ["C1": .transfer])
        #expect(try world.flows(world.scope("2026-10", includePending: true)) == ["D1": .transfer, "C1": .transfer])
    }

    // MARK: 4. Categories

    @Test("expenses without a merchant category code: fee -> Fees, interest -> Interest, atm -> Cash, else Uncategorized")
    func categoriesWithoutCode() throws {
        let world = try MoneyWorld()
        try world.add(
            "CARD",
            [
                F.transaction(
                    "F1", account: "CARD", date: "2026-10-03T12:00:00Z", amount: "35.00", type: "fee", mcc: nil,
                    merchant: nil, description: "LATE FEE"),
                F.transaction(
                    "N1", account: "CARD", date: "2026-10-04T12:00:00Z", amount: "12.34", type: "interest", mcc: nil,
                    merchant: nil, description: "INTEREST CHARGE"),
                F.transaction(
                    "A1", account: "CARD", date: "2026-10-05T12:00:00Z", amount: "100.00", type: "atm", mcc: nil,
                    merchant: nil, description: "ATM WITHDRAWAL"),
                F.transaction(
                    "A2", account: "CARD", date: "2026-10-05T13:00:00Z", amount: "60.00", type: "atm", mcc: 6011,
                    merchant: nil, description: "ATM"),
                F.transaction(
                    "U1", account: "CARD", date: "2026-10-06T12:00:00Z", amount: "9.00", type: "pointOfSale", mcc: nil,
                    merchant: "Market Stall", description: "STALL"),
                F.transaction("G1", account: "CARD", date: "2026-10-07T12:00:00Z", amount: "2.00", type: "fee", mcc: 5411),
            ])
        let classified = try world.classified(world.scope("2026-10"))
        #expect(classified["F1"]?.category == SpendingCategory.fees)
        #expect(classified["F1"]?.categorySource == "type fee, no MCC")
        #expect(classified["N1"]?.category == SpendingCategory.interest)
        #expect(classified["A1"]?.category == SpendingCategory.cash)
        #expect(classified["A2"]?.category == SpendingCategory.cash)
        #expect(classified["U1"]?.category == SpendingCategory.uncategorized)
        // The code, when there is one, decides.
        #expect(classified["G1"]?.category == SpendingCategory.groceries)
        #expect(classified["G1"]?.categorySource == "MCC 5411")
        #expect(classified.values.allSatisfy { $0.flow == .expense })
    }

    @Test("a user rule beats the built-in table: a category-only rule keeps the built-in flow")
    func categoryRule() throws {
        let world = try MoneyWorld()
        let id = try world.store.addRule(UserRule(merchant: "whole foods", category: "Food"), now: world.now)
        try world.add(
            "CARD",
            [
                F.transaction("E1", account: "CARD", date: "2026-10-03T12:00:00Z", amount: "50.00"),
                F.transaction("R1", account: "CARD", date: "2026-10-04T12:00:00Z", amount: "5.00", indicator: "credit"),
                F.transaction("O1", account: "CARD", date: "2026-10-05T12:00:00Z", amount: "7.00", merchant: "Safeway"),
            ])
        let classified = try world.classified(world.scope("2026-10"))
        #expect(classified["E1"] == Decision(flow: .expense, category: "Food", reason: .expense, categorySource: "rule #\(id)"))
        #expect(classified["R1"] == Decision(flow: .refund, category: "Food", reason: .merchantRefund, categorySource: "rule #\(id)"))
        #expect(classified["O1"]?.category == SpendingCategory.groceries)
        let report = try world.spending(world.scope("2026-10"))
        #expect(try report.rows.all.map(\.key) == ["Food", SpendingCategory.groceries])
        #expect(try report.rows.all.map(\.net) == [450_000, 70_000])
    }

    @Test("a user rule with a flow forces it: income, transfer, and expense on a credit counts as a refund")
    func flowRule() throws {
        let world = try MoneyWorld()
        let toIncome = try world.store.addRule(UserRule(description: "cashback", flow: .income), now: world.now)
        let toTransfer = try world.store.addRule(UserRule(merchant: "venmo", flow: .transfer), now: world.now)
        let toExpense = try world.store.addRule(
            UserRule(description: "REIMBURSE", merchantCategoryCode: nil, category: "Dining", flow: .expense),
            now: world.now)
        try world.add(
            "CARD",
            [
                // Would be a card payment (credit on a liability): the rule makes it income.
                MoneyWorld.move("C1", "CARD", "2026-10-03T12:00:00Z", "credit", amount: "12.00", type: "deposit")
                    .replacingOccurrences(of: "TRANSFER C1", with: "CASHBACK REWARD"),
                F.transaction("V1", account: "CARD", date: "2026-10-04T12:00:00Z", amount: "40.00", mcc: 4829, merchant: "Venmo"),
            ])
        try world.add(
            "CHK",
            [
                // Would be income: the rule makes it a refund of Dining.
                F.transaction(
                    "F1", account: "CHK", date: "2026-10-05T12:00:00Z", amount: "15.00", indicator: "credit",
                    type: "deposit", mcc: nil, merchant: nil, description: "Reimburse dinner"),
                F.transaction("E1", account: "CHK", date: "2026-10-06T12:00:00Z", amount: "45.00", mcc: 5812, merchant: "Bistro"),
            ])
        let classified = try world.classified(world.scope("2026-10"))
        #expect(
            classified["C1"]
                == Decision(
                    flow: .income, category: SpendingCategory.income, reason: .rule(id: toIncome),
                    categorySource: "flow"))
        #expect(
            classified["V1"]
                == Decision(
                    flow: .transfer, category: SpendingCategory.transfers, reason: .rule(id: toTransfer),
                    categorySource: "flow"))
        #expect(
            classified["F1"]
                == Decision(
                    flow: .refund, category: "Dining", reason: .rule(id: toExpense),
                    categorySource: "rule #\(toExpense)"))
        let report = try world.spending(world.scope("2026-10"))
        #expect(try report.rows.all.map(\.key) == ["Dining"])
        let row = try #require(try report.rows.all.first)
        #expect((row.spent, row.refunded, row.net) == (450_000, 150_000, 300_000))
    }

    @Test("user rules apply oldest first: the first rule that matches wins")
    func firstRuleWins() throws {
        let world = try MoneyWorld()
        let first = try world.store.addRule(UserRule(merchant: "whole", category: "First"), now: world.now)
        _ = try world.store.addRule(UserRule(merchantCategoryCode: 5411, category: "Second", flow: .transfer), now: world.now)
        try world.add(
            "CARD",
            [
                F.transaction("E1", account: "CARD", date: "2026-10-03T12:00:00Z", amount: "50.00"),
                F.transaction("E2", account: "CARD", date: "2026-10-04T12:00:00Z", amount: "8.00", merchant: "Safeway"),
            ])
        let classified = try world.classified(world.scope("2026-10"))
        #expect(classified["E1"] == Decision(flow: .expense, category: "First", reason: .expense, categorySource: "rule #\(first)"))
        #expect(classified["E2"]?.flow == .transfer)
        #expect(classified["E2"]?.category == "Second")
    }

    @Test("a rule that fixes a flow keeps the transaction out of internal-transfer matching")
    func flowRuleSkipsMatching() throws {
        let world = try MoneyWorld()
        _ = try world.store.addRule(UserRule(description: "rent", flow: .expense), now: world.now)
        try world.add(
            "CHK",
            [
                F.transaction(
                    "D1", account: "CHK", date: "2026-10-01T12:00:00Z", amount: "1200.00",
                    type: "billPayment", mcc: nil, merchant: nil, description: "RENT OCTOBER")
            ])
        try world.add("SAV", [MoneyWorld.move("C1", "SAV", "2026-10-01T13:00:00Z", "credit", amount: "1200.00", type: "deposit")])
        #expect(try world.flows(world.scope("2026-10")) == ["D1": .expense, "C1": .income])
    }

    // MARK: explain agrees with report spending

    @Test("explain's totals equal report spending's net for the same scope, and list what did not count")
    func explainMatchesSpending() throws {
        let world = try MoneyWorld()
        try world.add(
            "CARD",
            [
                F.transaction("E1", account: "CARD", date: "2026-10-03T12:00:00Z", amount: "54.20"),
                F.transaction("R1", account: "CARD", date: "2026-10-04T12:00:00Z", amount: "4.20", indicator: "credit"),
                F.transaction("P1", account: "CARD", date: "2026-10-05T12:00:00Z", amount: "9.99", status: "pending"),
                MoneyWorld.move("C1", "CARD", "2026-10-20T12:00:00Z", "credit"),
            ])
        try world.add(
            "CHK",
            [
                MoneyWorld.move("D1", "CHK", "2026-10-19T12:00:00Z", "debit"),
                F.transaction(
                    "I1", account: "CHK", date: "2026-10-15T12:00:00Z", amount: "2000.00", indicator: "credit",
                    type: "directDeposit", mcc: nil, merchant: nil, description: "PAYROLL"),
            ])
        try world.add(
            "EUR",
            [
                F.transaction(
                    "X1", account: "EUR", date: "2026-10-07T12:00:00Z", amount: "3.50", currency: "EUR",
                    mcc: 5814, merchant: "Café")
            ])
        let months = [YearMonth(year: 2026, month: 10)]
        for includePending in [false, true] {
            let scope = try world.scope("2026-10", includePending: includePending)
            let spending = try world.spending(scope)
            let explained = try ExplainAnalysis.report(world.store, scope: scope, months: months, filters: .init())
            #expect(explained.currencies == spending.currencies)
            for currency in spending.currencies {
                #expect(explained.total(currency).net == spending.total(currency).net)
                #expect(explained.total(currency).spent == spending.total(currency).spent)
                #expect(explained.total(currency).count == spending.total(currency).count)
            }
        }
        let scope = try world.scope("2026-10")
        let explained = try ExplainAnalysis.report(world.store, scope: scope, months: months, filters: .init())
        #expect(explained.counted.map(\.transactionID) == ["E1", "R1", "X1"])
        #expect(explained.counted.map(\.spendingAmount) == [542_000, -42_000, 35_000])
        #expect(explained.notCounted.map(\.transactionID) == ["P1", "I1", "D1", "C1"])
        #expect(explained.notCounted.map(\.exclusion) == [.status(.pending), .notSpending, .notSpending, .notSpending])
        #expect(explained.notCounted.map(\.transferPartnerID) == [nil, nil, "C1", "D1"])
        let groceries = try ExplainAnalysis.report(world.store, scope: scope, months: months, filters: .init(category: "groceries"))
        let byCategory = try world.spending(scope).rows.all.first { $0.key == SpendingCategory.groceries }
        #expect(groceries.total("USD").net == byCategory?.net)
        #expect(groceries.notCounted.map(\.transactionID) == ["P1"])
        let byCode = try ExplainAnalysis.report(world.store, scope: scope, months: months, filters: .init(merchantCategoryCode: 5814))
        #expect(byCode.counted.map(\.transactionID) == ["X1"])
        let byMerchant = try ExplainAnalysis.report(world.store, scope: scope, months: months, filters: .init(merchant: "payroll"))
        #expect(byMerchant.counted.isEmpty)
        #expect(byMerchant.notCounted.map(\.transactionID) == ["I1"])
    }
}

/// What a money rule decided of a counted transaction (its state and month aside).
struct Decision: Equatable {
    let flow: Flow
    let category: String
    let reason: ClassificationReason
    /// As `explain` prints it.
    let categorySource: String
    var transferPartner: String? = nil

    init(flow: Flow, category: String, reason: ClassificationReason, categorySource: String) {
        self.flow = flow
        self.category = category
        self.reason = reason
        self.categorySource = categorySource
    }

    init(_ classification: Classification) {
        self.init(
            flow: classification.flow, category: classification.category, reason: classification.reason,
            categorySource: classification.categorySource.code)
        transferPartner = classification.transferPartner
    }
}
