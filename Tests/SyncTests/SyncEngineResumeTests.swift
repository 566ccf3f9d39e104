import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Storage
import Testing

@testable import Sync

/// The table "Resuming from a saved token" of the Wallet export format, row by row, and the
/// history rules around it (unfinished lines, updates, deletions, several sources, resume hints).
@Suite struct SyncEngineResumeTests {
    private typealias Fixture = ExportFixture

    // MARK: - A first sync

    @Test func aFirstSyncAppliesEveryStreamFromItsSnapshot() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()

        let report = try world.sync()

        #expect(
            report.changedStreamNames == [
                "accounts",
                "balances/" + ID.checking, "transactions/" + ID.checking,
                "balances/" + ID.card, "transactions/" + ID.card,
            ])
        #expect(report.changedStreams.allSatisfy { !$0.resynced })
        #expect(report.summary("accounts")?.counts == [1, 2, 0, 0])
        #expect(report.summary("transactions/" + ID.checking)?.counts == [1, 2, 0, 0])
        #expect(report.skippedStreams.isEmpty)
        let counts = try world.store.counts()
        #expect(counts.accounts == 2 && counts.balances == 2 && counts.transactions == 4)
        #expect(try world.accountIDs() == [ID.checking, ID.card].sorted())
        #expect(try world.transactionIDs(of: ID.checking) == [ID.transaction(1), ID.transaction(2)])
        for stream in try world.streamNames() {
            #expect(try world.point(stream) == "G1#1", "\(stream)")
        }
        #expect(try world.streamNames().count == 5)
        let status = try #require(try world.store.sourceStatuses().first)
        #expect(status.kind == "wallet-export")
        #expect(status.name == "Ana's iPhone")
        #expect(status.lastSyncedAt == world.now.text)
    }

    // MARK: - Row 1: same generation

    @Test func sameGenerationAppliesTheLinesAfterTheTokenInOrder() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let stream = "transactions/" + ID.checking
        // Order matters: T3 is inserted, then changed, then T1 is deleted.
        try world.export.append(
            stream,
            Fixture.changeSet(
                "G1", 2,
                inserted: [
                    Fixture.transaction(ID.transaction(3), account: ID.checking, amount: "3.00")
                ]))
        try world.export.append(
            stream,
            Fixture.changeSet(
                "G1", 3,
                updated: [
                    Fixture.transaction(ID.transaction(3), account: ID.checking, amount: "3.33")
                ]))
        try world.export.append(stream, Fixture.changeSet("G1", 4, deleted: [ID.transaction(1)]))
        let otherStreams = try world.rows("SELECT * FROM streams WHERE name <> ? ORDER BY name", [.text(stream)])

        let report = try world.sync()

        #expect(report.changedStreamNames == [stream])
        let summary = try #require(report.summary(stream))
        #expect(summary.counts == [3, 1, 1, 1])
        #expect(!summary.resynced)
        #expect(try world.transactionIDs(of: ID.checking) == [ID.transaction(2), ID.transaction(3)])
        let third = try #require(try world.transactions(of: ID.checking).last)
        #expect(third.transactionAmount == Money(units: 33_300, currency: "USD"))
        #expect(try world.point(stream) == "G1#4")
        #expect(try world.rows("SELECT * FROM streams WHERE name <> ? ORDER BY name", [.text(stream)]) == otherStreams)
    }

    @Test func sameGenerationWithNothingAfterTheTokenChangesNothing() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.export.append("transactions/" + ID.checking, Fixture.changeSet("G1", 2, deleted: [ID.transaction(2)]))
        try world.sync()
        let streamsBefore = try world.rows("SELECT * FROM streams ORDER BY name")
        let ledgerBefore = try world.rows("SELECT id, account_id, amount, status FROM transactions ORDER BY row_id")

        let later = Timestamp.utc(epochSeconds: world.now.epochSeconds + 3600)
        let report = try world.sync(at: later)

        #expect(report.changedStreams.isEmpty)
        #expect(report.skippedStreams.isEmpty)
        // Not even the tokens' changed_at moves; only the source's last sync time does.
        #expect(try world.rows("SELECT * FROM streams ORDER BY name") == streamsBefore)
        #expect(try world.rows("SELECT id, account_id, amount, status FROM transactions ORDER BY row_id") == ledgerBefore)
        #expect(try world.store.sourceStatuses().first?.lastSyncedAt == later.text)
    }

    // MARK: - Row 2: the token is no longer valid

    @Test func aChangedGenerationResyncsThatStreamAloneFromItsSnapshot() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        let stream = "transactions/" + ID.checking
        try world.export.append(
            stream,
            Fixture.changeSet(
                "G1", 2,
                inserted: [
                    Fixture.transaction(ID.transaction(3), account: ID.checking)
                ]))
        try world.sync()
        #expect(try world.transactionIDs(of: ID.checking) == [1, 2, 3].map(ID.transaction))
        let untouched = """
            SELECT 'a', id, display_name, NULL FROM accounts
            UNION ALL SELECT 'b', id, account_id, observed_signed FROM balances
            UNION ALL SELECT 't', id, account_id, amount FROM transactions WHERE account_id <> ?1
            UNION ALL SELECT 's', name, generation || '#' || sequence, changed_at FROM streams WHERE name <> 'transactions/' || ?1
            ORDER BY 1, 2
            """
        let before = try world.rows(untouched, [.text(ID.checking)])

        // The phone lost its history (historyTokenInvalid) and starts a new generation.
        try world.export.replace(
            stream,
            lines: [
                Fixture.changeSet(
                    "G2", 1, snapshot: true,
                    inserted: [
                        Fixture.transaction(ID.transaction(1), account: ID.checking, amount: "11.00"),
                        Fixture.transaction(ID.transaction(4), account: ID.checking),
                    ])
            ])
        let report = try world.sync(at: Timestamp.utc(epochSeconds: world.now.epochSeconds + 60))

        #expect(report.changedStreamNames == [stream])
        let summary = try #require(report.summary(stream))
        #expect(summary.resynced)
        #expect(summary.counts == [1, 1, 1, 2])
        #expect(summary.line.hasSuffix("(resynced)"))
        #expect(try world.transactionIDs(of: ID.checking) == [ID.transaction(1), ID.transaction(4)])
        #expect(try world.transactions(of: ID.checking).first?.transactionAmount == Money(units: 110_000, currency: "USD"))
        #expect(try world.point(stream) == "G2#1")
        #expect(try world.rows(untouched, [.text(ID.checking)]) == before)
    }

    @Test func aSnapshotPastTheTokenAfterCompactionResyncs() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        let stream = "transactions/" + ID.checking
        try world.export.append(
            stream,
            Fixture.changeSet(
                "G1", 2,
                inserted: [
                    Fixture.transaction(ID.transaction(3), account: ID.checking)
                ]))
        try world.sync()
        #expect(try world.point(stream) == "G1#2")

        // The exporter compacted the file: same generation, the first line a snapshot at 5 > 2 + 1.
        try world.export.replace(
            stream,
            lines: [
                Fixture.changeSet(
                    "G1", 5, snapshot: true,
                    inserted: [
                        Fixture.transaction(ID.transaction(1), account: ID.checking, amount: "10.00"),
                        Fixture.transaction(ID.transaction(5), account: ID.checking),
                    ]),
                Fixture.changeSet("G1", 6, inserted: [Fixture.transaction(ID.transaction(6), account: ID.checking)]),
            ])
        let report = try world.sync()

        #expect(report.changedStreamNames == [stream])
        let summary = try #require(report.summary(stream))
        #expect(summary.resynced)
        #expect(summary.counts == [2, 2, 0, 2])
        #expect(try world.transactionIDs(of: ID.checking) == [1, 5, 6].map(ID.transaction))
        #expect(try world.transactionIDs(of: ID.card) == [11, 12].map(ID.transaction))
        #expect(try world.point(stream) == "G1#6")
    }

    @Test func aChangedGenerationWhoseFirstLineIsNotASnapshotIsCorrupt() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let stream = "transactions/" + ID.checking
        try world.export.replace(
            stream,
            lines: [
                Fixture.changeSet("G2", 1, inserted: [Fixture.transaction(ID.transaction(9), account: ID.checking)])
            ])
        let before = try world.dump()

        let error = try world.syncFailure()

        let bad = try #require(BadInput(error), "\(error)")
        #expect(bad.file == world.file(stream))
        #expect(bad.line == 1)
        #expect(bad.message.contains("not a snapshot"), "\(bad)")
        #expect(try world.dump() == before)
        #expect(try world.point(stream) == "G1#1")
    }

    // MARK: - Row 3: the source is behind the database

    @Test func aSourceBehindTheDatabaseIsRefusedAndNothingChanges() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        let stream = "transactions/" + ID.checking
        let olderCopy = try Data(contentsOf: world.export.url(stream))
        try world.export.append(
            stream,
            Fixture.changeSet(
                "G1", 2,
                inserted: [
                    Fixture.transaction(ID.transaction(3), account: ID.checking)
                ]))
        try world.export.append(stream, Fixture.changeSet("G1", 3, deleted: [ID.transaction(1)]))
        try world.sync()
        #expect(try world.point(stream) == "G1#3")

        // An older copy of this stream, while streams read before it (accounts, balances) and
        // after it have news: none of it may be applied.
        try olderCopy.write(to: world.export.url(stream))
        try world.export.append(
            "accounts",
            Fixture.changeSet(
                "G1", 2,
                updated: [
                    Fixture.account(ID.checking, name: "Renamed checking")
                ]))
        try world.export.append(
            "balances/" + ID.checking,
            Fixture.changeSet(
                "G1", 2,
                inserted: [
                    Fixture.balance(ID.balance(3), account: ID.checking, amount: "5.00")
                ]))
        try world.export.append("transactions/" + ID.card, Fixture.changeSet("G1", 2, deleted: [ID.transaction(11)]))
        let before = try world.dump()

        let error = try #require(throws: SourceError.self) {
            try world.sync(at: Timestamp.utc(epochSeconds: world.now.epochSeconds + 60))
        }

        #expect(error == .sourceBehind(file: world.file(stream), generation: "G1", fileSequence: 1, appliedSequence: 3))
        #expect(try world.dump() == before)
    }

    /// "Last sequence" is the last change set the file holds: a blank line after it changes nothing.
    @Test func aSourceBehindTheDatabaseIsRefusedEvenWhenItEndsWithABlankLine() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        let stream = "transactions/" + ID.checking
        let olderCopy = try Data(contentsOf: world.export.url(stream)) + Data("\n".utf8)
        try world.export.append(stream, Fixture.changeSet("G1", 2, deleted: [ID.transaction(1)]))
        try world.sync()
        try olderCopy.write(to: world.export.url(stream))
        let before = try world.dump()

        let error = try #require(throws: SourceError.self) { try world.sync() }

        #expect(error == .sourceBehind(file: world.file(stream), generation: "G1", fileSequence: 1, appliedSequence: 2))
        #expect(try world.dump() == before)
    }

    // MARK: - Row 4: gaps, repeats and a missing first snapshot

    @Test func aGapIsCorruptAndTheChangeSetsBeforeItStayWithTheirToken() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let stream = "transactions/" + ID.checking
        try world.export.append(
            stream, Fixture.changeSet("G1", 2, inserted: [Fixture.transaction(ID.transaction(3), account: ID.checking)]))
        try world.export.append(
            stream, Fixture.changeSet("G1", 3, inserted: [Fixture.transaction(ID.transaction(4), account: ID.checking)]))
        try world.export.append(
            stream, Fixture.changeSet("G1", 5, inserted: [Fixture.transaction(ID.transaction(5), account: ID.checking)]))

        let error = try world.syncFailure()

        let bad = try #require(BadInput(error), "\(error)")
        #expect(bad.file == world.file(stream))
        #expect(bad.line == 4)
        #expect(bad.field == "sequence")
        #expect(bad.message.contains("gap"), "\(bad)")
        #expect(try world.transactionIDs(of: ID.checking) == [1, 2, 3, 4].map(ID.transaction))
        let token = try #require(try world.token(stream))
        #expect(token.generation == "G1" && token.sequence == 3)
        #expect(token.resumeLine == 4)
    }

    @Test func aRepeatIsCorruptAndTheChangeSetsBeforeItStayWithTheirToken() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        let stream = "transactions/" + ID.checking
        // Read from the start (no token): the repeat is found on the first sync.
        try world.export.append(
            stream, Fixture.changeSet("G1", 2, inserted: [Fixture.transaction(ID.transaction(3), account: ID.checking)]))
        try world.export.append(
            stream, Fixture.changeSet("G1", 2, inserted: [Fixture.transaction(ID.transaction(4), account: ID.checking)]))
        try world.export.append(
            stream, Fixture.changeSet("G1", 3, inserted: [Fixture.transaction(ID.transaction(5), account: ID.checking)]))

        let error = try world.syncFailure()

        let bad = try #require(BadInput(error), "\(error)")
        #expect(bad.file == world.file(stream))
        #expect(bad.line == 3)
        #expect(bad.field == "sequence")
        #expect(try world.transactionIDs(of: ID.checking) == [1, 2, 3].map(ID.transaction))
        #expect(try world.point(stream) == "G1#2")
        // A corrupt stream stops only itself: the streams before and after it are applied.
        #expect(try world.point("accounts") == "G1#1")
        #expect(try world.point("balances/" + ID.checking) == "G1#1")
        #expect(try world.point("transactions/" + ID.card) == "G1#1")
        #expect(try world.transactionIDs(of: ID.card) == [11, 12].map(ID.transaction))

        // Running again reports the same line and changes nothing more.
        let before = try world.dump()
        let again = try world.syncFailure()
        #expect(BadInput(again)?.line == 3)
        #expect(try world.dump() == before)
    }

    @Test func aFirstLineThatIsNotASnapshotWithoutATokenIsCorrupt() throws {
        let world = try SyncWorld()
        try world.export.append(
            "accounts",
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Fixture.account(ID.checking, name: "Checking")
                ]))
        let stream = "transactions/" + ID.checking
        // A compacted file whose first remaining line is not a snapshot.
        try world.export.append(
            stream, Fixture.changeSet("G1", 7, inserted: [Fixture.transaction(ID.transaction(1), account: ID.checking)]))
        try world.export.append(
            stream, Fixture.changeSet("G1", 8, inserted: [Fixture.transaction(ID.transaction(2), account: ID.checking)]))

        let error = try world.syncFailure()

        let bad = try #require(BadInput(error), "\(error)")
        #expect(bad.file == world.file(stream))
        #expect(bad.line == 1)
        #expect(bad.message.contains("snapshot"), "\(bad)")
        #expect(try world.accountIDs() == [ID.checking])
        #expect(try world.point("accounts") == "G1#1")
        #expect(try world.point(stream) == nil)
        #expect(try world.store.counts().transactions == 0)
    }

    // MARK: - An exporter still writing

    @Test func anUnfinishedLastLineIsLeftForTheNextRunThenAppliedOnce() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let stream = "transactions/" + ID.checking
        let line = Fixture.changeSet("G1", 2, inserted: [Fixture.transaction(ID.transaction(3), account: ID.checking)])
        let cut = line.index(line.startIndex, offsetBy: line.count / 2)
        try world.export.appendRaw(stream, String(line[..<cut]))
        let before = try world.dump()

        let whileWriting = try world.sync()

        #expect(whileWriting.changedStreams.isEmpty)
        #expect(try world.dump() == before)

        try world.export.appendRaw(stream, String(line[cut...]))
        let stillWriting = try world.sync()
        #expect(stillWriting.changedStreams.isEmpty, "the whole line but not its LF")

        try world.export.appendRaw(stream, "\n")
        let finished = try world.sync()
        #expect(finished.summary(stream)?.counts == [1, 1, 0, 0])
        #expect(try world.transactionIDs(of: ID.checking) == [1, 2, 3].map(ID.transaction))
        #expect(try world.point(stream) == "G1#2")

        let afterwards = try world.sync()
        #expect(afterwards.changedStreams.isEmpty)
    }

    @Test func anUnfinishedFirstLineOfANewStreamIsNotAnError() throws {
        let world = try SyncWorld()
        try world.export.append("accounts", Fixture.changeSet("G1", 1, snapshot: true, inserted: [Fixture.account(ID.checking)]))
        let stream = "transactions/" + ID.checking
        let line = Fixture.changeSet("G1", 1, snapshot: true, inserted: [Fixture.transaction(ID.transaction(1), account: ID.checking)])
        try world.export.appendRaw(stream, line)

        let first = try world.sync()

        #expect(first.changedStreamNames == ["accounts"])
        #expect(try world.point(stream) == nil)

        try world.export.appendRaw(stream, "\n")
        let second = try world.sync()
        #expect(second.changedStreamNames == [stream])
        #expect(try world.transactionIDs() == [ID.transaction(1)])
    }

    // MARK: - Updates and deletions

    @Test func aPendingTransactionThatBooksKeepsItsIDAndChangesItsStatus() throws {
        let world = try SyncWorld()
        try world.export.append("accounts", Fixture.changeSet("G1", 1, snapshot: true, inserted: [Fixture.account(ID.checking)]))
        let stream = "transactions/" + ID.checking
        try world.export.append(
            stream,
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Fixture.transaction(ID.transaction(1), account: ID.checking, amount: "54.20", status: "pending")
                ]))
        try world.sync()
        let rowID = try world.rows("SELECT row_id FROM transactions WHERE id = ?", [.text(ID.transaction(1))])
        #expect(try world.transactions().map(\.status) == [.pending])

        try world.export.append(
            stream,
            Fixture.changeSet(
                "G1", 2,
                updated: [
                    Fixture.transaction(ID.transaction(1), account: ID.checking, amount: "54.20", status: "booked")
                ]))
        let report = try world.sync()

        #expect(report.summary(stream)?.counts == [1, 0, 1, 0])
        let transactions = try world.transactions()
        #expect(transactions.map(\.id) == [ID.transaction(1)])
        #expect(transactions.map(\.status) == [.booked])
        #expect(try world.rows("SELECT row_id FROM transactions WHERE id = ?", [.text(ID.transaction(1))]) == rowID)
        var booked = TransactionQuery()
        booked.statuses = [.booked]
        var found = 0
        try world.store.forEachTransaction(booked) { _ in
            found += 1; return true
        }
        #expect(found == 1)
    }

    @Test func deletedIDsRemoveTransactionsAndBalancesInAnyCase() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        try world.export.append(
            "transactions/" + ID.checking,
            Fixture.changeSet(
                "G1", 2,
                deleted: [
                    ID.transaction(2).lowercased(), ID.transaction(99),
                ]))
        try world.export.append("balances/" + ID.checking, Fixture.changeSet("G1", 2, deleted: [ID.balance(1)]))
        // An ID of another account's record is not this stream's to delete.
        try world.export.append("transactions/" + ID.card, Fixture.changeSet("G1", 2, deleted: [ID.transaction(1)]))

        let report = try world.sync()

        #expect(report.summary("transactions/" + ID.checking)?.counts == [1, 0, 0, 1])
        #expect(report.summary("balances/" + ID.checking)?.counts == [1, 0, 0, 1])
        #expect(report.summary("transactions/" + ID.card)?.counts == [1, 0, 0, 0])
        #expect(try world.transactionIDs(of: ID.checking) == [ID.transaction(1)])
        #expect(try world.balanceIDs(of: ID.checking).isEmpty)
        #expect(try world.transactionIDs(of: ID.card) == [11, 12].map(ID.transaction))
        #expect(try world.balanceIDs(of: ID.card) == [ID.balance(2)])
        #expect(try world.accountIDs() == [ID.checking, ID.card].sorted())
    }

    @Test func anAccountsSnapshotWithoutAnAccountDeletesItWithItsBalancesAndTransactions() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        try world.export.append(
            "accounts",
            Fixture.changeSet(
                "G1", 2, snapshot: true,
                inserted: [
                    Fixture.account(ID.checking, name: "Checking")
                ]))

        let report = try world.sync()

        #expect(report.summary("accounts")?.counts == [1, 0, 0, 1])
        try expectCardIsGone(world, report: report)
    }

    @Test func aDeletedAccountIDDeletesItsDataAndDropsItsStreamTokens() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        try world.export.append("accounts", Fixture.changeSet("G1", 2, deleted: [ID.card]))

        let report = try world.sync()

        #expect(report.summary("accounts")?.counts == [1, 0, 0, 1])
        try expectCardIsGone(world, report: report)
    }

    private func expectCardIsGone(_ world: SyncWorld, report: SyncReport) throws {
        #expect(try world.accountIDs() == [ID.checking])
        #expect(try world.transactionIDs(of: ID.card).isEmpty)
        #expect(try world.rows("SELECT count(*) FROM balances WHERE account_id = ?", [.text(ID.card)]) == [["0"]])
        #expect(try world.rows("SELECT count(*) FROM transactions WHERE account_id = ?", [.text(ID.card)]) == [["0"]])
        #expect(try world.transactionIDs(of: ID.checking) == [1, 2].map(ID.transaction))
        #expect(try world.balanceIDs(of: ID.checking) == [ID.balance(1)])
        #expect(try world.streamNames() == ["accounts", "balances/" + ID.checking, "transactions/" + ID.checking])
        #expect(try world.point("accounts") == "G1#2")
        // The card's files are still in the export; with the account gone they are skipped.
        #expect(report.skippedStreams.count == 2)
        #expect(report.skippedStreams.allSatisfy { $0.contains(ID.card) })
        #expect(report.changedStreamNames == ["accounts"])
    }

    @Test func anAccountSharedAgainIsReadFromItsStreamsFirstSnapshot() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.export.append("transactions/" + ID.card, Fixture.changeSet("G1", 2, deleted: [ID.transaction(11)]))
        try world.sync()
        try world.export.append("accounts", Fixture.changeSet("G1", 2, deleted: [ID.card]))
        try world.sync()
        #expect(try world.accountIDs() == [ID.checking])

        try world.export.append(
            "accounts",
            Fixture.changeSet(
                "G1", 3,
                inserted: [
                    Fixture.account(ID.card, kind: "liability", name: "Card")
                ]))
        let report = try world.sync()

        #expect(report.changedStreamNames == ["accounts", "balances/" + ID.card, "transactions/" + ID.card])
        #expect(try world.transactionIDs(of: ID.card) == [ID.transaction(12)])
        #expect(try world.point("transactions/" + ID.card) == "G1#2")
        #expect(try world.point("balances/" + ID.card) == "G1#1")
    }

    // MARK: - Names and IDs

    @Test func fileNamesAndIDsAreComparedInAnyCase() throws {
        let world = try SyncWorld()
        let lower = ID.checking.lowercased()
        try world.export.append("accounts", Fixture.changeSet("G1", 1, snapshot: true, inserted: [Fixture.account(lower)]))
        try world.export.append(
            "transactions/" + lower,
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Fixture.transaction(ID.transaction(1).lowercased(), account: lower),
                    Fixture.transaction(ID.transaction(2), account: ID.checking),
                ]))
        try world.export.append("transactions/" + lower, Fixture.changeSet("G1", 2, deleted: [ID.transaction(2).lowercased()]))

        let report = try world.sync()

        #expect(report.changedStreamNames == ["accounts", "transactions/" + ID.checking])
        #expect(try world.accountIDs() == [ID.checking])
        #expect(try world.transactionIDs(of: ID.checking) == [ID.transaction(1)])
        #expect(try world.point("transactions/" + ID.checking) == "G1#2")
        #expect(try world.sync().changedStreams.isEmpty)
    }

    @Test func aStreamForAnAccountTheLedgerDoesNotHaveIsSkipped() throws {
        let world = try SyncWorld()
        try world.export.append("accounts", Fixture.changeSet("G1", 1, snapshot: true, inserted: [Fixture.account(ID.checking)]))
        try world.export.append(
            "transactions/" + ID.savings,
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Fixture.transaction(ID.transaction(1), account: ID.savings)
                ]))

        let report = try world.sync()

        #expect(report.changedStreamNames == ["accounts"])
        #expect(report.skippedStreams.count == 1)
        #expect(report.skippedStreams.first?.contains(ID.savings) == true)
        #expect(try world.store.counts().transactions == 0)
        #expect(try world.point("transactions/" + ID.savings) == nil)
    }

    @Test func anExportWithNoStreamFilesYetSyncsNothing() throws {
        let world = try SyncWorld()

        let report = try world.sync()

        #expect(report.changedStreams.isEmpty && report.skippedStreams.isEmpty)
        let status = try #require(try world.store.sourceStatuses().first)
        #expect(status.streams.isEmpty)
        #expect(status.lastSyncedAt == world.now.text)
    }

    // MARK: - Idempotence

    @Test func aSecondSyncOfTheSameExportChangesNothing() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.export.append(
            "transactions/" + ID.checking,
            Fixture.changeSet(
                "G1", 2,
                inserted: [
                    Fixture.transaction(ID.transaction(3), account: ID.checking, status: "pending")
                ], deleted: [ID.transaction(1)]))
        try world.export.append(
            "transactions/" + ID.checking,
            Fixture.changeSet(
                "G1", 3,
                updated: [
                    Fixture.transaction(ID.transaction(3), account: ID.checking, status: "booked")
                ]))
        try world.export.append(
            "transactions/" + ID.card,
            Fixture.changeSet(
                "G2", 1, snapshot: true,
                inserted: [
                    Fixture.transaction(ID.transaction(12), account: ID.card)
                ]))
        try world.export.append(
            "balances/" + ID.card,
            Fixture.changeSet(
                "G1", 2,
                inserted: [
                    Fixture.balance(ID.balance(3), account: ID.card, amount: "260.00", asOf: "2026-11-01T23:00:00Z", indicator: "debit")
                ]))
        let first = try world.sync()
        #expect(!first.changedStreams.isEmpty)
        let before = try world.dump()

        let second = try world.sync()

        #expect(second.changedStreams.isEmpty)
        #expect(second.skippedStreams.isEmpty)
        #expect(try world.dump() == before)
    }

    // MARK: - Several sources

    @Test func twoSourcesInOneDatabaseKeepTheirTokensPerSourceAndStream() throws {
        let world = try SyncWorld()
        let other = try world.makeExport(name: "other", sourceID: ID.otherSource, sourceName: "Ben's iPhone")
        // The same generation names and stream "accounts" in both; only the source tells them apart.
        try world.export.append("accounts", Fixture.changeSet("G1", 1, snapshot: true, inserted: [Fixture.account(ID.checking)]))
        try world.export.append("accounts", Fixture.changeSet("G1", 2, updated: [Fixture.account(ID.checking, name: "Ana's checking")]))
        try world.export.append("accounts", Fixture.changeSet("G1", 3, updated: [Fixture.account(ID.checking, name: "Ana's account")]))
        try world.export.append(
            "transactions/" + ID.checking,
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Fixture.transaction(ID.transaction(1), account: ID.checking)
                ]))
        try other.append(
            "accounts", Fixture.changeSet("G1", 1, snapshot: true, inserted: [Fixture.account(ID.savings, name: "Ben's savings")]))
        try other.append(
            "transactions/" + ID.savings,
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Fixture.transaction(ID.transaction(21), account: ID.savings)
                ]))

        try world.sync()
        let otherReport = try world.sync(other)

        #expect(otherReport.changedStreamNames == ["accounts", "transactions/" + ID.savings])
        #expect(try world.point("accounts") == "G1#3")
        #expect(try world.point("accounts", source: ID.otherSource) == "G1#1")
        #expect(try world.point("transactions/" + ID.savings) == nil)
        #expect(try world.point("transactions/" + ID.savings, source: ID.otherSource) == "G1#1")
        let statuses = try world.store.sourceStatuses()
        #expect(statuses.map(\.name) == ["Ana's iPhone", "Ben's iPhone"])
        #expect(
            statuses.map { $0.streams.map(\.name) } == [
                ["accounts", "transactions/" + ID.checking], ["accounts", "transactions/" + ID.savings],
            ])
        #expect(try world.store.accountSummaries().map(\.sourceName) == ["Ana's iPhone", "Ben's iPhone"])

        // Each source resumes from its own token: nothing to do, and no "behind" from the other's.
        let before = try world.dump()
        #expect(try world.sync(other).changedStreams.isEmpty)
        #expect(try world.sync().changedStreams.isEmpty)
        #expect(try world.dump() == before)

        // A snapshot of one source's accounts never sweeps the other's.
        try other.append("accounts", Fixture.changeSet("G1", 2, snapshot: true, inserted: []))
        try world.sync(other)
        #expect(try world.accountIDs() == [ID.checking])
        #expect(try world.transactionIDs() == [ID.transaction(1)])
    }

    @Test func anAccountAlreadyInAnotherSourceIsBadInput() throws {
        let world = try SyncWorld()
        let other = try world.makeExport(name: "other", sourceID: ID.otherSource, sourceName: "Ben's iPhone")
        try world.export.append("accounts", Fixture.changeSet("G1", 1, snapshot: true, inserted: [Fixture.account(ID.checking)]))
        try world.sync()
        try other.append(
            "accounts",
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Fixture.account(ID.savings), Fixture.account(ID.checking),
                ]))
        let before = try world.rows("SELECT * FROM accounts ORDER BY id")

        let error = try world.syncFailure(other)

        let bad = try #require(BadInput(error), "\(error)")
        #expect(bad.file == world.file("accounts", in: other))
        #expect(bad.line == 1)
        #expect(bad.field == "inserted[1]")
        #expect(bad.message.contains("another source"), "\(bad)")
        #expect(try world.rows("SELECT * FROM accounts ORDER BY id") == before)
        #expect(try world.point("accounts", source: ID.otherSource) == nil)
    }

    @Test func aStreamOfAnotherSourcesAccountIsSkipped() throws {
        let world = try SyncWorld()
        let other = try world.makeExport(name: "other", sourceID: ID.otherSource, sourceName: "Ben's iPhone")
        try world.export.append("accounts", Fixture.changeSet("G1", 1, snapshot: true, inserted: [Fixture.account(ID.checking)]))
        try world.export.append(
            "transactions/" + ID.checking,
            Fixture.changeSet(
                "G1", 1, snapshot: true,
                inserted: [
                    Fixture.transaction(ID.transaction(1), account: ID.checking)
                ]))
        try world.sync()
        try other.append("accounts", Fixture.changeSet("G1", 1, snapshot: true, inserted: [Fixture.account(ID.savings)]))
        try other.append("transactions/" + ID.checking, Fixture.changeSet("G1", 1, snapshot: true, inserted: []))

        let report = try world.sync(other)

        #expect(report.changedStreamNames == ["accounts"])
        #expect(report.skippedStreams.count == 1)
        #expect(report.skippedStreams.first?.contains("transactions/" + ID.checking) == true)
        #expect(try world.transactionIDs(of: ID.checking) == [ID.transaction(1)])
    }

    // MARK: - The resume offset hint

    @Test func theResumeHintReadsOnlyTheAppendedLine() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        let stream = "transactions/" + ID.checking
        try world.export.append(
            stream, Fixture.changeSet("G1", 2, inserted: [Fixture.transaction(ID.transaction(3), account: ID.checking)]))
        try world.export.append(stream, Fixture.changeSet("G1", 3, deleted: [ID.transaction(3)]))
        try world.sync()
        let url = world.export.url(stream)
        let size = try Data(contentsOf: url).count
        let token = try #require(try world.token(stream))
        #expect(token.resumeOffset == Int64(size))
        #expect(token.resumeLine == 4)

        // Were the applied lines read again they would fail: each is now garbage of its length.
        let scrambled = try Data(contentsOf: url).map { $0 == 0x0A ? $0 : UInt8(ascii: "x") }
        try Data(scrambled).write(to: url)
        let line = Fixture.changeSet("G1", 4, inserted: [Fixture.transaction(ID.transaction(4), account: ID.checking)])
        try world.export.append(stream, line)

        let report = try world.sync()

        #expect(report.changedStreamNames == [stream])
        #expect(report.summary(stream)?.counts == [1, 1, 0, 0])
        #expect(try world.transactionIDs(of: ID.checking) == [1, 2, 4].map(ID.transaction))
        let after = try #require(try world.token(stream))
        #expect(after.sequence == 4)
        #expect(after.resumeOffset == Int64(size + line.utf8.count + 1))
        #expect(after.resumeLine == 5)
    }

    @Test func aTokenWithoutAResumeHintReadsFromTheStart() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        try world.sync()
        let stream = "transactions/" + ID.checking
        let id = try world.sourceRowID()
        let bare = StreamToken(generation: "G1", sequence: 1)
        try world.store.saveToken(bare, sourceRowID: id, stream: stream, now: world.now)
        try world.export.append(
            stream, Fixture.changeSet("G1", 2, inserted: [Fixture.transaction(ID.transaction(3), account: ID.checking)]))
        try world.export.appendRaw(stream, "{\"generation\":\"G1\",\"seq")

        // Reading from the start skips line 1 and applies line 2; the unfinished line 3 waits.
        let report = try world.sync()

        #expect(report.summary(stream)?.counts == [1, 1, 0, 0])
        let token = try #require(try world.token(stream))
        #expect(token.sequence == 2)
        #expect(token.resumeLine == 3)
        let lines = try String(contentsOf: world.export.url(stream), encoding: .utf8).split(separator: "\n")
        #expect(token.resumeOffset == Int64(lines[0].utf8.count + lines[1].utf8.count + 2))
    }

    /// Rewritten files the saved hint no longer fits; the reader must notice and read from line 1.
    struct Rewrite: Sendable, CustomTestStringConvertible {
        let name: String
        let lines: [String]
        let transactions: [Int]
        let point: String
        let resumeLine: Int
        let resynced: Bool
        var testDescription: String { name }
    }

    static let rewrites: [Rewrite] = [
        Rewrite(
            name: "compacted to a snapshot at the token, then one more line",
            lines: [
                Fixture.changeSet(
                    "G1", 3, snapshot: true,
                    inserted: [
                        Fixture.transaction(ID.transaction(2), account: ID.checking, amount: "20.00"),
                        Fixture.transaction(ID.transaction(3), account: ID.checking),
                    ]),
                Fixture.changeSet("G1", 4, inserted: [Fixture.transaction(ID.transaction(9), account: ID.checking)]),
            ],
            transactions: [2, 3, 9], point: "G1#4", resumeLine: 3, resynced: false),
        Rewrite(
            name: "compacted to a snapshot past the token",
            lines: [
                Fixture.changeSet("G1", 8, snapshot: true, inserted: [Fixture.transaction(ID.transaction(8), account: ID.checking)])
            ],
            transactions: [8], point: "G1#8", resumeLine: 2, resynced: true),
        Rewrite(
            name: "a new generation, shorter than the hint's offset",
            lines: [Fixture.changeSet("G2", 1, snapshot: true, inserted: [])],
            transactions: [], point: "G2#1", resumeLine: 2, resynced: true),
        Rewrite(
            name: "padding before the same lines moves every offset",
            lines: [
                Fixture.changeSet(
                    "G1", 1, snapshot: true,
                    inserted: [
                        Fixture.transaction(ID.transaction(1), account: ID.checking, amount: "10.00"),
                        Fixture.transaction(ID.transaction(2), account: ID.checking, amount: "20.00"),
                    ]),
                "  ",
                Fixture.changeSet("G1", 2, inserted: [Fixture.transaction(ID.transaction(3), account: ID.checking)]),
                Fixture.changeSet("G1", 3, deleted: [ID.transaction(1)]),
                Fixture.changeSet("G1", 4, inserted: [Fixture.transaction(ID.transaction(4), account: ID.checking)]),
            ],
            transactions: [2, 3, 4], point: "G1#4", resumeLine: 6, resynced: false),
    ]

    @Test(arguments: rewrites)
    func aWrongResumeHintIsVerifiedAndTheFileIsReadFromTheStart(_ rewrite: Rewrite) throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        let stream = "transactions/" + ID.checking
        try world.export.append(
            stream, Fixture.changeSet("G1", 2, inserted: [Fixture.transaction(ID.transaction(3), account: ID.checking)]))
        try world.export.append(stream, Fixture.changeSet("G1", 3, deleted: [ID.transaction(1)]))
        try world.sync()
        #expect(try world.token(stream)?.resumeLine == 4)

        try world.export.replace(stream, lines: rewrite.lines)
        let report = try world.sync()

        #expect(try world.transactionIDs(of: ID.checking) == rewrite.transactions.map(ID.transaction))
        #expect(try world.point(stream) == rewrite.point)
        let token = try #require(try world.token(stream))
        #expect(token.resumeLine == rewrite.resumeLine)
        #expect(token.resumeOffset == Int64(try Data(contentsOf: world.export.url(stream)).count))
        #expect(report.summary(stream)?.resynced == rewrite.resynced)
        #expect(try world.transactionIDs(of: ID.card) == [11, 12].map(ID.transaction))
    }

    /// A rewritten file in which the hint's offset happens to fall on the start of the line with
    /// the next sequence: the data comes out right, and so must the line numbers in messages.
    @Test func aHintOffsetThatStillFitsAfterARewriteKeepsTrueLineNumbers() throws {
        let world = try SyncWorld()
        try world.writeTwoAccounts()
        let stream = "transactions/" + ID.checking
        try world.export.append(
            stream, Fixture.changeSet("G1", 2, inserted: [Fixture.transaction(ID.transaction(3), account: ID.checking)]))
        try world.export.append(stream, Fixture.changeSet("G1", 3, deleted: [ID.transaction(1)]))
        try world.sync()
        let token = try #require(try world.token(stream))
        let offset = try #require(token.resumeOffset)

        // Compacted to one snapshot line padded (with an unknown key) to exactly the old three lines.
        let snapshot = Fixture.changeSet(
            "G1", 3, snapshot: true,
            inserted: [
                Fixture.transaction(ID.transaction(2), account: ID.checking, amount: "20.00"),
                Fixture.transaction(ID.transaction(3), account: ID.checking),
            ])
        let unpadded = String(snapshot.dropLast()) + ",\"padding\":\"\"}"
        let padding = Int(offset) - 1 - unpadded.utf8.count
        try #require(padding >= 0)
        let padded = String(snapshot.dropLast()) + ",\"padding\":\"" + String(repeating: " ", count: padding) + "\"}"
        #expect(padded.utf8.count + 1 == Int(offset))
        let badAmount = Fixture.transaction(ID.transaction(4), account: ID.checking)
            .replacingOccurrences(of: "\"amount\":\"54.20\"", with: "\"amount\":54.20")
        try world.export.replace(stream, lines: [padded, Fixture.changeSet("G1", 4, inserted: [badAmount])])

        let error = try world.syncFailure()

        let bad = try #require(BadInput(error), "\(error)")
        #expect(bad.field == "inserted[0].transactionAmount.amount")
        #expect(bad.line == 2, "the bad change set is on line 2 of the rewritten file")
    }
}
