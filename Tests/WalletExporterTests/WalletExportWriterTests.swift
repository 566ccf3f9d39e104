import Foundation
import Ledger
import PurseTestSupport
import Testing
import WalletExport

@testable import WalletExporter

@Suite("Wallet export writer: the format purse reads, written durably")
struct WalletExportWriterTests {
    typealias R = ExportRecords

    /// A writer on fresh export and state folders, recording the steps it reaches.
    final class Setup: @unchecked Sendable {
        let folder: TemporaryFolder
        var configuration: WalletExportConfiguration
        private let lock = NSLock()
        private var recorded: [ExportWriterEvent] = []
        /// Called at every step; throwing stops the writer there.
        var onEvent: (ExportWriterEvent) throws -> Void = { _ in }

        init(compactionThreshold: Int = 1 << 20) throws {
            folder = try TemporaryFolder()
            configuration = WalletExportConfiguration(
                exportFolder: folder.url.appendingPathComponent("export"), stateFolder: folder.url.appendingPathComponent("state"),
                sourceName: "Ana's iPhone", timeZone: TimeZone(identifier: "America/New_York")!,
                accountTimeZones: ["1315CED9-24ED-403A-A5BD-DF7A9D26492F": TimeZone(identifier: "Europe/London")!],
                compactionThreshold: compactionThreshold, now: { Date(timeIntervalSince1970: 1_793_520_000) })
            configuration.events = { [unowned self] event in
                lock.withLock { recorded.append(event) }
                try onEvent(event)
            }
        }

        var events: [ExportWriterEvent] { lock.withLock { recorded } }

        /// Other tests of this process start child processes, and a child holds a copy of the
        /// lock's file until it starts its program: a writer just closed can look busy a moment.
        func writer() throws -> WalletExportWriter {
            for _ in 0..<100 {
                do { return try WalletExportWriter(configuration: configuration) } catch WalletExporterError.busy { usleep(10_000) }
            }
            return try WalletExportWriter(configuration: configuration)
        }

        func text(_ relativePath: String) throws -> String {
            try String(contentsOf: configuration.exportFolder.appendingPathComponent(relativePath), encoding: .utf8)
        }

        func lines(_ relativePath: String) throws -> [String] {
            try text(relativePath).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    static let account = "0688F73D-508E-49A8-B0A2-4A07A7CF4768"
    static let transactions = LedgerStream.transactions(accountID: account)

    static func state(_ generation: String, _ sequence: Int64, token: String? = nil) -> ExportStreamState {
        ExportStreamState(generation: generation, sequence: sequence, historyToken: token.map { Data($0.utf8) })
    }

    static func decode(_ line: String, _ stream: LedgerStream) throws -> StreamChange {
        var bytes = Array(line.utf8)
        return try bytes.withUnsafeMutableBytes {
            try WalletStreamReader.decodeLine(UnsafeRawBufferPointer($0), stream: stream, file: "line")
        }
    }

    // MARK: - The format

    @Test("a transaction is written with FinanceKit's property names, amounts as decimal strings, dates as RFC 3339 text")
    func transactionLine() throws {
        let setup = try Setup()
        let purchase = R.purchase("4C57E016-3E03-4D56-BF02-C9CE60910E98", account: Self.account)
        try setup.writer().write(
            .transactions(ChangeSet(inserted: [purchase])), to: Self.transactions, state: Self.state("G1", 1), isSnapshot: true)
        let expected = #"""
            {"generation":"G1","sequence":1,"snapshot":true,"inserted":[{"id":"4C57E016-3E03-4D56-BF02-C9CE60910E98","accountID":"0688F73D-508E-49A8-B0A2-4A07A7CF4768","transactionDate":"2026-10-03T12:34:56.250-04:00","postedDate":"2026-10-04T00:00:00-04:00","transactionAmount":{"amount":"54.20","currencyCode":"USD"},"foreignCurrencyAmount":{"amount":"50.01","currencyCode":"EUR"},"foreignCurrencyExchangeRate":"1.08375","creditDebitIndicator":"debit","transactionDescription":"WHOLE FOODS \\ café","originalTransactionDescription":"WHOLE FOODS #123\tNYC\u0001","merchantCategoryCode":5411,"merchantName":"Whole Foods","transactionType":"pointOfSale","status":"booked"}],"updated":[],"deleted":[]}
            """#
        #expect(try setup.lines("transactions/\(Self.account).jsonl") == [expected, ""])
    }

    @Test("accounts, balances and transactions read back through purse's decoder as exactly the records written")
    func roundTrip() throws {
        let setup = try Setup()
        let writer = try setup.writer()
        let accounts = [R.card(), R.cash()]
        let balances = [R.balance("B1", account: Self.account), R.balance("B2", account: Self.account, amount: "0.0001", booked: false)]
        var unknown = R.purchase("T2", account: Self.account, amount: "900000000000000", status: .pending, merchant: nil)
        unknown.transactionType = .unrecognized("cryptoPurchase")
        unknown.merchantCategoryCode = nil
        unknown.foreignCurrencyAmount = nil
        unknown.foreignCurrencyExchangeRate = nil
        let transactions = [R.purchase("T1", account: Self.account), unknown]
        try writer.write(.accounts(ChangeSet(inserted: accounts)), to: .accounts, state: Self.state("G", 1), isSnapshot: true)
        let balanceStream = LedgerStream.balances(accountID: Self.account)
        try writer.write(
            .balances(ChangeSet(updated: balances, deleted: ["B0"])), to: balanceStream, state: Self.state("G", 1), isSnapshot: false)
        try writer.write(
            .transactions(ChangeSet(inserted: transactions)), to: Self.transactions, state: Self.state("G", 1), isSnapshot: true)

        let accountChange = try Self.decode(setup.lines("accounts.jsonl")[0], .accounts)
        guard case .accounts(let accountSet) = accountChange.records else { throw Failure("not accounts") }
        #expect(accountSet.inserted == accounts)
        #expect(accountChange.replacesStream)
        let balanceChange = try Self.decode(setup.lines("balances/\(Self.account).jsonl")[0], balanceStream)
        guard case .balances(let balanceSet) = balanceChange.records else { throw Failure("not balances") }
        #expect(balanceSet.updated == balances && balanceSet.deleted == ["B0"] && balanceSet.inserted.isEmpty)
        #expect(!balanceChange.replacesStream)
        guard
            case .transactions(let transactionSet) = try Self.decode(
                setup.lines("transactions/\(Self.account).jsonl")[0], Self.transactions
            ).records
        else { throw Failure("not transactions") }
        #expect(transactionSet.inserted == transactions)
    }

    @Test(
        "amounts carry the currency's minor digits and every further digit they have",
        arguments: [
            ("54.2", "USD", "54.20"), ("54", "USD", "54.00"), ("0.0001", "USD", "0.0001"), ("1200", "JPY", "1200"),
            ("1.5", "JPY", "1.5"), ("1.5", "BHD", "1.500"), ("900000000000000", "XXX", "900000000000000.00"),
        ])
    func amounts(amount: String, currency: String, written: String) {
        #expect(ExportJSONText.decimal(R.money(amount, currency)) == written)
    }

    @Test("export.json names the format, the source, the device's time zone and the accounts kept in another zone")
    func manifest() throws {
        let setup = try Setup()
        try setup.writer().write(.accounts(ChangeSet(inserted: [R.cash()])), to: .accounts, state: Self.state("G", 1), isSnapshot: true)
        let sourceID = try String(contentsOf: setup.configuration.stateFolder.appendingPathComponent("source-id"), encoding: .utf8)
        #expect(
            try setup.text("export.json")
                == #"{"format":"wallet-export","version":1,"sourceID":"\#(sourceID)","sourceName":"Ana's iPhone","exportedAt":"2026-11-01T08:00:00Z","timeZone":"America/New_York","accountTimeZones":{"1315CED9-24ED-403A-A5BD-DF7A9D26492F":"Europe/London"}}"#
                + "\n")
        let source = try WalletExportSource(path: setup.configuration.exportFolder.path)
        #expect(source.externalID == sourceID && source.displayName == "Ana's iPhone")
        // A second writer (the extension) keeps the same source.
        try setup.writer().write(.accounts(ChangeSet(updated: [R.cash()])), to: .accounts, state: Self.state("G", 2), isSnapshot: false)
        #expect(try WalletExportSource(path: setup.configuration.exportFolder.path).externalID == sourceID)
    }

    @Test("dates become RFC 3339 text in the zone given, with its offset, milliseconds only when there are any")
    func timestamps() {
        let newYork = TimeZone(identifier: "America/New_York")!
        let date = Date(timeIntervalSince1970: 1_791_045_296.25)
        #expect(ExportTimestamp.timestamp(date, in: newYork).text == "2026-10-03T12:34:56.250-04:00")
        #expect(ExportTimestamp.timestamp(Date(timeIntervalSince1970: 1_767_225_600), in: newYork).text == "2025-12-31T19:00:00-05:00")
        #expect(ExportTimestamp.timestamp(date, in: TimeZone(identifier: "Asia/Kolkata")!).text == "2026-10-03T22:04:56.250+05:30")
        #expect(ExportTimestamp.timestamp(date, in: TimeZone(identifier: "UTC")!).text == "2026-10-03T16:34:56.250Z")
        #expect(
            ExportTimestamp.timestamp(Date(timeIntervalSince1970: -1), in: TimeZone(identifier: "Europe/London")!).text
                == "1970-01-01T00:59:59+01:00")
    }

    @Test("FinanceKit's decimals become exact amounts and rates; what the format cannot carry is refused, never rounded")
    func decimals() throws {
        #expect(try ExportDecimal.money(Decimal(string: "54.2")!, currencyCode: "USD", field: "f") == R.money("54.2"))
        #expect(try ExportDecimal.money(Decimal(string: "0.0001")!, currencyCode: "USD", field: "f") == R.money("0.0001"))
        #expect(try ExportDecimal.rate(Decimal(string: "1.08375")!, field: "r") == "1.08375")
        #expect(throws: WalletExporterError.unrepresentable(field: "f", value: "0.00001")) {
            try ExportDecimal.money(Decimal(string: "0.00001")!, currencyCode: "USD", field: "f")
        }
        #expect(throws: WalletExporterError.unrepresentable(field: "f", value: "-1")) {
            try ExportDecimal.money(Decimal(-1), currencyCode: "USD", field: "f")
        }
        #expect(throws: WalletExporterError.unrepresentable(field: "r", value: "-0.5")) {
            try ExportDecimal.rate(Decimal(string: "-0.5")!, field: "r")
        }
    }

    // MARK: - Durability

    @Test("each line is in the file, LF last and synced, before its token is saved")
    func lineBeforeToken() throws {
        let setup = try Setup()
        let writer = try setup.writer()
        let stateFile = setup.configuration.stateFolder.appendingPathComponent("streams/transactions/\(Self.account).json")
        try writer.write(
            .transactions(ChangeSet(inserted: [R.purchase("T1", account: Self.account)])), to: Self.transactions,
            state: Self.state("G", 1, token: "one"), isSnapshot: true)
        var seen: [String] = []
        setup.onEvent = { event in
            let saved = try JSONDecoder().decode(ExportStreamState.self, from: Data(contentsOf: stateFile))
            let text = try setup.text("transactions/\(Self.account).jsonl")
            seen.append(
                "\(event): \(text.split(separator: "\n", omittingEmptySubsequences: false).count - 1) lines, ends with LF \(text.hasSuffix("\n")), token \(saved.sequence)"
            )
        }
        try writer.write(
            .transactions(ChangeSet(deleted: ["T1"])), to: Self.transactions, state: Self.state("G", 2, token: "two"), isSnapshot: false)
        let stream = Self.transactions.name
        #expect(
            seen == [
                "lineHalfWritten(stream: \"\(stream)\"): 1 lines, ends with LF false, token 1",
                "lineWritten(stream: \"\(stream)\"): 2 lines, ends with LF true, token 1",
                "tokenSaved(stream: \"\(stream)\"): 2 lines, ends with LF true, token 2",
            ])
        #expect(try writer.resumePoint(for: Self.transactions) == Self.state("G", 2, token: "two"))
    }

    @Test("a change set with nothing in it saves only its token")
    func emptyChangeSet() throws {
        let setup = try Setup()
        let writer = try setup.writer()
        try writer.write(
            .accounts(ChangeSet(inserted: [R.cash()])), to: .accounts, state: Self.state("G", 1, token: "one"), isSnapshot: true)
        try writer.write(.accounts(ChangeSet()), to: .accounts, state: Self.state("G", 1, token: "two"), isSnapshot: false)
        #expect(try setup.lines("accounts.jsonl").count == 2)
        #expect(try writer.resumePoint(for: .accounts) == Self.state("G", 1, token: "two"))
    }

    struct Killed: Error {}

    @Test("a kill halfway through a line: the partial line is cut off and the stream resumes from the last token")
    func partialLine() throws {
        let setup = try Setup()
        var complete = ""
        do {
            let writer = try setup.writer()
            try writer.write(
                .transactions(ChangeSet(inserted: [R.purchase("T1", account: Self.account)])), to: Self.transactions,
                state: Self.state("G", 1, token: "one"), isSnapshot: true)
            complete = try setup.text("transactions/\(Self.account).jsonl")
            setup.onEvent = { if case .lineHalfWritten = $0 { throw Killed() } }
            #expect(throws: Killed.self) {
                try writer.write(
                    .transactions(ChangeSet(deleted: ["T1"])), to: Self.transactions, state: Self.state("G", 2, token: "two"),
                    isSnapshot: false)
            }
        }
        #expect(try setup.text("transactions/\(Self.account).jsonl").count > complete.count)
        setup.onEvent = { _ in }
        let restarted = try setup.writer()
        #expect(try restarted.resumePoint(for: Self.transactions) == Self.state("G", 1, token: "one"))
        #expect(try setup.text("transactions/\(Self.account).jsonl") == complete)
    }

    @Test("a kill between a line and its token: the stream goes on after the line, from the older token")
    func killBeforeToken() throws {
        let setup = try Setup()
        do {
            let writer = try setup.writer()
            try writer.write(
                .transactions(ChangeSet(inserted: [R.purchase("T1", account: Self.account)])), to: Self.transactions,
                state: Self.state("G", 1, token: "one"), isSnapshot: true)
            setup.onEvent = { if case .lineWritten = $0 { throw Killed() } }
            #expect(throws: Killed.self) {
                try writer.write(
                    .transactions(ChangeSet(deleted: ["T1"])), to: Self.transactions, state: Self.state("G", 2, token: "two"),
                    isSnapshot: false)
            }
        }
        setup.onEvent = { _ in }
        #expect(try setup.writer().resumePoint(for: Self.transactions) == Self.state("G", 2, token: "one"))
    }

    @Test(
        "a stream whose file and state disagree starts over",
        arguments: ["no state", "no file", "file behind", "other generation", "unreadable line"])
    func disagreement(_ case: String) throws {
        let setup = try Setup()
        let writer = try setup.writer()
        try writer.write(
            .transactions(ChangeSet(inserted: [R.purchase("T1", account: Self.account)])), to: Self.transactions,
            state: Self.state("G", 1, token: "one"), isSnapshot: true)
        try writer.write(
            .transactions(ChangeSet(deleted: ["T1"])), to: Self.transactions, state: Self.state("G", 2, token: "two"), isSnapshot: false)
        let file = setup.configuration.exportFolder.appendingPathComponent("transactions/\(Self.account).jsonl")
        let stateFile = setup.configuration.stateFolder.appendingPathComponent("streams/transactions/\(Self.account).json")
        let lines = try setup.lines("transactions/\(Self.account).jsonl")
        switch `case` {
        case "no state": try FileManager.default.removeItem(at: stateFile)
        case "no file": try FileManager.default.removeItem(at: file)
        case "file behind": try Data((lines[0] + "\n").utf8).write(to: file)
        case "other generation": try Data(lines[0].replacingOccurrences(of: "\"G\"", with: "\"H\"").utf8 + [0x0A]).write(to: file)
        default: try Data((lines[0] + "\n{\"generation\":1}\n").utf8).write(to: file)
        }
        #expect(try writer.resumePoint(for: Self.transactions) == nil)
    }

    // MARK: - Compaction

    @Test("a stream file past the threshold becomes one snapshot of its records at the next sequence")
    func compaction() throws {
        let setup = try Setup(compactionThreshold: 3000)
        let writer = try setup.writer()
        var state = Self.state("G", 1, token: "t1")
        try writer.write(
            .transactions(ChangeSet(inserted: [R.purchase("T0", account: Self.account)])), to: Self.transactions, state: state,
            isSnapshot: true)
        var expected = [R.purchase("T0", account: Self.account)]
        for index in 1...6 {
            state.sequence += 1
            state.historyToken = Data("t\(index + 1)".utf8)
            let purchase = R.purchase("T\(index)", account: Self.account, status: .pending)
            let booked = R.purchase("T\(index - 1)", account: Self.account, amount: "\(index).5")
            state = try writer.write(
                .transactions(ChangeSet(inserted: [purchase], updated: [booked], deleted: index == 4 ? ["T0"] : [])), to: Self.transactions,
                state: state, isSnapshot: false)
            expected.removeAll { $0.id == purchase.id || $0.id == booked.id || (index == 4 && $0.id == "T0") }
            expected += [purchase, booked]
        }
        let lines = try setup.lines("transactions/\(Self.account).jsonl")
        #expect(setup.events.contains(.snapshotRenamed(stream: Self.transactions.name)))
        #expect(lines.count < 7 + 1, "compacted at least once")
        let first = try Self.decode(lines[0], Self.transactions)
        #expect(first.replacesStream && first.token.generation == "G" && first.token.sequence > 1)
        let replayed = try WalletExportWriter.replay(
            setup.configuration.exportFolder.appendingPathComponent("transactions/\(Self.account).jsonl"), stream: Self.transactions)
        guard case .transactions(let set) = replayed else { throw Failure("not transactions") }
        #expect(set.inserted == expected.sorted { $0.id < $1.id })
        let compactions = setup.events.filter { if case .snapshotRenamed = $0 { true } else { false } }.count - 1
        #expect(compactions >= 1)
        #expect(state.sequence == 7 + Int64(compactions), "the sequence goes on after each compaction's snapshot")
        #expect(try writer.resumePoint(for: Self.transactions) == state)
        #expect(state.historyToken == Data("t7".utf8))
        let sequences = try lines.dropLast().map { try Self.decode($0, Self.transactions).token.sequence }
        #expect(sequences == Array(first.token.sequence...state.sequence))
    }

    @Test("a stream that is one large snapshot is not rewritten on every change")
    func largeSnapshotNotRewritten() throws {
        let setup = try Setup(compactionThreshold: 1000)
        let writer = try setup.writer()
        let many = (0..<20).map { R.purchase("T\($0)", account: Self.account) }
        try writer.write(
            .transactions(ChangeSet(inserted: many)), to: Self.transactions, state: Self.state("G", 1, token: "t"), isSnapshot: true)
        try writer.write(
            .transactions(ChangeSet(deleted: ["T1"])), to: Self.transactions, state: Self.state("G", 2, token: "t"), isSnapshot: false)
        #expect(try setup.lines("transactions/\(Self.account).jsonl").count == 3)
        #expect(setup.events.filter { if case .snapshotRenamed = $0 { true } else { false } }.count == 1)
    }

    @Test("a second writer while one holds the export is busy; once it is released, the export is free again")
    func busy() throws {
        let setup = try Setup()
        var first: WalletExportWriter? = try setup.writer()
        #expect(throws: WalletExporterError.busy) { try setup.writer() }
        withExtendedLifetime(first) {}
        first = nil
        _ = try setup.writer()
    }

    @Test("the files of accounts no longer shared are removed, with their states")
    func removeStreams() throws {
        let setup = try Setup()
        let writer = try setup.writer()
        for account in ["A1", "A2"] {
            try writer.write(
                .transactions(ChangeSet(inserted: [R.purchase("T" + account, account: account)])), to: .transactions(accountID: account),
                state: Self.state("G", 1), isSnapshot: true)
            try writer.write(
                .balances(ChangeSet(inserted: [R.balance("B" + account, account: account)])), to: .balances(accountID: account),
                state: Self.state("G", 1), isSnapshot: true)
        }
        let removed = try writer.removeStreams(ofAccountsOtherThan: ["A2"])
        #expect(removed == [.balances(accountID: "A1"), .transactions(accountID: "A1")])
        let export = setup.configuration.exportFolder.path
        #expect(try FileManager.default.contentsOfDirectory(atPath: export + "/transactions").sorted() == ["A2.jsonl"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: export + "/balances").sorted() == ["A2.jsonl"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: setup.configuration.stateFolder.path + "/streams/transactions").sorted()
                == ["A2.json"])
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
