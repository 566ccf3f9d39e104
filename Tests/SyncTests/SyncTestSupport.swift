import Analytics
import Foundation
import Ledger
import PurseTestSupport
import Testing
import WalletExport

@testable import LedgerStore
@testable import Storage
@testable import Sync

/// Account and record IDs used across the sync tests (upper-case, as FinanceKit prints them).
enum ID {
    static let checking = "A1111111-1111-4111-8111-111111111111"
    static let card = "B2222222-2222-4222-8222-222222222222"
    static let savings = "C3333333-3333-4333-8333-333333333333"

    static func transaction(_ number: Int) -> String {
        String(format: "7F000000-0000-4000-8000-%012d", number)
    }

    static func balance(_ number: Int) -> String {
        String(format: "BA000000-0000-4000-8000-%012d", number)
    }

    static let otherSource = "9E9E9E9E-0000-4000-8000-000000000002"
}

/// One ledger in a temporary folder with one Wallet export next to it, and helpers to sync the
/// export and look at the result.
final class SyncWorld {
    let folder: TemporaryFolder
    let export: ExportFixture
    let store: LedgerStore
    let now = Timestamp.utc(epochSeconds: 1_793_520_000)

    init() throws {
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        store = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: ClassificationKeeper(base: ReportTimeZone(identifier: "UTC")!)),
            now: now)
    }

    /// Another export (another device) in the same temporary folder.
    func makeExport(name: String, sourceID: String, sourceName: String) throws -> ExportFixture {
        try ExportFixture(in: folder.url, name: name, sourceID: sourceID, sourceName: sourceName)
    }

    @discardableResult
    func sync(_ fixture: ExportFixture? = nil, at time: Timestamp? = nil) throws -> SyncReport {
        let source = try WalletExportSource(path: (fixture ?? export).path)
        return try SyncEngine(store: store, now: time ?? now).sync(source)
    }

    /// Syncs, expecting bad input to stop exactly one stream: that stream's error.
    func syncFailure(_ fixture: ExportFixture? = nil, at time: Timestamp? = nil) throws -> SourceError {
        let failures = try sync(fixture, at: time).failures
        try #require(failures.count == 1, "\(failures)")
        return failures[0]
    }

    /// The display path of a stream file as errors name it.
    func file(_ stream: String, in fixture: ExportFixture? = nil) -> String {
        (fixture ?? export).path + "/" + stream + ".jsonl"
    }

    // MARK: Building the usual export

    /// Accounts checking (asset) and card (liability), each with one balance and two transactions.
    func writeTwoAccounts(generation: String = "G1") throws {
        try export.append(
            "accounts",
            ExportFixture.changeSet(
                generation, 1, snapshot: true,
                inserted: [
                    ExportFixture.account(ID.checking, name: "Checking"),
                    ExportFixture.account(ID.card, kind: "liability", name: "Card"),
                ]))
        try export.append(
            "balances/" + ID.checking,
            ExportFixture.changeSet(
                generation, 1, snapshot: true,
                inserted: [
                    ExportFixture.balance(ID.balance(1), account: ID.checking, amount: "1000.00")
                ]))
        try export.append(
            "balances/" + ID.card,
            ExportFixture.changeSet(
                generation, 1, snapshot: true,
                inserted: [
                    ExportFixture.balance(ID.balance(2), account: ID.card, amount: "250.00", indicator: "debit")
                ]))
        try export.append(
            "transactions/" + ID.checking,
            ExportFixture.changeSet(
                generation, 1, snapshot: true,
                inserted: [
                    ExportFixture.transaction(ID.transaction(1), account: ID.checking, amount: "10.00"),
                    ExportFixture.transaction(ID.transaction(2), account: ID.checking, amount: "20.00"),
                ]))
        try export.append(
            "transactions/" + ID.card,
            ExportFixture.changeSet(
                generation, 1, snapshot: true,
                inserted: [
                    ExportFixture.transaction(ID.transaction(11), account: ID.card, amount: "30.00"),
                    ExportFixture.transaction(ID.transaction(12), account: ID.card, amount: "40.00"),
                ]))
    }

    // MARK: Looking at the ledger

    func sourceRowID(_ sourceID: String = "5B0C6E86-2F57-4C8E-9B7A-0D6B1F3E9A11") throws -> Int64 {
        try #require(try store.connection.scalarInt("SELECT id FROM sources WHERE external_id = ?", [.text(sourceID)]))
    }

    func token(_ stream: String, source sourceID: String = "5B0C6E86-2F57-4C8E-9B7A-0D6B1F3E9A11") throws -> StreamToken? {
        try store.token(sourceRowID: try sourceRowID(sourceID), stream: stream)
    }

    /// The generation and sequence of a stream's token, e.g. `G1#3`; nil when there is none.
    func point(_ stream: String, source sourceID: String = "5B0C6E86-2F57-4C8E-9B7A-0D6B1F3E9A11") throws -> String? {
        try token(stream, source: sourceID).map { "\($0.generation)#\($0.sequence)" }
    }

    func transactions(of accountID: String? = nil) throws -> [Transaction] {
        var query = TransactionQuery()
        if let accountID { query.accountRanges = [AccountTimeRange(accountID: accountID, from: nil, until: nil)] }
        var result: [Transaction] = []
        try store.forEachTransaction(query) { record in
            result.append(record.transaction)
            return true
        }
        return result.sorted { $0.id < $1.id }
    }

    func transactionIDs(of accountID: String? = nil) throws -> [String] {
        try transactions(of: accountID).map(\.id)
    }

    func balanceIDs(of accountID: String) throws -> [String] {
        try rows("SELECT id FROM balances WHERE account_id = ? ORDER BY id", [.text(accountID)]).map { $0[0] ?? "" }
    }

    func accountIDs() throws -> [String] {
        try store.accountSummaries().map(\.account.id).sorted()
    }

    func streamNames() throws -> [String] {
        try rows("SELECT name FROM streams ORDER BY name").map { $0[0] ?? "" }
    }

    func rows(_ sql: String, _ bindings: [SQLValue] = []) throws -> [[String?]] {
        let statement = try store.connection.prepare(sql)
        try statement.bind(bindings)
        var result: [[String?]] = []
        while try statement.step() {
            result.append((0..<statement.columnCount).map { statement.isNull($0) ? nil : statement.text($0) })
        }
        return result
    }

    /// Every row of every ledger table, as text: two equal dumps mean an unchanged database.
    func dump() throws -> String {
        var text = ""
        for (table, order) in [
            ("sources", "id"), ("streams", "source_id, name"), ("accounts", "id"),
            ("balances", "row_id"), ("transactions", "row_id"),
        ] {
            text += "[\(table)]\n"
            for row in try rows("SELECT * FROM \(table) ORDER BY \(order)") {
                text += row.map { $0 ?? "NULL" }.joined(separator: "|") + "\n"
            }
        }
        return text
    }
}

extension StreamSummary {
    /// The counts of a summary in one comparable value.
    var counts: [Int] { [changeSets, inserted, updated, deleted] }
}

extension SyncReport {
    func summary(_ stream: String) -> StreamSummary? {
        changedStreams.first { $0.stream == stream }
    }

    var changedStreamNames: [String] { changedStreams.map(\.stream) }
}

/// The parts of a `SourceError.badInput`, or nil for any other error.
struct BadInput: Equatable, CustomStringConvertible {
    var file: String
    var line: Int?
    var field: String?
    var message: String

    init?(_ error: SourceError) {
        guard case .badInput(let file, let line, let field, let message) = error else { return nil }
        self.init(file: file, line: line, field: field, message: message)
    }

    init(file: String, line: Int?, field: String?, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    var description: String { "\(file):\(line.map(String.init) ?? "-"): \(field ?? "-"): \(message)" }
}
