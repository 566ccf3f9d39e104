import Foundation
import Ledger
import PurseTestSupport
import Testing
import WalletExport
import WalletExporterTestSupport

@testable import WalletExporter

/// The file the phone writes for a `TransactionPicker` selection, through the real `purse`:
/// every report on it with `--input`, on a computer in any zone, is the report of a ledger holding
/// the same transactions, synced from a Wallet export this library writes of a phone that has
/// only them, read in the phone's zone.
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

    /// The phone's zone, which both the Wallet export and the picked file name: their accounts
    /// keep its days wherever purse runs.
    static let phoneZone = TimeZone(identifier: "America/New_York")!
    /// Where the synced ledger is read: the phone's zone, as the owner of the phone would.
    static let syncedMachine = ["TZ": "America/New_York"]
    /// Where the file is read: computers in other zones, one behind New York's day and one ahead.
    static let pickedMachines = [["TZ": "UTC"], ["TZ": "Pacific/Kiritimati"]]

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A ledger of `transactions` and their accounts, synced by `purse sync` from the Wallet export
    /// the exporter writes of a simulated phone holding only them.
    func syncedLedger(
        accounts: [Account], transactions: [Transaction], accountTimeZones: [String: TimeZone] = [:]
    ) async throws -> String {
        let phone = SimulatedFinanceStore()
        for account in accounts where transactions.contains(where: { $0.accountID == account.id }) { phone.share(account) }
        for transaction in transactions { phone.insert(transaction) }
        let configuration = WalletExportConfiguration(
            exportFolder: folder.url.appendingPathComponent("export"), stateFolder: folder.url.appendingPathComponent("state"),
            sourceName: "Ana's iPhone", timeZone: Self.phoneZone, accountTimeZones: accountTimeZones)
        try await WalletExporter(store: phone, configuration: configuration).run()
        let database = folder.file("synced.sqlite")
        let sync = try purse.run(["--db", database, "--quiet", "sync", configuration.exportFolder.path])
        try #require(sync.status == 0, "\(sync.stderr)")
        return database
    }

    /// Each report on `file`, on every machine of `pickedMachines`, is the report on `ledger` read
    /// on `syncedMachine` (on the same machine when nil); no database is opened or made for them.
    func expectSameReports(_ file: URL, as ledger: String, syncedOn syncedMachine: [String: String]? = Self.syncedMachine) throws {
        let nowhere = folder.file("nowhere/ledger.sqlite")
        for machine in Self.pickedMachines {
            for report in Self.reports {
                let synced = try purse.run(["--db", ledger] + report, environment: syncedMachine ?? machine)
                let picked = try purse.run(["--db", nowhere] + report + ["--input", file.path], environment: machine)
                #expect(synced.status == 0, "\(report): \(synced.stderr)")
                #expect(picked.status == 0, "\(machine) \(report): \(picked.stderr)")
                #expect(picked.stdout == synced.stdout, "\(machine) \(report)")
                #expect(!picked.stderr.contains("Error"), "\(machine) \(report): \(picked.stderr)")
            }
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
        try PickedTransactionsFile.write(
            picked, accounts: wallet.sharedAccounts + wallet.unsharedAccounts, to: file, timeZone: Self.phoneZone)
        let ledger = try await syncedLedger(accounts: wallet.sharedAccounts, transactions: picked)
        try expectSameReports(file, as: ledger)
        let spending = try purse.run([
            "--db", ledger, "report", "spending", "--from", "2024-01-01", "--to", "2027-12-31", "--format", "csv",
        ])
        #expect(spending.stdout.split(separator: "\n").count > 5, "the reports compared have rows: \(spending.stdout)")
    }

    @Test(
        "two accounts in two currencies, one kept in Paris: the file names the zones and holds those accounts and the transactions, as purse reads them; reports match the synced ledger"
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
        // 1 November in Paris, still 31 October in New York and in UTC.
        var salary = R.purchase("E2", account: euros.id, merchant: "ACME SA")
        salary.transactionDate = R.time("2026-11-01T00:30:00+01:00")
        salary.transactionAmount = R.money("2500", "EUR")
        salary.creditDebitIndicator = .credit
        salary.transactionType = .directDeposit
        salary.merchantCategoryCode = nil
        // 31 October in New York, 1 November in UTC and in Kiritimati.
        var lateNight = R.purchase("C3", account: card.id, amount: "7.25")
        lateNight.transactionDate = R.time("2026-10-31T23:30:00-04:00")
        lateNight.postedDate = R.time("2026-11-01T00:00:00-04:00")
        let picked = [
            R.purchase("C1", account: card.id), R.purchase("C2", account: card.id, amount: "12", status: .pending), lateNight, bakery,
            salary,
        ]
        let paris = [euros.id: TimeZone(identifier: "Europe/Paris")!]

        let file = folder.url.appendingPathComponent("picked.jsonl")
        try PickedTransactionsFile.write(
            picked, accounts: [untouched, card, euros], to: file, timeZone: Self.phoneZone,
            accountTimeZones: paris.merging([untouched.id: TimeZone(identifier: "Europe/London")!]) { first, _ in first })
        let bytes = [UInt8](try Data(contentsOf: file))
        let lineCount = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        #expect(lineCount == 9, "the zones, two accounts, five transactions, each a line, LF last")
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(
            lines[0] == #"{"timeZone":"America/New_York","accountTimeZones":{"5B0F3C1E-7D7A-4E55-9A63-2C1B9F0D8E41":"Europe/Paris"}}"#,
            "the manifest's keys, with the zones of the picked accounts only")
        let read = try PickedTransactions.jsonLines(bytes, file: file.path)
        #expect(read.timeZone == "America/New_York")
        #expect(read.accountTimeZones == [euros.id: "Europe/Paris"])
        #expect(read.accounts == [card, euros], "only the accounts of the picked transactions, in the order given")
        #expect(read.transactions == picked)

        try expectSameReports(file, as: try await syncedLedger(accounts: [card, euros], transactions: picked, accountTimeZones: paris))
        let exported = try String(contentsOf: folder.url.appendingPathComponent("export/transactions/\(card.id).jsonl"), encoding: .utf8)
        #expect(lines[3..<6].allSatisfy { exported.contains($0) }, "a card transaction's line is the export's text of it")
        for machine in Self.pickedMachines {
            let spending = try purse.run(
                ["report", "spending", "--month", "2026-10", "--format", "csv", "--input", file.path], environment: machine)
            #expect(
                spending.stdout == """
                    period,category,currency,spent,refunded,net,count
                    2026-10,Groceries,USD,61.45,0.00,61.45,2
                    2026-10,Groceries,EUR,4.80,0.00,4.80,1

                    """, "\(machine): 23:30 in New York on 31 October is October's")
            let income = try purse.run(
                ["report", "income", "--month", "2026-11", "--format", "csv", "--input", file.path], environment: machine)
            #expect(income.stdout.contains("2500.00"), "\(machine): 00:30 in Paris on 1 November is November's: \(income.stdout)")
        }
        let forced = try purse.run(
            ["--tz", "UTC", "report", "spending", "--month", "2026-10", "--format", "csv", "--input", file.path],
            environment: Self.syncedMachine)
        #expect(
            forced.stdout == """
                period,category,currency,spent,refunded,net,count
                2026-10,Groceries,USD,54.20,0.00,54.20,1
                2026-10,Groceries,EUR,4.80,0.00,4.80,1

                """, "--tz still makes its zone every account's")
    }

    @Test("an empty selection: the zone line alone, written over the last one, and reports with nothing in them, as an empty ledger's")
    func emptySelection() async throws {
        let file = folder.url.appendingPathComponent("picked.jsonl")
        try PickedTransactionsFile.write([R.purchase("C1", account: R.card().id)], accounts: [R.card()], to: file)
        #expect(
            try String(contentsOf: file, encoding: .utf8).hasPrefix("{\"timeZone\":\"\(TimeZone.current.identifier)\"}\n"),
            "the device's zone unless told another")
        try PickedTransactionsFile.write([], accounts: [R.card()], to: file, timeZone: Self.phoneZone)
        #expect(try String(contentsOf: file, encoding: .utf8) == "{\"timeZone\":\"America/New_York\"}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["picked.jsonl"], "no temporary file left")
        // A ledger without accounts has no account's zone: its days are the report's zone's, on both.
        try expectSameReports(file, as: try await syncedLedger(accounts: [], transactions: []), syncedOn: nil)
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
