import Foundation
import PurseTestSupport
import Testing

/// `--currency` on every command that filters by it, through the real binary: a code no
/// account holds is a usage error naming the currencies held, never an empty report; a code a
/// hidden account holds is held.
@Suite("--currency: only a currency the ledger holds")
struct CurrencyFilterTests: PurseLedgerSuite {
    typealias F = ExportFixture

    /// Every command whose options filter by `--currency`, with what it needs besides; the
    /// command-line suite checks that the option tables have no other
    /// (`CommandLineTests.currencyFilterCommands`).
    static let commands: [[String]] = [
        ["report", "spending"], ["report", "income"], ["report", "recurring"], ["report", "upcoming"], ["report", "cashflow"],
        ["report", "fx"], ["explain"], ["rules", "test"], ["categories", "--uncategorized"], ["merchants"],
    ]

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    /// A USD and a GBP account, and a hidden JPY one.
    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        let export = try ExportFixture(in: folder.url)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("A1", name: "Checking"), F.account("A2", name: "Current", currency: "GBP"),
                    F.account("A3", kind: "liability", name: "Travel Card", currency: "JPY"),
                ]))
        for (account, currency, amount) in [("A1", "USD", "54.20"), ("A2", "GBP", "12.00"), ("A3", "JPY", "3000")] {
            try export.append(
                "transactions/\(account)",
                F.changeSet(
                    "T\(account)", 1, snapshot: true,
                    inserted: [F.transaction("\(account)-T1", account: account, amount: amount, currency: currency)]))
        }
        let synced = try purse.run(["--db", database, "sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
        try #require(try purse.run(["--db", database, "accounts", "set", "Travel Card", "--hidden"]).status == 0)
    }

    /// `command` over October 2026; `report upcoming` takes no period, it looks ahead of today.
    func run(_ command: [String], _ more: [String]) throws -> PurseBinary.Result {
        try run(command + (command == ["report", "upcoming"] ? [] : ["--month", "2026-10"]) + more)
    }

    @Test("a code no account holds (XYZ, EUR, one of two) is exit 64 naming the currencies held", arguments: commands)
    func unheld(command: [String]) throws {
        for given in [
            ["--currency", "XYZ"], ["--currency", "eur"], ["--currency", "USD,EUR"], ["--currency", "USD", "--currency", "EUR"],
        ] {
            let result = try run(command, given)
            let code = given.contains("XYZ") ? "XYZ" : "EUR"
            #expect(result.status == 64, "\(command) \(given)")
            #expect(result.stdout == "", "\(command) \(given)")
            #expect(
                result.stderr.split(separator: "\n").first == "Error: no account holds \(code); the ledger holds GBP, JPY, USD.",
                "\(command) \(given): \(result.stderr)")
        }
    }

    @Test("a held code reports; one only a hidden account holds is held too (its rows come with --all)", arguments: commands)
    func held(command: [String]) throws {
        let dollars = try run(command, ["--currency", "usd", "--format", "csv"])
        #expect(dollars.status == 0, "\(command): \(dollars.stderr)")
        let yen = try run(command, ["--currency", "JPY", "--all", "--format", "csv"])
        #expect(yen.status == 0, "\(command): \(yen.stderr)")
        #expect(try run(command, ["--currency", "JPY"]).status == 0)
    }

    @Test("the spending report's numbers: USD alone, and the hidden account's JPY with --all")
    func heldNumbers() throws {
        let dollars = try run(["report", "spending"], ["--currency", "USD", "--format", "csv"])
        #expect(dollars.stdout.split(separator: "\n").dropFirst() == ["2026-10,Groceries,USD,54.20,0.00,54.20,1"])
        let yen = try run(["report", "spending"], ["--currency", "JPY", "--all", "--format", "csv"])
        #expect(yen.stdout.split(separator: "\n").dropFirst() == ["2026-10,Groceries,JPY,3000,0,3000,1"])
    }

    @Test("with --input the currencies held are the file's")
    func pickedFile() throws {
        let file = folder.file("picked.csv")
        try #require(try purse.run(["--db", database, "export", "transactions", "--account", "Checking", "-o", file]).status == 0)
        let result = try purse.run(["report", "spending", "--input", file, "--month", "2026-10", "--currency", "GBP"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: no account holds GBP; the file holds USD.\n"), "\(result.stderr)")
    }

    @Test("the list of categories takes no period options: --currency there is a usage error")
    func categoriesList() throws {
        let result = try purse.run(["--db", database, "categories", "--currency", "USD"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: option '--currency' goes with --uncategorized.\n"))
    }
}
