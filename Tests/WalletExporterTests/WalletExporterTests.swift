import Foundation
import Ledger
import PurseTestSupport
import Testing
import WalletExport
import WalletExporterTestSupport

@testable import WalletExporter

@Suite("Wallet exporter: FinanceKit's histories into the export, stream by stream")
struct WalletExporterTests {
    typealias R = ExportRecords
    static let card = "0688F73D-508E-49A8-B0A2-4A07A7CF4768"
    static let cash = "BAA5A958-3A93-44CD-8985-797310929FF7"

    /// A simulated store with two accounts and a little of everything, and an export of it.
    final class Setup: @unchecked Sendable {
        let folder: TemporaryFolder
        let store = SimulatedFinanceStore()
        var configuration: WalletExportConfiguration
        private let lock = NSLock()
        private var recorded: [ExportWriterEvent] = []

        init() throws {
            folder = try TemporaryFolder()
            configuration = WalletExportConfiguration(
                exportFolder: folder.url.appendingPathComponent("export"), stateFolder: folder.url.appendingPathComponent("state"),
                sourceName: "Ana's iPhone", timeZone: TimeZone(identifier: "America/New_York")!)
            configuration.events = { [unowned self] event in lock.withLock { recorded.append(event) } }
            store.share(R.card(WalletExporterTests.card))
            store.share(R.cash(WalletExporterTests.cash))
            store.insert(R.purchase("T1", account: WalletExporterTests.card, status: .pending))
            store.insert(R.purchase("T2", account: WalletExporterTests.card))
            store.insert(R.purchase("T3", account: WalletExporterTests.cash))
            store.insert(R.balance("B1", account: WalletExporterTests.card))
        }

        var events: [ExportWriterEvent] { lock.withLock { recorded } }

        func exporter(_ store: (any FinanceHistoryStore)? = nil) -> WalletExporter {
            WalletExporter(store: store ?? self.store, configuration: configuration)
        }

        /// Every file of the export and the state folder, by path, with its bytes.
        func files() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for root in [configuration.exportFolder, configuration.stateFolder] {
                guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
                for case let url as URL in walker where !url.hasDirectoryPath {
                    files[url.path] = try Data(contentsOf: url)
                }
            }
            return files
        }

        func lines(_ stream: LedgerStream) throws -> [StreamChange] {
            let url = configuration.exportFolder.appendingPathComponent(stream.name + ".jsonl")
            return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
                try WalletExportWriterTests.decode(String($0), stream)
            }
        }
    }

    static func transactions(_ change: StreamChange) -> ChangeSet<Transaction>? {
        if case .transactions(let set) = change.records { set } else { nil }
    }

    @Test("the first run writes each stream as a snapshot; a run with nothing new writes nothing")
    func firstRun() async throws {
        let setup = try Setup()
        let summary = try await setup.exporter().run()
        #expect(summary.changeSets == 5)
        #expect(
            Set(summary.newGenerations) == [
                "accounts", "balances/\(Self.card)", "transactions/\(Self.card)", "balances/\(Self.cash)", "transactions/\(Self.cash)",
            ])
        let card = try setup.lines(.transactions(accountID: Self.card))
        #expect(card.count == 1 && card[0].replacesStream && card[0].token.sequence == 1)
        #expect(Self.transactions(card[0])?.inserted.map(\.id) == ["T1", "T2"])
        let cashBalances = try setup.lines(.balances(accountID: Self.cash))
        #expect(cashBalances.count == 1 && cashBalances[0].recordCount == 0 && cashBalances[0].replacesStream)
        let before = try setup.files()
        #expect(try await setup.exporter().run() == ExportSummary())
        #expect(try setup.files() == before)
    }

    @Test("inserts, a pending purchase that books and deletions become the stream's next change sets")
    func changes() async throws {
        let setup = try Setup()
        try await setup.exporter().run()
        var booked = R.purchase("T1", account: Self.card)
        booked.postedDate = R.time("2026-10-05T00:00:00-04:00")
        setup.store.update(booked)
        setup.store.insert(R.purchase("T4", account: Self.card, status: .pending))
        setup.store.deleteTransaction(id: "T2", accountID: Self.card)
        let summary = try await setup.exporter().run()
        #expect(summary.changeSets == 3 && summary.newGenerations.isEmpty)
        let lines = try setup.lines(.transactions(accountID: Self.card))
        #expect(lines.map(\.token.sequence) == [1, 2, 3, 4])
        #expect(Set(lines.map(\.token.generation)).count == 1)
        #expect(lines[1...].allSatisfy { !$0.replacesStream })
        #expect(Self.transactions(lines[1])?.updated == [booked])
        #expect(Self.transactions(lines[2])?.inserted.map(\.id) == ["T4"])
        #expect(Self.transactions(lines[3])?.deleted == ["T2"])
    }

    @Test("an invalid history token starts a new generation of that stream alone, with a snapshot of its whole state")
    func invalidToken() async throws {
        let setup = try Setup()
        try await setup.exporter().run()
        setup.store.insert(R.purchase("T5", account: Self.card))
        setup.store.insert(R.purchase("T6", account: Self.cash))
        let stream = LedgerStream.transactions(accountID: Self.card)
        let generation = try setup.lines(stream)[0].token.generation
        setup.store.compactHistory(of: stream)
        let summary = try await setup.exporter().run()
        #expect(summary.newGenerations == [stream.name])
        let lines = try setup.lines(stream)
        #expect(lines.count == 1 && lines[0].replacesStream && lines[0].token.sequence == 1 && lines[0].token.generation != generation)
        #expect(Self.transactions(lines[0])?.inserted.map(\.id) == ["T1", "T2", "T5"])
        let cash = try setup.lines(.transactions(accountID: Self.cash))
        #expect(cash.map(\.token.sequence) == [1, 2] && Self.transactions(cash[1])?.inserted.map(\.id) == ["T6"])
    }

    @Test("an account no longer shared is deleted from the accounts stream and its files go; shared again, it starts over")
    func unshared() async throws {
        let setup = try Setup()
        try await setup.exporter().run()
        setup.store.unshare(accountID: Self.card)
        let summary = try await setup.exporter().run()
        #expect(summary.removedStreams == ["balances/\(Self.card)", "transactions/\(Self.card)"])
        let accounts = try setup.lines(.accounts)
        guard case .accounts(let set) = accounts.last?.records else { throw Failure("no accounts line") }
        #expect(set.deleted == [Self.card] && set.inserted.isEmpty)
        let export = setup.configuration.exportFolder.path
        #expect(try FileManager.default.contentsOfDirectory(atPath: export + "/transactions") == ["\(Self.cash).jsonl"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: export + "/balances") == ["\(Self.cash).jsonl"])

        setup.store.share(R.card(Self.card))
        let again = try await setup.exporter().run()
        #expect(Set(again.newGenerations) == ["balances/\(Self.card)", "transactions/\(Self.card)"])
        let card = try setup.lines(.transactions(accountID: Self.card))
        #expect(card.count == 1 && Self.transactions(card[0])?.inserted.map(\.id) == ["T1", "T2"])
    }

    @Test(
        "denied or undecided authorisation stops with a typed error and changes nothing",
        arguments: [FinanceAuthorizationStatus.denied, .notDetermined])
    func notAuthorized(status: FinanceAuthorizationStatus) async throws {
        let setup = try Setup()
        try await setup.exporter().run()
        setup.store.insert(R.purchase("T9", account: Self.card))
        let before = try setup.files()
        setup.store.setAuthorization(status, answerToRequest: .denied)
        await #expect(throws: WalletExporterError.notAuthorized(status)) { try await setup.exporter().run() }
        #expect(try setup.files() == before)
        #expect(try await setup.store.requestAuthorization() == .denied)
        await #expect(throws: WalletExporterError.notAuthorized(.denied)) { try await setup.exporter().run() }
        #expect(try setup.files() == before)
    }

    @Test("restricted data stops with a typed error and changes nothing, also before the first export")
    func restricted() async throws {
        let setup = try Setup()
        setup.store.setRestricted(true)
        await #expect(throws: WalletExporterError.dataRestricted) { try await setup.exporter().run() }
        #expect(!FileManager.default.fileExists(atPath: setup.configuration.exportFolder.path))
        #expect(!FileManager.default.fileExists(atPath: setup.configuration.stateFolder.path))
        setup.store.setRestricted(false)
        try await setup.exporter().run()
        setup.store.insert(R.purchase("T9", account: Self.card))
        let before = try setup.files()
        setup.store.setRestricted(true)
        await #expect(throws: WalletExporterError.dataRestricted) { try await setup.exporter().run(for: [.transactions]) }
        #expect(try setup.files() == before)
    }

    @Test("background delivery runs only the streams of the data types it names")
    func backgroundDelivery() async throws {
        let setup = try Setup()
        try await setup.exporter().run()
        setup.store.insert(R.purchase("T7", account: Self.cash))
        setup.store.insert(R.balance("B2", account: Self.cash))
        setup.store.update(R.card(Self.card, name: "Apple Card (Ana)"))
        let summary = try await setup.exporter().run(for: [.transactions])
        #expect(summary.changeSets == 1)
        #expect(try setup.lines(.transactions(accountID: Self.cash)).count == 2)
        #expect(try setup.lines(.balances(accountID: Self.cash)).count == 1)
        #expect(try setup.lines(.accounts).count == 1)
        #expect(try await setup.exporter().run(for: [.accounts, .accountBalances]).changeSets == 2)
        #expect(try setup.lines(.balances(accountID: Self.cash)).count == 2)
        #expect(try setup.lines(.accounts).count == 2)
    }

    @Test("willTerminate stops a running export at the next change-set boundary, and no run starts after it")
    func willTerminate() async throws {
        let setup = try Setup()
        try await setup.exporter().run()
        for index in 10..<14 { setup.store.insert(R.purchase("T\(index)", account: Self.card)) }
        let gated = GatedFinanceStore(setup.store)
        let exporter = setup.exporter(gated)
        let stream = LedgerStream.transactions(accountID: Self.card).name
        let running = Task { try await exporter.run() }
        await eventually(within: 5, every: 0.01, "the first line written") { setup.events.contains(.lineWritten(stream: stream)) }
        let terminated = Task { await exporter.willTerminate() }
        await eventually(within: 5, every: 0.01, "the exporter terminating") { await exporter.isTerminating }
        await gated.gate.open()
        let summary = try await running.value
        await terminated.value
        #expect(summary.stoppedEarly && summary.changeSets == 1)
        let lines = try setup.lines(.transactions(accountID: Self.card))
        #expect(lines.count == 2 && Self.transactions(lines[1])?.inserted.map(\.id) == ["T10"])
        #expect(try await exporter.run().stoppedEarly)
        // The next process goes on from the boundary.
        try await setup.exporter().run()
        #expect(
            try setup.lines(.transactions(accountID: Self.card)).compactMap { Self.transactions($0)?.inserted.first?.id } == [
                "T1", "T10", "T11", "T12", "T13",
            ])
    }

    @Test("while another process writes the export, a run is busy and changes nothing")
    func busy() async throws {
        let setup = try Setup()
        try await setup.exporter().run()
        setup.store.insert(R.purchase("T10", account: Self.card))
        setup.store.insert(R.purchase("T11", account: Self.card))
        let gated = GatedFinanceStore(setup.store)
        let first = setup.exporter(gated)
        let running = Task { try await first.run() }
        await eventually(within: 5, every: 0.01, "the first run at the gate") { await gated.gate.reached }
        await #expect(throws: WalletExporterError.busy) { try await setup.exporter().run() }
        await gated.gate.open()
        #expect(try await running.value.changeSets == 2)
    }
}
