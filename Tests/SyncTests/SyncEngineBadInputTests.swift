import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Testing
import WalletExport

@testable import Sync

/// "Bad input" of the Wallet export format: every error names the file, the line and the field,
/// and the change set that holds it is not applied.
@Suite struct SyncEngineBadInputTests {
    private typealias Fixture = ExportFixture

    /// A bad change set written as line 2 of a stream that was synced up to line 1, followed by
    /// a good line 3 that must not be applied either.
    struct BadLine: Sendable, CustomTestStringConvertible {
        let name: String
        let stream: String
        let line: String
        let field: String?
        let message: String
        var testDescription: String { name }
    }

    private static func transaction(
        _ number: Int = 3, account: String = ID.checking, status: String = "booked",
        amount: String = "54.20", currency: String = "USD", mcc: Int? = 5411,
        date: String = "2026-10-03T12:34:56-04:00", indicator: String = "debit",
        type: String = "pointOfSale"
    ) -> String {
        Fixture.transaction(
            ID.transaction(number), account: account, date: date, amount: amount, currency: currency,
            indicator: indicator, status: status, type: type, mcc: mcc)
    }

    private static let checkingTransactions = "transactions/" + ID.checking

    static let badLines: [BadLine] = [
        BadLine(
            name: "a JSON number where an amount belongs", stream: checkingTransactions,
            line: Fixture.changeSet(
                "G1", 2,
                inserted: [
                    transaction().replacingOccurrences(of: "\"amount\":\"54.20\"", with: "\"amount\":54.20")
                ]),
            field: "inserted[0].transactionAmount.amount", message: "a JSON number (54.20) where an amount belongs"),
        BadLine(
            name: "an amount with five fraction digits", stream: checkingTransactions,
            line: Fixture.changeSet("G1", 2, inserted: [transaction(amount: "1.23456")]),
            field: "inserted[0].transactionAmount.amount", message: "'1.23456' has more than 4 fraction digits"),
        BadLine(
            name: "an unknown credit/debit indicator (the sign cannot be guessed)", stream: checkingTransactions,
            line: Fixture.changeSet("G1", 2, inserted: [transaction(indicator: "sideways")]),
            field: "inserted[0].creditDebitIndicator", message: "unknown value 'sideways' (expected one of credit, debit)"),
        BadLine(
            name: "an unknown credit/debit indicator in updated", stream: checkingTransactions,
            line: Fixture.changeSet("G1", 2, updated: [transaction(1, indicator: "sideways")]),
            field: "updated[0].creditDebitIndicator", message: "unknown value 'sideways'"),
        BadLine(
            name: "an empty status", stream: checkingTransactions,
            line: Fixture.changeSet("G1", 2, inserted: [transaction(status: "")]),
            field: "inserted[0].status", message: "must not be empty"),
        BadLine(
            name: "a transaction type with a control character", stream: checkingTransactions,
            line: Fixture.changeSet("G1", 2, inserted: [transaction(type: "crypto\\u001b[31m")]),
            field: "inserted[0].transactionType", message: "expected a case name, found text with control characters"),
        BadLine(
            name: "a status that is not a string", stream: checkingTransactions,
            line: Fixture.changeSet(
                "G1", 2,
                inserted: [
                    transaction().replacingOccurrences(of: "\"status\":\"booked\"", with: "\"status\":7")
                ]),
            field: "inserted[0].status", message: "expected a string, found a number"),
        BadLine(
            name: "a record of another account than its file's", stream: checkingTransactions,
            line: Fixture.changeSet("G1", 2, inserted: [transaction(3), transaction(4, account: ID.card)]),
            field: "inserted[1].accountID", message: "\(ID.card) does not match the account \(ID.checking)"),
        BadLine(
            name: "a balance of another account than its file's", stream: "balances/" + ID.checking,
            line: Fixture.changeSet("G1", 2, inserted: [Fixture.balance(ID.balance(9), account: ID.card)]),
            field: "inserted[0].accountID", message: "does not match"),
        BadLine(
            name: "malformed JSON", stream: checkingTransactions,
            line: "{\"generation\":\"G1\",\"sequence\":2,\"inserted\":[}",
            field: nil, message: "not valid JSON"),
        BadLine(
            name: "a missing required field", stream: checkingTransactions,
            line: Fixture.changeSet(
                "G1", 2,
                inserted: [
                    transaction().replacingOccurrences(of: "\"transactionType\":\"pointOfSale\",", with: "")
                ]),
            field: "inserted[0].transactionType", message: "missing"),
        BadLine(
            name: "a required field that is null", stream: checkingTransactions,
            line: Fixture.changeSet(
                "G1", 2,
                inserted: [
                    transaction().replacingOccurrences(
                        of: "\"transactionDescription\":\"WHOLE FOODS\"",
                        with: "\"transactionDescription\":null")
                ]),
            field: "inserted[0].transactionDescription", message: "must not be null"),
        BadLine(
            name: "a JSON number as a balance amount", stream: "balances/" + ID.checking,
            line: Fixture.changeSet(
                "G1", 2,
                inserted: [
                    Fixture.balance(ID.balance(9), account: ID.checking, amount: "12.50")
                        .replacingOccurrences(of: "\"amount\":\"12.50\"", with: "\"amount\":12.5")
                ]),
            field: "inserted[0].booked.amount.amount", message: "a JSON number (12.5)"),
        BadLine(
            name: "an empty account kind", stream: "accounts",
            line: Fixture.changeSet(
                "G1", 2,
                inserted: [
                    Fixture.account(ID.savings).replacingOccurrences(of: "\"kind\":\"asset\"", with: "\"kind\":\"\"")
                ]),
            field: "inserted[0].kind", message: "must not be empty"),
        BadLine(
            name: "a merchant category code out of range", stream: checkingTransactions,
            line: Fixture.changeSet("G1", 2, inserted: [transaction(mcc: 10_000)]),
            field: "inserted[0].merchantCategoryCode", message: "0 to 9999"),
        BadLine(
            name: "a currency code in lower case", stream: checkingTransactions,
            line: Fixture.changeSet("G1", 2, inserted: [transaction(currency: "usd")]),
            field: "inserted[0].transactionAmount.currencyCode", message: "'usd' is not a currency code"),
        BadLine(
            name: "a date without an offset", stream: checkingTransactions,
            line: Fixture.changeSet("G1", 2, inserted: [transaction(date: "2026-10-03T12:34:56")]),
            field: "inserted[0].transactionDate", message: "is not an RFC 3339 date"),
        BadLine(
            name: "a deleted ID that is not a string", stream: checkingTransactions,
            line: "{\"generation\":\"G1\",\"sequence\":2,\"inserted\":[],\"updated\":[],\"deleted\":[\"\(ID.transaction(1))\",5]}",
            field: "deleted[1]", message: "expected an ID string"),
        BadLine(
            name: "a sequence that is a string", stream: checkingTransactions,
            line: "{\"generation\":\"G1\",\"sequence\":\"2\",\"inserted\":[],\"updated\":[],\"deleted\":[]}",
            field: "sequence", message: "expected an integer"),
        BadLine(
            name: "a transaction ID already in another account", stream: "transactions/" + ID.card,
            line: Fixture.changeSet("G1", 2, inserted: [transaction(13, account: ID.card), transaction(1, account: ID.card)]),
            field: "inserted[1]", message: "transaction \(ID.transaction(1)) already belongs to account \(ID.checking)"),
        BadLine(
            name: "a transaction ID already in another account, deep in a change set longer than one insert statement",
            stream: "transactions/" + ID.card,
            line: Fixture.changeSet(
                "G1", 2, inserted: (100..<200).map { transaction($0 == 180 ? 1 : $0, account: ID.card) }),
            field: "inserted[80]", message: "transaction \(ID.transaction(1)) already belongs to account \(ID.checking)"),
        BadLine(
            name: "a sequence of 0", stream: checkingTransactions,
            line: "{\"generation\":\"G1\",\"sequence\":0,\"inserted\":[],\"updated\":[],\"deleted\":[]}",
            field: "sequence", message: "expected an integer of at least 1, found 0"),
        BadLine(
            name: "a snapshot flag that is not a boolean", stream: checkingTransactions,
            line: "{\"generation\":\"G1\",\"sequence\":2,\"snapshot\":\"yes\",\"inserted\":[],\"updated\":[],\"deleted\":[]}",
            field: "snapshot", message: "expected true or false"),
        BadLine(
            name: "inserted that is not an array", stream: checkingTransactions,
            line: "{\"generation\":\"G1\",\"sequence\":2,\"inserted\":{},\"updated\":[],\"deleted\":[]}",
            field: "inserted", message: "expected an array"),
        BadLine(
            name: "a balance with neither side", stream: "balances/" + ID.checking,
            line: Fixture.changeSet(
                "G1", 2,
                inserted: [
                    "{\"id\":\"\(ID.balance(9))\",\"accountID\":\"\(ID.checking)\",\"currencyCode\":\"USD\",\"available\":null,\"booked\":null}"
                ]),
            field: "inserted[0].available", message: "needs 'available', 'booked' or both"),
        BadLine(
            name: "a missing generation", stream: checkingTransactions,
            line: "{\"sequence\":2,\"inserted\":[],\"updated\":[],\"deleted\":[]}",
            field: "generation", message: "missing"),
    ]

    @Test(arguments: badLines)
    func aBadChangeSetIsNamedAndNotApplied(_ bad: BadLine) throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        try world.export.append(bad.stream, bad.line)
        // A good line after the bad one: it must not be applied either.
        try world.export.append(bad.stream, Fixture.changeSet("G1", 3, deleted: [ID.transaction(2), ID.balance(1)]))
        let before = try world.dump()

        let error = try world.syncFailure()

        let found = try #require(BadInput(error), "\(error)")
        #expect(found.file == world.file(bad.stream))
        #expect(found.line == 2)
        #expect(found.field == bad.field)
        #expect(found.message.contains(bad.message), "\(found)")
        #expect(error.description.hasPrefix(world.file(bad.stream) + ":2: "), "\(error)")
        #expect(try world.dump() == before)
    }

    @Test func aBadChangeSetOnTheLastLineLeavesWhatCameBeforeItApplied() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let stream = Self.checkingTransactions
        try world.export.append(stream, Fixture.changeSet("G1", 2, inserted: [Self.transaction(3)]))
        try world.export.append(stream, Fixture.changeSet("G1", 3, inserted: [Self.transaction(4, indicator: "sideways")]))

        let error = try world.syncFailure()

        #expect(
            BadInput(error)
                == BadInput(
                    file: world.file(stream), line: 3, field: "inserted[0].creditDebitIndicator",
                    message: "unknown value 'sideways' (expected one of credit, debit)"))
        #expect(try world.transactionIDs(of: ID.checking) == [1, 2, 3].map(ID.transaction))
        #expect(try world.point(stream) == "G1#2")
    }

    /// Malformed JSON on the last line of a stream that already has a token: the error must name
    /// the line, and the good change sets before it must still be applied with their token.
    @Test func malformedJSONOnTheLastLineIsNamedWithItsLineAfterTheLinesBeforeItAreApplied() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let stream = Self.checkingTransactions
        try world.export.append(stream, Fixture.changeSet("G1", 2, inserted: [Self.transaction(3)]))
        try world.export.append(stream, "{\"generation\":\"G1\",\"sequence\":3,\"inserted\":[}")

        let error = try world.syncFailure()

        let found = try #require(BadInput(error), "\(error)")
        #expect(found.file == world.file(stream))
        #expect(found.field == nil)
        #expect(found.message.hasPrefix("not valid JSON"), "\(found)")
        #expect(found.line == 3, "the error must name the line")
        #expect(try world.point(stream) == "G1#2", "line 2 is good and comes before the bad one")
        #expect(try world.transactionIDs(of: ID.checking) == [1, 2, 3].map(ID.transaction))
    }

    /// The reader steps over blank lines; it must do so on every run, not only on the first.
    @Test func aBlankLastLineIsSkippedOnEverySync() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        let stream = Self.checkingTransactions
        try world.export.append(stream, "")

        let first = try world.sync()
        #expect(first.changedStreamNames.contains(stream))
        let before = try world.dump()

        let second = try world.sync()

        #expect(second.changedStreams.isEmpty)
        #expect(try world.dump() == before)
    }

    @Test func unknownKeysAreIgnored() throws {
        let world = try SyncWorld()
        let stream = Self.checkingTransactions
        try world.export.append(
            "accounts",
            "{\"generation\":\"G1\",\"sequence\":1,\"snapshot\":true,\"exporterNote\":{\"a\":[1,2]},"
                + "\"inserted\":[" + String(Fixture.account(ID.checking).dropLast())
                + ",\"futureFlag\":true}],\"updated\":[],\"deleted\":[]}")
        try world.export.append(
            stream,
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Fixture.transaction(ID.transaction(1), account: ID.checking, extra: ",\"roundUp\":{\"amount\":\"0.80\"}")
                ]))

        let report = try world.sync()

        #expect(report.changedStreamNames == ["accounts", stream])
        #expect(try world.transactionIDs() == [ID.transaction(1)])
    }

    // MARK: - The manifest

    struct BadManifest: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let field: String?
        let message: String
        var testDescription: String { name }
    }

    static let badManifests: [BadManifest] = [
        BadManifest(
            name: "another format",
            text: #"{"format":"wallet-exports","version":1,"sourceID":"5B0C6E86-2F57-4C8E-9B7A-0D6B1F3E9A11"}"#,
            field: "format", message: #"expected "wallet-export", found "wallet-exports""#),
        BadManifest(
            name: "no format",
            text: #"{"version":1,"sourceID":"5B0C6E86-2F57-4C8E-9B7A-0D6B1F3E9A11"}"#,
            field: "format", message: "missing"),
        BadManifest(
            name: "version 2",
            text: #"{"format":"wallet-export","version":2,"sourceID":"5B0C6E86-2F57-4C8E-9B7A-0D6B1F3E9A11"}"#,
            field: "version", message: "version 2 is not supported (this purse reads version 1)"),
        BadManifest(
            name: "version as a string",
            text: #"{"format":"wallet-export","version":"1","sourceID":"5B0C6E86-2F57-4C8E-9B7A-0D6B1F3E9A11"}"#,
            field: "version", message: "is not supported"),
        BadManifest(
            name: "no source ID",
            text: #"{"format":"wallet-export","version":1,"sourceName":"Ana's iPhone"}"#,
            field: "sourceID", message: "missing"),
        BadManifest(
            name: "not JSON",
            text: #"{"format":"wallet-export","version":1,"#,
            field: nil, message: "not valid JSON"),
    ]

    @Test(arguments: badManifests)
    func aBadManifestIsRefusedBeforeAnythingChanges(_ bad: BadManifest) throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        try world.export.append(Self.checkingTransactions, Fixture.changeSet("G1", 2, deleted: [ID.transaction(1)]))
        try world.export.writeManifest(bad.text)
        let before = try world.dump()

        let error = try #require(throws: SourceError.self) { try world.sync() }

        let found = try #require(BadInput(error), "\(error)")
        #expect(found.file == world.export.path + "/export.json")
        #expect(found.line == nil)
        #expect(found.field == bad.field)
        #expect(found.message.contains(bad.message), "\(found)")
        #expect(try world.dump() == before)
    }

    @Test func aMissingManifestIsNotFound() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        try FileManager.default.removeItem(at: world.export.directory.appendingPathComponent("export.json"))
        let before = try world.dump()

        let error = try #require(throws: SourceError.self) { try world.sync() }

        #expect(error == .notFound(path: world.export.path + "/export.json", what: "no such file: not a Wallet export"))
        #expect(try world.dump() == before)
    }

    @Test(arguments: ["missing", "a file"])
    func aMissingDirectoryIsNotFound(_ what: String) throws {
        let world = try SyncWorld()
        let path = world.folder.file("nowhere")
        if what == "a file" { _ = FileManager.default.createFile(atPath: path, contents: Data("{}".utf8)) }

        let error = try #require(throws: SourceError.self) { try WalletExportSource(path: path) }

        #expect(error == .notFound(path: path, what: "no such directory"))
        let counts = try world.store.counts()
        #expect(counts.accounts == 0 && counts.balances == 0 && counts.transactions == 0)
        #expect(try world.store.sourceStatuses().isEmpty)
    }
}
