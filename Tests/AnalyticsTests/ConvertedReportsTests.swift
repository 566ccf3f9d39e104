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
    /// refund, a pending purchase and a split.
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
            ], to: "EU")
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
        let plain = try SpendingAnalysis.sums(store, scope: scope, byMerchant: byMerchant)
        let converting = try SpendingAnalysis.sums(store, scope: scope, byMerchant: byMerchant, convertingTo: "USD")
        #expect(converting.sums.allSatisfy { $0.currency == "USD" })
        #expect(converting.entries.allSatisfy { $0.currency != "USD" })
        #expect(try Self.summed(converting.sums, converting.entries) == Self.summed(plain.sums, []))
        // The split's parts come one by one, each in its own category.
        #expect(converting.entries.contains { $0.category == "Travel" && $0.amount == 1_000_000 && $0.currency == "EUR" })
    }
}
