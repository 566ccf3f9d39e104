import Foundation
import PurseTestSupport
import Testing

/// `report spending` read a part at a time (by merchant, a month each) where a part's days are
/// not its rows' months: a day whose first instants are the day before's, and totals too large to hold
/// found in another part than their rows. Through the real binary, on ledgers made here.
@Suite("Spending read a month at a time, at the months' edges")
struct SpendingPartsEdgeTests {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A ledger synced from `accounts` and, per account, its transactions.
    func ledger(_ name: String, accounts: [String], transactions: [String: [String]]) throws -> String {
        let database = folder.file("\(name).sqlite")
        let export = try ExportFixture(in: folder.url.appendingPathComponent(name))
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: accounts))
        for (account, inserted) in transactions.sorted(by: { $0.key < $1.key }) {
            try export.append("transactions/\(account)", F.changeSet("T", 1, snapshot: true, inserted: inserted))
        }
        let sync = try purse.run(["--db", database, "sync", export.path])
        try #require(sync.status == 0, "\(sync.stderr)")
        return database
    }

    /// St. John's turned its clocks back from 00:01 to 23:01 on 2009-11-01: 02:45Z is 23:15 on
    /// 31 October there, yet after the first start of 1 November. The November part reads it, as
    /// October's; it is one October row with the October part's, as when the two months are read
    /// at once.
    @Test(
        "a charge November's part reads as October's is in October's one row",
        arguments: [["--tz", "America/St_Johns"], ["--tz", "America/St_Johns", "--compare"]])
    func aDayThatBeginsTheDayBefore(options: [String]) throws {
        #expect(try stJohnsRows(from: "2009-10-01", to: "2009-11-30", options) == ["2009-10 Shop 30.00 2", "2009-11 Shop 30.00 1"])
    }

    /// The same charge in a report that begins on 1 November is of October, as when the months are
    /// read at once: the first month's part has the rows of the months before it too. A report that
    /// ends on 31 October ends before it.
    @Test(
        "a report's first month has the rows of the day before's instants, its last leaves out those of the day after",
        arguments: [[String](), ["--compare"]])
    func theDayBeforeAtTheReportsEdges(options: [String]) throws {
        let zone = ["--tz", "America/St_Johns"]
        #expect(
            try stJohnsRows(from: "2009-11-01", to: "2009-12-31", zone + options)
                == ["2009-10 Shop 20.00 1", "2009-11 Shop 30.00 1"] + (options.isEmpty ? [] : ["2009-12 Shop 0.00 0"]))
        #expect(try stJohnsRows(from: "2009-09-01", to: "2009-10-31", zone + options) == ["2009-10 Shop 10.00 1"])
    }

    /// With `--person`, each transaction is counted as it is read, not summed by SQL: a month's
    /// part must leave out the day it reads of each month beside it there too, in the months
    /// compared with as well. Purchases on each month's first and last days, of one person on an
    /// Apple Card Family statement.
    @Test("by merchant with --person, the days read past each month's edges count once", arguments: [[String](), ["--compare"]])
    func aPersonsMonthEdges(options: [String]) throws {
        let statement = folder.file("family.csv")
        try """
        Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD),Purchased By
        07/01/2026,07/01/2026,"SHOP C",Shop C,Grocery,Purchase,5.00,Ana Doe
        08/31/2026,08/31/2026,"SHOP C",Shop C,Grocery,Purchase,6.00,Ana Doe
        09/30/2026,09/30/2026,"SHOP A",Shop A,Grocery,Purchase,10.00,Ana Doe
        10/01/2026,10/01/2026,"SHOP A",Shop A,Grocery,Purchase,20.00,Ana Doe
        10/31/2026,10/31/2026,"SHOP A",Shop A,Grocery,Purchase,30.00,Ana Doe
        11/01/2026,11/01/2026,"SHOP A",Shop A,Grocery,Purchase,40.00,Ana Doe
        11/02/2026,11/02/2026,"SHOP B",Shop B,Grocery,Purchase,50.00,Ben Doe

        """.write(toFile: statement, atomically: true, encoding: .utf8)
        let database = folder.file("family.sqlite")
        let imported = try purse.run([
            "--db", database, "import", statement, "--new-account", "Family Card", "--kind", "liability", "--currency", "USD",
        ])
        try #require(imported.status == 0, "\(imported.stderr)")
        let result = try purse.run(
            [
                "--db", database, "--now", "2026-12-01", "report", "spending", "--by", "merchant", "--person", "Ana Doe", "--from",
                "2026-09-01", "--to", "2026-11-30", "--format", "json",
            ] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(
            rows.map { "\($0["period"]!) \($0["merchant"]!) \($0["spent"]!) \($0["count"]!) \($0["previous_net"] ?? "-")" }
                == (options.isEmpty
                    ? ["2026-09 Shop A 10.00 1 -", "2026-10 Shop A 50.00 2 -", "2026-11 Shop A 40.00 1 -"]
                    : [
                        "2026-09 Shop A 10.00 1 0.00", "2026-10 Shop A 50.00 2 0.00", "2026-10 Shop C 0.00 0 5.00",
                        "2026-11 Shop A 40.00 1 0.00", "2026-11 Shop C 0.00 0 6.00",
                    ]))
    }

    /// `report spending --by merchant` of three charges at St. John's change of clocks, from a
    /// synced ledger and from `--input`, which must agree: each row as "period merchant spent count".
    private func stJohnsRows(from: String, to: String, _ options: [String]) throws -> [String] {
        let charges = [
            F.transaction("T1", account: "A1", date: "2009-10-15T12:00:00Z", amount: "10.00", mcc: 5310, merchant: "Shop"),
            F.transaction("T2", account: "A1", date: "2009-11-01T02:45:00Z", amount: "20.00", mcc: 5310, merchant: "Shop"),
            F.transaction("T3", account: "A1", date: "2009-11-10T12:00:00Z", amount: "30.00", mcc: 5310, merchant: "Shop"),
        ]
        let name = "stjohns-\(from)-\(to)-\(options.count)"
        let database = try ledger(name, accounts: [F.account("A1", name: "Checking")], transactions: ["A1": charges])
        let input = folder.file("\(name).jsonl")
        try Data(([F.account("A1", name: "Checking")] + charges).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: input))
        let report = ["report", "spending", "--by", "merchant", "--from", from, "--to", to, "--format", "json"]
        var answers: [[String]] = []
        for (path, source) in [(database, [String]()), (folder.file("none.sqlite"), ["--input", input])] {
            let result = try purse.run(["--db", path, "--now", "2026-11-20"] + report + source + options)
            #expect(result.status == 0, "\(source): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(source)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let rows = try #require(json["rows"] as? [[String: Any]])
            answers.append(rows.map { "\($0["period"]!) \($0["merchant"]!) \($0["spent"]!) \($0["count"]!)" })
        }
        #expect(answers[0] == answers[1], "the ledger and --input")
        return answers[0]
    }

    /// Two accounts in euros and two in dollars, each with one charge of 800 trillion: each row
    /// holds, both currencies' totals overflow. The error names the first currency by code every
    /// time, as when the totals were added after every row; by merchant the same when the rows
    /// that overflow are a month after the total that does.
    @Test("a total too large to hold is named by the first currency's code, run after run")
    func overflowNamesTheFirstCurrency() throws {
        var accounts: [String] = []
        var transactions: [String: [String]] = [:]
        for (index, (id, currency)) in [("E1", "EUR"), ("E2", "EUR"), ("U1", "USD"), ("U2", "USD")].enumerated() {
            accounts.append(F.account(id, name: "Account \(id)", currency: currency))
            transactions[id] = [
                F.transaction(
                    "T\(id)", account: id, date: "2025-01-10T12:00:00Z", amount: "800000000000000.00", currency: currency, mcc: 5411,
                    merchant: "Shop \(index)")
            ]
        }
        transactions["U1", default: []] += ["T1", "T2"].map {
            F.transaction($0, account: "U1", date: "2025-02-10T12:00:00Z", amount: "800000000000000.00", mcc: 5411, merchant: "Omega")
        }
        let database = try ledger("overflow", accounts: accounts, transactions: transactions)
        let reports = [
            (["--by", "account", "--month", "2025-01"], "EUR"), (["--by", "merchant", "--month", "2025-01"], "EUR"),
            (["--by", "merchant", "--from", "2025-01-01", "--to", "2025-02-28"], "USD"),
        ]
        for (options, currency) in reports {
            for _ in 0..<6 {
                let result = try purse.run(["--db", database, "--now", "2026-11-20", "report", "spending"] + options)
                #expect(result.status == 65, "\(options)")
                #expect(result.stdout.isEmpty, "\(options)")
                #expect(result.stderr == "Error: a \(currency) total is too large to hold\n", "\(options)")
            }
        }
    }
}
