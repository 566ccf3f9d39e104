import Foundation
import Ledger
import PurseTestSupport
import Testing
import WalletExport
import WalletExporterTestSupport

@testable import WalletExporter

/// The file the phone writes for a `TransactionPicker` selection, through the real `purse`:
/// every report on it with `--input` is the report of a ledger holding the same transactions,
/// synced from a Wallet export this library writes of a phone that has only them.
@Suite("Picked transactions file: a picker's selection reported as the same transactions synced")
struct PickedTransactionsFileTests {
    typealias R = ExportRecords

    let folder: TemporaryFolder
    let purse = PurseBinary()

    /// The reports that take `--input`, each in every format, over every day the records can have.
    static let reports: [[String]] = [
        ["report", "spending"], ["report", "spending", "--by", "merchant", "--include-pending"],
        ["report", "spending", "--by", "account"], ["report", "income"], ["report", "cashflow"], ["explain"],
    ].flatMap { report in ["text", "csv", "json"].map { report + ["--from", "2024-01-01", "--to", "2027-12-31", "--format", $0] } }

    /// The phone's zone. A Wallet export names it (its accounts keep that zone's days); the picked
    /// file does not, so its accounts keep the report time zone's days: the reports on both are
    /// run in the phone's zone, as README "Picked transactions" says to.
    static let phoneZone = ["TZ": "America/New_York"]

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A ledger of `transactions` and their accounts, synced by `purse sync` from the Wallet export
    /// the exporter writes of a simulated phone holding only them.
    func syncedLedger(accounts: [Account], transactions: [Transaction]) async throws -> String {
        let phone = SimulatedFinanceStore()
        for account in accounts where transactions.contains(where: { $0.accountID == account.id }) { phone.share(account) }
        for transaction in transactions { phone.insert(transaction) }
        let configuration = WalletExportConfiguration(
            exportFolder: folder.url.appendingPathComponent("export"), stateFolder: folder.url.appendingPathComponent("state"),
            sourceName: "Ana's iPhone", timeZone: TimeZone(identifier: Self.phoneZone["TZ"]!)!)
        try await WalletExporter(store: phone, configuration: configuration).run()
        let database = folder.file("synced.sqlite")
        let sync = try purse.run(["--db", database, "--quiet", "sync", configuration.exportFolder.path])
        try #require(sync.status == 0, "\(sync.stderr)")
        return database
    }

    /// Each report on `file` is the report on `ledger`; no database is opened or made for them.
    func expectSameReports(_ file: URL, as ledger: String) throws {
        let nowhere = folder.file("nowhere/ledger.sqlite")
        for report in Self.reports {
            let synced = try purse.run(["--db", ledger] + report, environment: Self.phoneZone)
            let picked = try purse.run(["--db", nowhere] + report + ["--input", file.path], environment: Self.phoneZone)
            #expect(synced.status == 0, "\(report): \(synced.stderr)")
            #expect(picked.status == 0, "\(report): \(picked.stderr)")
            #expect(picked.stdout == synced.stdout, "\(report)")
            #expect(!picked.stderr.contains("Error"), "\(report): \(picked.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("nowhere")))
    }

    @Test(
        "a random selection from a random Wallet: every report, in every format, is the same transactions synced",
        arguments: [2, 3] as [UInt64])
    func randomSelection(seed: UInt64) async throws {
        let wallet = SimulatedFinanceStore()
        var history = RandomHistory(seed: seed, store: wallet)
        history.happen(250)
        var random = SeededRandom(state: seed &+ 0xC0FFEE)
        // In an order of the user's, not the store's.
        let picked = Array(wallet.sharedTransactions.filter { _ in random.below(3) != 0 }.reversed())
        try #require(picked.count > 20 && Set(picked.map(\.accountID)).count > 1, "a selection worth reporting")

        let file = folder.url.appendingPathComponent("picked.jsonl")
        try PickedTransactionsFile.write(picked, accounts: wallet.sharedAccounts + wallet.unsharedAccounts, to: file)
        let ledger = try await syncedLedger(accounts: wallet.sharedAccounts, transactions: picked)
        try expectSameReports(file, as: ledger)
        let spending = try purse.run([
            "--db", ledger, "report", "spending", "--from", "2024-01-01", "--to", "2027-12-31", "--format", "csv",
        ])
        #expect(spending.stdout.split(separator: "\n").count > 5, "the reports compared have rows: \(spending.stdout)")
    }

    @Test(
        "two accounts in two currencies: the file holds those accounts and the transactions, as purse reads them; reports match the synced ledger"
    )
    func twoAccountsTwoCurrencies() async throws {
        let card = R.card()
        var euros = R.cash("5B0F3C1E-7D7A-4E55-9A63-2C1B9F0D8E41")
        euros.displayName = "Compte courant"
        euros.currencyCode = "EUR"
        let untouched = R.cash()
        var bakery = R.purchase("E1", account: euros.id, amount: "4.8", merchant: "Boulangerie")
        bakery.transactionAmount = R.money("4.8", "EUR")
        bakery.foreignCurrencyAmount = nil
        bakery.foreignCurrencyExchangeRate = nil
        var salary = R.purchase("E2", account: euros.id, merchant: "ACME SA")
        salary.transactionAmount = R.money("2500", "EUR")
        salary.creditDebitIndicator = .credit
        salary.transactionType = .directDeposit
        salary.merchantCategoryCode = nil
        let picked = [
            R.purchase("C1", account: card.id), R.purchase("C2", account: card.id, amount: "12", status: .pending), bakery, salary,
        ]

        let file = folder.url.appendingPathComponent("picked.jsonl")
        try PickedTransactionsFile.write(picked, accounts: [untouched, card, euros], to: file)
        let bytes = [UInt8](try Data(contentsOf: file))
        #expect(bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count == 2 + 4 + 1, "a line each, LF last")
        let read = try PickedTransactions.jsonLines(bytes, file: file.path)
        #expect(read.accounts == [card, euros], "only the accounts of the picked transactions, in the order given")
        #expect(read.transactions == picked)

        try expectSameReports(file, as: try await syncedLedger(accounts: [card, euros], transactions: picked))
        let exported = try String(contentsOf: folder.url.appendingPathComponent("export/transactions/\(card.id).jsonl"), encoding: .utf8)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines[2..<4].allSatisfy { exported.contains($0) }, "a card transaction's line is the export's text of it")
        let spending = try purse.run(
            ["report", "spending", "--month", "2026-10", "--format", "csv", "--input", file.path], environment: Self.phoneZone)
        #expect(
            spending.stdout == """
                period,category,currency,spent,refunded,net,count
                2026-10,Groceries,USD,54.20,0.00,54.20,1
                2026-10,Groceries,EUR,4.80,0.00,4.80,1

                """)
    }

    @Test("an empty selection: an empty file, written over the last one, and reports with nothing in them, as an empty ledger's")
    func emptySelection() async throws {
        let file = folder.url.appendingPathComponent("picked.jsonl")
        try PickedTransactionsFile.write([R.purchase("C1", account: R.card().id)], accounts: [R.card()], to: file)
        try PickedTransactionsFile.write([], accounts: [R.card()], to: file)
        #expect(try Data(contentsOf: file).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["picked.jsonl"], "no temporary file left")
        try expectSameReports(file, as: try await syncedLedger(accounts: [], transactions: []))
    }

    @Test("a folder that does not exist: the write fails, naming the file, and writes nothing")
    func missingFolder() throws {
        let file = folder.url.appendingPathComponent("gone/picked.jsonl")
        let error = #expect(throws: ExportFileError.self) {
            try PickedTransactionsFile.write([R.purchase("C1", account: R.card().id)], to: file)
        }
        #expect(error?.path.hasPrefix(folder.file("gone/")) == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: folder.file("gone")))
    }
}
