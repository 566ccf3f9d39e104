import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

@testable import Analytics

/// The ledger's zone (README, "What counts"): the first writer's `TZ` is recorded once, the
/// accounts without a zone of their own keep their months in it whatever zone a later writer
/// runs in, and changing it classifies them again.
@Suite("The ledger's zone")
struct LedgerZoneTests {
    typealias F = ExportFixture
    static let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    static let newYork = ReportTimeZone(identifier: "America/New_York")!
    static let utc = ReportTimeZone(identifier: "UTC")!
    let folder: TemporaryFolder
    let export: ExportFixture
    var path: String { folder.file("ledger.sqlite") }

    init() throws {
        folder = try TemporaryFolder()
        // No zone in the manifest: the account's days are the ledger's.
        export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CHK", name: "Checking")]))
        // 23:30 on 31 October in New York, 1 November in UTC.
        try export.append(
            "transactions/CHK",
            F.changeSet("T", 1, snapshot: true, inserted: [F.transaction("LATE", account: "CHK", date: "2026-11-01T03:30:00Z")]))
    }

    /// A writer as a command under `TZ=zone` opens the ledger, and what its keeper told of a
    /// classification of everything.
    final class Writer {
        let store: LedgerStore
        let keeper: ClassificationKeeper
        var progress: [String] = []

        init(_ path: String, zone: ReportTimeZone) throws {
            let keeper = ClassificationKeeper(base: zone)
            self.keeper = keeper
            store = try LedgerStore(path: path, mode: .create(keeper: keeper), now: LedgerZoneTests.now)
            keeper.progress = { [unowned self] in self.progress.append($0) }
        }

        var classifiedEverything: Bool { progress.contains("classifying every transaction") }
    }

    func sync(_ writer: Writer) throws {
        let report = try SyncEngine(store: writer.store, now: Self.now).sync(WalletExportSource(path: export.path))
        if let failure = report.failures.first { throw failure }
    }

    /// The months the summary holds spending in.
    func months(_ store: LedgerStore) throws -> [String] {
        try store.spendingSummary().map(\.month.description)
    }

    @Test("the first writer's zone is the ledger's: a writer in another zone keeps its months and classifies nothing again")
    func recordedOnce() throws {
        let first = try Writer(path, zone: Self.newYork)
        #expect(try first.store.setting(.timeZone) == nil)
        try sync(first)
        #expect(try first.store.setting(.timeZone) == "America/New_York")
        #expect(try first.store.classificationZones() == ["CHK": "America/New_York"])
        #expect(try months(first.store) == ["2026-10"])

        let cron = try Writer(path, zone: Self.utc)
        try export.append(
            "transactions/CHK", F.changeSet("T", 2, inserted: [F.transaction("NOON", account: "CHK", date: "2026-10-20T16:00:00Z")]))
        try sync(cron)
        #expect(try cron.store.setting(.timeZone) == "America/New_York")
        #expect(try cron.store.classificationZones() == ["CHK": "America/New_York"])
        #expect(try months(cron.store) == ["2026-10"])
        #expect(!cron.classifiedEverything, "\(cron.progress)")
        #expect(try cron.keeper.check(cron.store) == [])
        // Reports of either zone count the account's days in the ledger's.
        let accounts = try ReportAccounts(store: cron.store, base: Self.utc)
        #expect(accounts.zone(of: "CHK").identifier == "America/New_York")
        #expect(accounts.base.identifier == "UTC")
    }

    @Test("changing the ledger's zone classifies the accounts without one of their own again")
    func changed() throws {
        let writer = try Writer(path, zone: Self.newYork)
        try sync(writer)
        writer.progress = []
        try writer.store.transaction { try writer.store.setSetting(.timeZone, to: "UTC") }
        #expect(writer.classifiedEverything, "\(writer.progress)")
        #expect(try writer.store.classificationZones() == ["CHK": "UTC"])
        #expect(try months(writer.store) == ["2026-11"])
        #expect(try writer.keeper.check(writer.store) == [])
    }

    @Test("a zone of its own is not the ledger's to move")
    func ownZone() throws {
        let writer = try Writer(path, zone: Self.newYork)
        try sync(writer)
        try writer.store.transaction {
            var settings = try writer.store.accountSettings(accountID: "CHK")
            settings.timeZone = "America/New_York"
            try writer.store.saveAccountSettings(settings, now: Self.now)
            try writer.store.setSetting(.timeZone, to: "Asia/Tokyo")
        }
        #expect(try writer.store.classificationZones() == ["CHK": "America/New_York"])
        #expect(try months(writer.store) == ["2026-10"])
    }
}
