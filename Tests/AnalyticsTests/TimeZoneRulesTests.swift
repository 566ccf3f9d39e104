import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import SureProtocol
import Sync
import Testing
import WalletExport

@testable import Analytics

/// Each account's days are local to its own zone (README, "How purse counts money": What
/// counts): the zone the user set, else its source's, else the report's; `--tz` forces one.
@Suite("Time zones of accounts")
struct TimeZoneRulesTests {
    typealias F = ExportFixture
    static let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    static let utc = ReportTimeZone(identifier: "UTC")!
    static let tokyo = ReportTimeZone(identifier: "Asia/Tokyo")!
    static let losAngeles = ReportTimeZone(identifier: "America/Los_Angeles")!
    static let auckland = ReportTimeZone(identifier: "Pacific/Auckland")!

    let folder: TemporaryFolder
    let export: ExportFixture
    let store: LedgerStore

    /// A New York phone's export (`timeZone`) with a UK account kept in London's days
    /// (`accountTimeZones`): US1 and UK1.
    init() throws {
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        try export.writeManifest(
            """
            {"format":"wallet-export","version":1,"sourceID":"S1","sourceName":"Ana's iPhone","exportedAt":"2026-11-01T08:00:00Z",
             "timeZone":"America/New_York","accountTimeZones":{"uk1":"Europe/London"}}
            """.replacingOccurrences(of: "\n", with: ""))
        store = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: ClassificationKeeper(base: ReportTimeZone(identifier: "UTC")!)),
            now: Self.now)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [F.account("US1", name: "Checking"), F.account("UK1", name: "Current Account", currency: "GBP")]))
    }

    func sync() throws {
        let report = try SyncEngine(store: store, now: Self.now).sync(WalletExportSource(path: export.path))
        if let failure = report.failures.first { throw failure }
    }

    func accounts(_ base: ReportTimeZone, forced: Bool = false) throws -> ReportAccounts {
        try ReportAccounts(store: store, base: base, forced: forced)
    }

    /// Net spending per currency and month, October and November 2026.
    func spending(_ accounts: ReportAccounts) throws -> [String] {
        let months = [YearMonth(year: 2026, month: 10), YearMonth(year: 2026, month: 11)]
        let report = try SpendingAnalysis.report(
            store, scope: ReportScope(months: months[0]...months[1], accounts: accounts), months: months, grouping: .month)
        return try report.rows.all.map { "\($0.period) \($0.currency) \($0.net)" }
    }

    static func account(_ id: String, user: String? = nil, source: String? = nil) -> LedgerAccount {
        LedgerAccount(
            id: id, displayName: id, syncedName: id, institutionName: "Bank", kind: .asset, currency: "USD", sourceName: "Phone",
            sourceID: "S", userTimeZone: user, sourceTimeZone: source)
    }

    @Test("an account's zone: the user's beats its source's, which beats the ledger's (else TZ); --tz forces one for all")
    func precedence() {
        let accounts = [
            Self.account("BOTH", user: "Asia/Tokyo", source: "Europe/London"), Self.account("SOURCE", source: "Europe/London"),
            Self.account("NONE"), Self.account("STALE", user: "Mars/Olympus", source: "Pacific/Auckland"),
        ]
        let report = ReportAccounts(accounts, base: Self.losAngeles)
        #expect(report.zone(of: "BOTH").identifier == "Asia/Tokyo")
        #expect(report.zone(of: "SOURCE").identifier == "Europe/London")
        #expect(report.zone(of: "NONE").identifier == "America/Los_Angeles")
        // A stored name that names no zone is passed over, never a crash.
        #expect(report.zone(of: "STALE").identifier == "Pacific/Auckland")
        #expect(report.zoneNames == ["America/Los_Angeles", "Asia/Tokyo", "Europe/London", "Pacific/Auckland"])
        // The ledger's zone is the zone of an account without one of its own; the reader's is today's.
        let ledger = ReportAccounts(accounts, base: Self.losAngeles, ledgerZone: Self.utc)
        #expect(ledger.zone(of: "NONE").identifier == "UTC")
        #expect(ledger.zone(of: "SOURCE").identifier == "Europe/London")
        #expect(ledger.base.identifier == "America/Los_Angeles")
        #expect(ledger.zoneNames == ["Asia/Tokyo", "Europe/London", "Pacific/Auckland", "UTC"])
        let forced = ReportAccounts(accounts, base: Self.utc, ledgerZone: Self.losAngeles, forced: true)
        #expect(accounts.allSatisfy { forced.zone(of: $0.id).identifier == "UTC" })
        #expect(forced.zoneNames == ["UTC"])
    }

    @Test("the export's timeZone and accountTimeZones give the source's zones; the user's setting beats them and survives syncs")
    func sourceAndUserZones() throws {
        try sync()
        #expect(try accounts(Self.utc).zone(of: "US1").identifier == "America/New_York")
        #expect(try accounts(Self.utc).zone(of: "UK1").identifier == "Europe/London")
        try store.transaction { try store.saveAccountSettings(AccountSettings(accountID: "US1", timeZone: "Asia/Tokyo"), now: Self.now) }
        try export.append("accounts", F.changeSet("G", 2, updated: [F.account("US1", name: "Checking (renamed)")]))
        try sync()
        #expect(try accounts(Self.utc).zone(of: "US1").identifier == "Asia/Tokyo")
        #expect(try accounts(Self.utc, forced: true).zone(of: "US1").identifier == "UTC")
    }

    @Test("a transaction at 23:30 local on the 31st stays in that month in every machine zone; --tz moves it")
    func lateOnTheLastDay() throws {
        try export.append(
            "transactions/US1",
            F.changeSet("T", 1, snapshot: true, inserted: [F.transaction("T1", account: "US1", date: "2026-10-31T23:30:00-04:00")]))
        try export.append(
            "transactions/UK1",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [F.transaction("T2", account: "UK1", date: "2026-11-01T00:15:00+00:00", amount: "9.00", currency: "GBP")]))
        try sync()
        for base in [Self.utc, Self.tokyo, Self.losAngeles, Self.auckland] {
            #expect(try spending(accounts(base)) == ["2026-10 USD 542000", "2026-11 GBP 90000"], "\(base.identifier)")
        }
        // Forced to UTC, New York's 23:30 is 1 November; forced to Los Angeles, London's 00:15 is 31 October.
        #expect(try spending(accounts(Self.utc, forced: true)) == ["2026-11 USD 542000", "2026-11 GBP 90000"])
        #expect(try spending(accounts(Self.losAngeles, forced: true)) == ["2026-10 USD 542000", "2026-10 GBP 90000"])
    }

    @Test("balances at the end of a month are each account's own month end, in trend and net worth")
    func monthEndPerAccount() throws {
        try export.append(
            "balances/US1",
            F.changeSet(
                "B", 1, snapshot: true,
                inserted: [
                    F.balance("B1", account: "US1", amount: "100.00", asOf: "2026-10-31T23:59:59-04:00"),
                    F.balance("B2", account: "US1", amount: "150.00", asOf: "2026-11-01T00:00:30-04:00"),
                ]))
        try export.append(
            "balances/UK1",
            F.changeSet(
                "B", 1, snapshot: true,
                inserted: [
                    F.balance("B3", account: "UK1", amount: "200.00", currency: "GBP", asOf: "2026-10-31T23:59:59+00:00"),
                    F.balance("B4", account: "UK1", amount: "250.00", currency: "GBP", asOf: "2026-11-01T00:00:30+00:00"),
                ]))
        try sync()
        let october = CivilDate(year: 2026, month: 10, day: 31)
        for base in [Self.utc, Self.tokyo, Self.losAngeles] {
            let trend = try BalanceAnalysis.trend(store, accounts: accounts(base), from: october, to: october, every: .month)
            #expect(trend.rows.map { "\($0.accountID) \($0.balance?.units ?? 0)" } == ["US1 1000000", "UK1 2000000"], "\(base.identifier)")
            let worth = try BalanceAnalysis.netWorth(store, accounts: accounts(base), from: october, to: october, every: .month)
            #expect(worth.rows.map { "\($0.currency) \($0.netWorth)" } == ["GBP 2000000", "USD 1000000"], "\(base.identifier)")
        }
        // In Tokyo's days both accounts' October ended hours before these observations.
        let tokyo = try BalanceAnalysis.trend(
            store, accounts: accounts(Self.tokyo, forced: true), from: october, to: october, every: .month)
        #expect(tokyo.rows.map { $0.balance } == [nil, nil])
    }

    @Test("a Sure account's days are in its mapping's time zone")
    func sureMappingZone() throws {
        let account = "6F1D2C3B-4A59-4E68-9A7B-8C9D0E1F2A3B"
        let configuration = try SureConnections(store: store, now: Self.now).connect(
            [
                SureAccountRequest(
                    sourceAccountID: account, accountableType: "Depository", currency: "USD", ledgerTimezone: "America/Los_Angeles")
            ],
            defaultTimezone: "UTC")
        try store.transaction {
            _ = try store.upsertAccount(
                Account(
                    id: account, kind: .asset, displayName: "Wallet account", institutionName: "Apple Wallet", accountDescription: nil,
                    currencyCode: "USD", openingDate: nil, creditInformation: nil),
                sourceRowID: configuration.connection.sourceRowID)
            // 22:30 on 31 October in Los Angeles, 1 November everywhere east of it.
            _ = try store.upsertTransaction(
                Transaction(
                    id: "S1", accountID: account, transactionDate: Timestamp(rfc3339: "2026-11-01T05:30:00Z")!, postedDate: nil,
                    transactionAmount: Money(units: 120_000, currency: "USD"), foreignCurrencyAmount: nil,
                    foreignCurrencyExchangeRate: nil, creditDebitIndicator: .debit, transactionDescription: "SHOP",
                    originalTransactionDescription: "SHOP", merchantCategoryCode: 5411, merchantName: "Shop",
                    transactionType: .pointOfSale, status: .booked))
        }
        for base in [Self.utc, Self.tokyo] {
            #expect(try accounts(base).zone(of: account).identifier == "America/Los_Angeles")
            #expect(try spending(accounts(base)) == ["2026-10 USD 120000"])
        }
    }
}
