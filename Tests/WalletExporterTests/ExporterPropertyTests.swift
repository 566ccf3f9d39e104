import Foundation
import Ledger
import PurseTestSupport
import Testing
import WalletExporterTestSupport

@testable import WalletExporter

/// The phone and the computer together, over random histories: the exporter runs in steps over
/// a simulated FinanceKit, killed at random points of its writing (a line half written, a line
/// without its token, a snapshot not yet renamed...), while a file-sync tool carries the export
/// to the computer at random moments (some files now, some later, a file caught mid-write) and
/// `purse sync` runs on whatever has arrived. Every sync must succeed; after the last step, the
/// ledger must hold exactly what the phone holds, every field of every record.
///
/// `PURSE_EXPORTER_SEEDS=N` runs seeds 1 to N (default 4).
@Suite("Exporter and purse: random histories, kills and file-sync deliveries", .serialized, .tags(.slow))
struct ExporterPropertyTests {
    static let seeds: [UInt64] = {
        let count = Int(ProcessInfo.processInfo.environment["PURSE_EXPORTER_SEEDS"] ?? "") ?? 4
        return (1...max(1, count)).map(UInt64.init)
    }()

    struct Killed: Error {}

    /// Everything that happens to the folders while a run writes, decided by the seed.
    final class World: @unchecked Sendable {
        let folder: TemporaryFolder
        let store = SimulatedFinanceStore()
        let delivery: FileSyncDelivery
        let database: String
        let purse = PurseBinary()
        var random: SeededRandom
        /// The event of this run at which the exporter is killed (nil: it runs to its end).
        var killAt: Int?
        var eventsThisRun = 0
        var syncs = 0
        var kills = 0
        var midWriteDeliveries = 0
        var failures: [String] = []

        init(seed: UInt64) throws {
            folder = try TemporaryFolder()
            random = SeededRandom(state: seed &* 0x9E37_79B9)
            delivery = FileSyncDelivery(
                source: folder.url.appendingPathComponent("phone"), destination: folder.url.appendingPathComponent("computer"))
            database = folder.file("ledger.sqlite")
        }

        var configuration: WalletExportConfiguration {
            var configuration = WalletExportConfiguration(
                exportFolder: delivery.source, stateFolder: folder.url.appendingPathComponent("state"), sourceName: "Ana's iPhone",
                timeZone: TimeZone(identifier: "America/New_York")!, compactionThreshold: 6000)
            configuration.events = { [unowned self] event in try self.reached(event) }
            return configuration
        }

        func reached(_ event: ExportWriterEvent) throws {
            defer { eventsThisRun += 1 }
            if random.below(12) == 0 {
                if case .lineHalfWritten = event { midWriteDeliveries += 1 }
                try deliverAndMaybeSync(everything: false)
            }
            if eventsThisRun == killAt {
                kills += 1
                throw Killed()
            }
        }

        /// A delivery, and now and then `purse sync` of what has arrived.
        func deliverAndMaybeSync(everything: Bool) throws {
            try delivery.deliver(everything: everything, random: &random)
            if everything || random.below(2) == 0 { try sync() }
        }

        func sync() throws {
            guard FileManager.default.fileExists(atPath: delivery.destination.appendingPathComponent("export.json").path) else { return }
            syncs += 1
            let result = try purse.run(["--db", database, "sync", delivery.destination.path])
            if result.status != 0 || result.stderr.contains("Error:") {
                failures.append("sync \(syncs) exited \(result.status): \(result.stderr)")
            }
        }

        /// One run of the exporter, killed at a random event or not.
        func export(killable: Bool) async throws {
            eventsThisRun = 0
            killAt = killable && random.below(3) != 0 ? random.below(40) : nil
            do {
                try await WalletExporter(store: store, configuration: configuration).run()
            } catch is Killed {}
        }
    }

    @Test("the ledger ends equal to the phone's data, whatever the kills and deliveries", arguments: seeds)
    func randomHistory(seed: UInt64) async throws {
        let world = try World(seed: seed)
        var history = RandomHistory(seed: seed, store: world.store)
        world.store.setCatchUpBatchSize(1 + world.random.below(4))
        for _ in 0..<10 {
            history.happen(5 + world.random.below(35))
            try await world.export(killable: true)
            if world.random.below(10) < 6 { try world.deliverAndMaybeSync(everything: false) }
        }
        try await world.export(killable: false)
        try world.deliverAndMaybeSync(everything: true)
        #expect(world.failures == [], "every sync on the way succeeded")
        #expect(world.kills > 0 && world.syncs > 2, "the history killed the exporter and synced on the way")

        let expected = LedgerRecords(
            accounts: world.store.sharedAccounts, balances: world.store.sharedBalances, transactions: world.store.sharedTransactions)
        let ledger = try LedgerRecords(database: world.database)
        #expect(ledger == expected, "first difference: \(ledger.firstDifference(from: expected))")
        #expect(!expected.transactions.isEmpty && !expected.balances.isEmpty)
        let check = try world.purse.run(["--db", world.database, "status", "--check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

        // Through the command line too: the same output as a ledger synced once from a fresh
        // export of the phone's data as it is now.
        let fresh = try TemporaryFolder()
        try FileManager.default.createDirectory(at: fresh.url.appendingPathComponent("state"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: world.folder.url.appendingPathComponent("state/source-id"), to: fresh.url.appendingPathComponent("state/source-id"))
        let configuration = WalletExportConfiguration(
            exportFolder: fresh.url.appendingPathComponent("export"), stateFolder: fresh.url.appendingPathComponent("state"),
            sourceName: "Ana's iPhone", timeZone: TimeZone(identifier: "America/New_York")!)
        try await WalletExporter(store: world.store, configuration: configuration).run()
        let reference = fresh.file("reference.sqlite")
        let synced = try world.purse.run(["--db", reference, "--quiet", "sync", configuration.exportFolder.path])
        #expect(synced.status == 0, "\(synced.stderr)")
        for command in [["accounts", "--format", "json"], ["export", "transactions", "--format", "json"]] {
            let mine = try world.purse.run(["--db", world.database, "--tz", "America/New_York"] + command)
            let clean = try world.purse.run(["--db", reference, "--tz", "America/New_York"] + command)
            #expect(mine.status == 0 && mine.stdout == clean.stdout, "\(command.joined(separator: " ")) differs")
        }
    }
}
