import Foundation
import PurseTestSupport
import Testing

/// `purse prices import` and `purse prices` through the real binary: each file whole or not at
/// all, a second import changing nothing, a newer file's rate replacing the held one, bad input
/// located with exit 65, and the listing of imported and card rates in every format.
@Suite("Prices")
struct PricesTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = folder.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every rate the ledger holds, as CSV rows without the header.
    func listed(_ arguments: [String] = []) throws -> [String] {
        let result = try run(["prices", "--format", "csv"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").dropFirst().map(String.init)
    }

    static let examplesRates = Examples.walletExport.appendingPathComponent("ecb-rates.csv").path

    @Test("importing the same file again changes nothing, and says so")
    func importTwice() throws {
        let file = try write(
            "rates.csv", "date,from,to,rate\n2026-10-01,EUR,USD,1.0912\n2026-10-01,GBP,USD,1.2750\n2026-10-02,EUR,USD,1.0920\n")
        let first = try run(["prices", "import", file])
        #expect(first.status == 0)
        #expect(first.stdout == "")
        #expect(first.stderr == "\(file): 3 rates (3 added, 0 replaced, 0 unchanged)\n")
        let before = try listed()
        #expect(
            before == ["2026-10-01,EUR,USD,1.0912,imported", "2026-10-01,GBP,USD,1.275,imported", "2026-10-02,EUR,USD,1.092,imported"])

        let again = try run(["prices", "import", file])
        #expect(again.status == 0)
        #expect(again.stderr == "\(file): 3 rates (0 added, 0 replaced, 3 unchanged)\n")
        #expect(try listed() == before)
        #expect(try run(["--quiet", "prices", "import", file]).stderr == "")
    }

    @Test("a newer file's rate for the same (date, from, to) replaces the held one; the others stay")
    func newerFileReplaces() throws {
        let old = try write("old.csv", "date,from,to,rate\n2026-10-01,EUR,USD,1.0912\n2026-10-02,EUR,USD,1.0920\n")
        let new = try write(
            "new.csv", "Date,From,To,Rate\n2026-10-02,EUR,USD,1.0925\n2026-10-03,EUR,USD,1.0930\n2026-10-01,EUR,USD,1.0912\n")
        #expect(try run(["prices", "import", old]).status == 0)
        let result = try run(["prices", "import", new])
        #expect(result.status == 0)
        #expect(result.stderr == "\(new): 3 rates (1 added, 1 replaced, 1 unchanged)\n")
        #expect(
            try listed() == [
                "2026-10-01,EUR,USD,1.0912,imported", "2026-10-02,EUR,USD,1.0925,imported", "2026-10-03,EUR,USD,1.093,imported",
            ])
    }

    @Test("a bad line in file 2 of 2 leaves file 1 applied and nothing of file 2: exit 65 naming file, line and field")
    func badSecondFile() throws {
        let good = try write("good.csv", "date,from,to,rate\n2026-10-01,EUR,USD,1.0912\n")
        let bad = try write("bad.csv", "date,from,to,rate\n2026-10-02,EUR,USD,1.0920\n2026-10-03,EUR,USD,1.09.30\n")
        let badCode = try write("bad-code.csv", "date,from,to,rate\n2026-10-04,EUR,USD,1.0940\n2026-10-05,EUR,US,1.0950\n")
        let result = try run(["prices", "import", good, bad])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                \(good): 1 rates (1 added, 0 replaced, 0 unchanged)
                Error: \(bad):3: rate: '1.09.30' is not a rate

                """)
        #expect(try listed() == ["2026-10-01,EUR,USD,1.0912,imported"])

        let code = try run(["prices", "import", badCode])
        #expect(code.status == 65)
        #expect(code.stderr == "Error: \(badCode):3: to: 'US' is not a currency code (three letters A-Z)\n")
        #expect(try listed() == ["2026-10-01,EUR,USD,1.0912,imported"])
    }

    @Test("a missing file is exit 66 before anything is imported, and no ledger is made")
    func missingFile() throws {
        let good = try write("good.csv", "date,from,to,rate\n2026-10-01,EUR,USD,1.0912\n")
        let result = try run(["prices", "import", good, folder.file("missing.csv")])
        #expect(result.status == 66)
        #expect(result.stderr == "Error: \(folder.file("missing.csv")): no such file\n")
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test("the ECB's file: a rate per currency and business day, none for the weekend or an N/A cell")
    func ecbFile() throws {
        let file = try write(
            "eurofxref-hist.csv",
            """
            Date,USD,JPY,GBP,CAD,
            2026-10-05,1.0931,162.10,0.85345,1.4871,
            2026-10-02,1.0920,N/A,0.85250,1.4850,
            2026-10-01,1.0912,161.25,0.85430,1.4836,

            """)
        let result = try run(["prices", "import", file])
        #expect(result.stderr == "\(file): 11 rates (11 added, 0 replaced, 0 unchanged)\n")
        #expect(
            try listed(["--from", "2026-10-02", "--to", "2026-10-04"]) == [
                "2026-10-02,EUR,CAD,1.485,imported", "2026-10-02,EUR,GBP,0.8525,imported", "2026-10-02,EUR,USD,1.092,imported",
            ])
        #expect(try listed(["--currency", "jpy"]) == ["2026-10-01,EUR,JPY,161.25,imported", "2026-10-05,EUR,JPY,162.1,imported"])
    }

    @Test("--currency keeps the rows with the currency on either side")
    func currencyEitherSide() throws {
        let file = try write(
            "pairs.csv", "date,from,to,rate\n2026-10-01,GBP,USD,1.2750\n2026-10-01,EUR,GBP,0.8543\n2026-10-01,EUR,USD,1.0912\n")
        #expect(try run(["prices", "import", file]).status == 0)
        #expect(try listed(["--currency", "GBP"]) == ["2026-10-01,EUR,GBP,0.8543,imported", "2026-10-01,GBP,USD,1.275,imported"])
        #expect(try listed(["--currency", "CHF"]) == [])
        let empty = try run(["prices", "--currency", "CHF"])
        #expect(empty.stdout == "No exchange rates. Import some with 'purse prices import FILE...' (the ECB's eurofxref-hist.csv, say).\n")
        let bad = try run(["prices", "--from", "2026-10-02", "--to", "2026-10-01"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --to 2026-10-01 is before --from 2026-10-02.\n"))
    }

    @Test("the example ledger with the example rates: imported and card rates of a week with a weekend, as text, CSV and JSON")
    func exampleListing() throws {
        try Examples.syncedLedger(at: database)
        let imported = try run(["prices", "import", Self.examplesRates])
        #expect(imported.status == 0)
        #expect(imported.stderr == "\(Self.examplesRates): 1044 rates (1044 added, 0 replaced, 0 unchanged)\n")
        let week = ["--from", "2026-05-07", "--to", "2026-05-12"]
        try expectGolden(try run(["prices"] + week).stdout, "week.txt")
        try expectGolden(try run(["prices", "--format", "csv"] + week).stdout, "week.csv")
        try expectGolden(try run(["prices", "--format", "json"] + week).stdout, "week.json")
    }

    @Test("the card's rates are listed without any import: one row per distinct rate of a day, on the purchase's local day")
    func cardRates() throws {
        try Examples.syncedLedger(at: database)
        let card = try listed()
        #expect(!card.isEmpty && card.allSatisfy { $0.hasSuffix(",card") })
        #expect(Set(card.map { $0.split(separator: ",")[1] + "->" + $0.split(separator: ",")[2] }) == ["CAD->USD", "EUR->USD"])
        #expect(Set(card).count == card.count)
        // A trip to Paris from 2026-05-09, every purchase charged at 1.1175: a row a day, however many purchases.
        #expect(
            try listed(["--from", "2026-05-09", "--to", "2026-05-10"]) == [
                "2026-05-09,EUR,USD,1.1175,card", "2026-05-10,EUR,USD,1.1175,card",
            ])
        #expect(try listed(["--currency", "GBP"]) == [])
    }

    @Test("a mistyped subcommand or currency is exit 64 with a suggestion or what it needs, nothing listed")
    func mistyped() throws {
        let command = try run(["prices", "imprt", "rates.csv"])
        #expect(command.status == 64)
        #expect(command.stdout == "")
        #expect(command.stderr.split(separator: "\n").first == "Error: unknown command 'prices imprt'. Did you mean 'prices import'?")
        let currency = try run(["prices", "--currency", "EUX"])
        #expect(currency.status == 64)
        #expect(currency.stdout == "")
        #expect(
            currency.stderr.split(separator: "\n").first == "Error: option '--currency' needs an ISO 4217 code such as USD, not 'EUX'.")
    }
}
