import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Testing

@testable import Sync

/// One bad stream does not block the others, and a value FinanceKit added after this purse is
/// stored as given with one warning.
@Suite struct SyncEngineIsolationTests {
    private typealias Fixture = ExportFixture

    private static func purchase(_ number: Int, _ account: String, type: String = "pointOfSale", status: String = "booked") -> String {
        Fixture.transaction(ID.transaction(number), account: account, status: status, type: type)
    }

    // MARK: - Per-stream isolation

    @Test func aTruncatedLineStopsItsOwnStreamOnlyAndARerunAfterTheFixContinues() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let checking = "transactions/" + ID.checking
        let good3 = Fixture.changeSet("G1", 3, inserted: [Self.purchase(4, ID.checking)])
        try world.export.append(checking, Fixture.changeSet("G1", 2, inserted: [Self.purchase(3, ID.checking)]))
        try world.export.append(checking, String(good3.prefix(good3.count / 2)))
        try world.export.append(checking, Fixture.changeSet("G1", 4, inserted: [Self.purchase(5, ID.checking)]))
        // Streams after the bad one, in the same source, have news too.
        try world.export.append(
            "balances/" + ID.card,
            Fixture.changeSet(
                "G1", 2,
                inserted: [
                    Fixture.balance(ID.balance(3), account: ID.card, amount: "300.00", indicator: "debit")
                ]))
        try world.export.append("transactions/" + ID.card, Fixture.changeSet("G1", 2, inserted: [Self.purchase(13, ID.card)]))

        let report = try world.sync()

        #expect(report.streams.map(\.stream) == [checking, "balances/" + ID.card, "transactions/" + ID.card])
        let failure = try #require(report.streams.first?.failure)
        let bad = try #require(BadInput(failure))
        #expect(bad.file == world.file(checking))
        #expect(bad.line == 3)
        #expect(bad.message.hasPrefix("not valid JSON"), "\(bad)")
        #expect(report.failures.count == 1)
        #expect(report.streams.first?.counts == [1, 1, 0, 0], "line 2 was applied before line 3 stopped the stream")
        #expect(try world.point(checking) == "G1#2")
        #expect(try world.transactionIDs(of: ID.checking) == [1, 2, 3].map(ID.transaction))
        #expect(try world.point("transactions/" + ID.card) == "G1#2")
        #expect(try world.transactionIDs(of: ID.card) == [11, 12, 13].map(ID.transaction))
        #expect(try world.balanceIDs(of: ID.card) == [2, 3].map(ID.balance))

        // The exporter rewrites the line: the next run continues where the stream stopped.
        try world.export.replace(
            checking,
            lines: try Self.lines(of: world.export.url(checking)).enumerated().map { index, line in
                index == 2 ? good3 : line
            })
        let rerun = try world.sync()

        #expect(rerun.failures.isEmpty)
        #expect(rerun.changedStreams.map(\.stream) == [checking])
        #expect(rerun.summary(checking)?.counts == [2, 2, 0, 0])
        #expect(try world.point(checking) == "G1#4")
        #expect(try world.transactionIDs(of: ID.checking) == [1, 2, 3, 4, 5].map(ID.transaction))
    }

    @Test func badStreamsInSeveralPlacesEachReportTheirOwnError() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        try world.export.append("accounts", "{\"generation\":\"G1\",\"sequence\":2,")
        try world.export.append("transactions/" + ID.checking, Fixture.changeSet("G1", 3, inserted: [Self.purchase(3, ID.checking)]))
        try world.export.append("transactions/" + ID.card, Fixture.changeSet("G1", 2, inserted: [Self.purchase(13, ID.card)]))

        let report = try world.sync()

        #expect(report.failures.map { BadInput($0)?.file } == [world.file("accounts"), world.file("transactions/" + ID.checking)])
        #expect(report.failures.map { BadInput($0)?.line } == [2, 2])
        #expect(report.changedStreams.map(\.stream) == ["transactions/" + ID.card])
        #expect(try world.transactionIDs(of: ID.card) == [11, 12, 13].map(ID.transaction))
    }

    @Test func aChangeSetThatFailsLeavesNoCountsAndNoWarnings() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        // An unknown type in a change set whose second record collides with another account's.
        try world.export.append(
            "transactions/" + ID.card,
            Fixture.changeSet(
                "G1", 2,
                inserted: [
                    Self.purchase(13, ID.card, type: "cryptoPurchase"), Self.purchase(1, ID.card),
                ]))
        let before = try world.dump()

        let report = try world.sync()

        let stream = try #require(report.streams.first)
        #expect(stream.counts == [0, 0, 0, 0])
        #expect(stream.warnings.isEmpty)
        #expect(BadInput(try #require(stream.failure))?.field == "inserted[1]")
        #expect(try world.dump() == before)
        #expect(try world.rows("SELECT value FROM unknown_values").isEmpty, "a change set rolled back records no value")

        // Fixed, the change set brings the value in, and only now is it warned about.
        try world.export.replace(
            "transactions/" + ID.card,
            lines: try Self.lines(of: world.export.url("transactions/" + ID.card))
                .dropLast() + [Fixture.changeSet("G1", 2, inserted: [Self.purchase(13, ID.card, type: "cryptoPurchase")])])
        let fixed = try world.sync()
        #expect(fixed.failures.isEmpty)
        #expect(fixed.warnings.map(\.value) == ["cryptoPurchase"])
    }

    @Test func aChangeSetThatFailsAfterOthersInItsCommitLeavesThoseAppliedWithTokenCountsAndWarnings() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let card = "transactions/" + ID.card
        // Two good change sets, then one whose second record collides with another account's:
        // all three come in the same commit.
        try world.export.append(card, Fixture.changeSet("G1", 2, inserted: [Self.purchase(13, ID.card, type: "cryptoPurchase")]))
        try world.export.append(card, Fixture.changeSet("G1", 3, inserted: [Self.purchase(14, ID.card)]))
        try world.export.append(card, Fixture.changeSet("G1", 4, inserted: [Self.purchase(15, ID.card), Self.purchase(1, ID.card)]))

        let report = try world.sync()

        let stream = try #require(report.streams.first)
        #expect(stream.counts == [2, 2, 0, 0])
        #expect(stream.warnings.map(\.value) == ["cryptoPurchase"])
        let error = try #require(stream.failure)
        let failure = try #require(BadInput(error))
        #expect(failure.line == 4)
        #expect(failure.field == "inserted[1]")
        #expect(try world.point(card) == "G1#3")
        #expect(try world.transactionIDs(of: ID.card) == [11, 12, 13, 14].map(ID.transaction).sorted())
        #expect(try world.rows("SELECT value FROM unknown_values") == [["cryptoPurchase"]])

        // Fixed, the rerun goes on from the change set that failed.
        try world.export.replace(
            card,
            lines: try Self.lines(of: world.export.url(card)).dropLast() + [
                Fixture.changeSet("G1", 4, inserted: [Self.purchase(15, ID.card)])
            ])
        let fixed = try world.sync()
        #expect(fixed.failures.isEmpty)
        #expect(try #require(fixed.streams.first).counts == [1, 1, 0, 0])
        #expect(try world.transactionIDs(of: ID.card) == [11, 12, 13, 14, 15].map(ID.transaction).sorted())
    }

    // MARK: - Values purse does not know

    @Test func unknownEnumValuesAreStoredAsGivenWithOneWarningPerValue() throws {
        let world = try SyncWorld()
        try world.export.append(
            "accounts",
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Fixture.account(ID.checking, name: "Checking"),
                    Fixture.account(ID.savings, kind: "brokerage", name: "Brokerage"),
                ]))
        let checking = "transactions/" + ID.checking
        try world.export.append(
            checking,
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Self.purchase(1, ID.checking, type: "cryptoPurchase"),
                    Self.purchase(2, ID.checking, type: "cryptoPurchase", status: "settling"),
                ]))
        try world.export.append(
            checking, Fixture.changeSet("G1", 2, updated: [Self.purchase(1, ID.checking, type: "cryptoPurchase", status: "settling")]))
        try world.export.append(
            "transactions/" + ID.savings,
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Self.purchase(21, ID.savings, type: "cryptoPurchase"), Self.purchase(22, ID.savings, type: "instantPayment"),
                ]))

        let report = try world.sync()

        #expect(report.failures.isEmpty)
        #expect(
            report.warnings == [
                SyncWarning(file: world.file("accounts"), line: 1, field: "inserted[1].kind", value: "brokerage"),
                SyncWarning(file: world.file(checking), line: 1, field: "inserted[0].transactionType", value: "cryptoPurchase"),
                SyncWarning(file: world.file(checking), line: 1, field: "inserted[1].status", value: "settling"),
                SyncWarning(
                    file: world.file("transactions/" + ID.savings), line: 1, field: "inserted[1].transactionType", value: "instantPayment"),
            ])
        let stored = try world.transactions()
        #expect(stored.map(\.transactionType.rawValue) == ["cryptoPurchase", "cryptoPurchase", "cryptoPurchase", "instantPayment"])
        #expect(stored.map(\.status.rawValue) == ["settling", "settling", "booked", "booked"])
        #expect(stored[0].transactionType == .unrecognized("cryptoPurchase"))
        #expect(try world.store.accountSummaries().map(\.account.kind) == [.unrecognized("brokerage"), .asset])

        // The ledger remembers what it was warned about: a later run that stores more of a value
        // stays quiet about it (a cron job would mail it every day), and a new value still warns.
        try world.export.append(
            checking,
            Fixture.changeSet(
                "G1", 3,
                inserted: [
                    Self.purchase(3, ID.checking, type: "cryptoPurchase"), Self.purchase(4, ID.checking, type: "cryptoSale"),
                ]))
        let later = try world.sync()
        #expect(later.summary(checking)?.counts == [1, 2, 0, 0])
        #expect(
            later.warnings == [
                SyncWarning(file: world.file(checking), line: 3, field: "inserted[1].transactionType", value: "cryptoSale")
            ])
        #expect(try world.sync().warnings.isEmpty, "nothing new, nothing stored, no warning")
        #expect(
            try world.rows("SELECT field, value, first_seen_at, file, line FROM unknown_values ORDER BY field, value") == [
                ["kind", "brokerage", world.now.text, world.file("accounts"), "1"],
                ["status", "settling", world.now.text, world.file(checking), "1"],
                ["transactionType", "cryptoPurchase", world.now.text, world.file(checking), "1"],
                ["transactionType", "cryptoSale", world.now.text, world.file(checking), "3"],
                ["transactionType", "instantPayment", world.now.text, world.file("transactions/" + ID.savings), "1"],
            ])
    }

    @Test func aValueIsWarnedAboutOncePerLedgerOverSourcesAndEngines() throws {
        let world = try SyncWorld()
        let other = try world.makeExport(name: "other", sourceID: ID.otherSource, sourceName: "Ben's iPhone")
        try world.export.append(
            "accounts",
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Fixture.account(ID.checking, kind: "brokerage")
                ]))
        try other.append("accounts", Fixture.changeSet("G1", 1, snapshot: true, inserted: [Fixture.account(ID.card, kind: "brokerage")]))

        let first = try world.sync()
        let second = try world.sync(other)

        #expect(first.warnings.map(\.value) == ["brokerage"])
        #expect(second.warnings.isEmpty)
        #expect(second.changedStreams.map(\.stream) == ["accounts"])
    }

    @Test func aWarningNamesFileLineFieldValueAndHowItCounts() {
        let file = "export/transactions/A1.jsonl"
        #expect(
            SyncWarning(file: file, line: 12, field: "inserted[3].transactionType", value: "cryptoPurchase").description
                == "export/transactions/A1.jsonl:12: inserted[3].transactionType: unknown value 'cryptoPurchase' stored as given (counted as type unknown)"
        )
        #expect(
            SyncWarning(file: file, line: 2, field: "updated[0].status", value: "settling").description
                == "export/transactions/A1.jsonl:2: updated[0].status: unknown value 'settling' stored as given (never counted)")
        #expect(
            SyncWarning(file: "export/accounts.jsonl", line: 1, field: "inserted[0].kind", value: "brokerage").description
                == "export/accounts.jsonl:1: inserted[0].kind: unknown value 'brokerage' stored as given (counted as an asset)")
    }

    private static func lines(of url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
