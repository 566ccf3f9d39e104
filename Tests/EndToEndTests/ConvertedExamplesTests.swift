import Foundation
import PurseTestSupport
import Storage
import Testing

/// Converting the example household (dollars and pounds) on its own reference rates, where a
/// converted figure must agree with another report's.
@Suite("Converted examples")
struct ConvertedExamplesTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()
    let environment = ["TZ": "America/New_York"]

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        try Examples.syncedLedger(at: database, purse: purse, environment: environment)
        let rates = Examples.walletExport.appendingPathComponent("ecb-rates.csv").path
        try #require(try purse.run(["--db", database, "prices", "import", rates], environment: environment).status == 0)
    }

    func total(_ arguments: [String]) throws -> [String: Any] {
        let result = try run(["report", "spending", "--convert-to", "USD", "--format", "json"] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require((report["totals"] as? [[String: Any]])?.first)
    }

    @Test(
        "a compared month's previous total is that month's own converted total, by any grouping",
        arguments: ["merchant", "mcc", "category"])
    func previousTotal(grouping: String) throws {
        let july = try total(["--month", "2026-07", "--by", grouping])
        let august = try total(["--month", "2026-08", "--by", grouping, "--compare"])
        #expect(august["previous_net"] as? String == july["net"] as? String)
    }

    @Test("a pending transaction months old is converted at its own day's rate in the summary, not left out")
    func oldPending() throws {
        // 2026-05-12 16:00 in New York: the reference file has a rate that day.
        let connection = try Connection(path: database)
        try connection.execute(
            "UPDATE transactions SET transaction_time = 1778616000, transaction_date = '2026-05-12T16:00:00-04:00' "
                + "WHERE id = '1A082A29-E952-45C9-B679-FE25D619BACD'")
        let summary = try run(["--now", "2026-11-02", "report", "summary", "--month", "2026-10", "--convert-to", "EUR", "--format", "json"])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(!summary.stderr.contains("USD"), "\(summary.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])
        #expect((report["unconverted"] as? [Any])?.isEmpty == true, "\(summary.stdout)")
    }

    @Test("a summary made under --now is not remembered; one made on the clock's day is")
    func givenDayNotRemembered() throws {
        #expect(try run(["--now", "2026-11-05", "report", "summary", "--month", "2026-10"]).status == 0)
        let connection = try Connection(path: database, readOnly: true)
        #expect(try connection.scalarInt("SELECT count(*) FROM summaries") == 0)
        #expect(try run(["report", "summary", "--month", "2026-10"]).status == 0)
        #expect(try Connection(path: database, readOnly: true).scalarInt("SELECT count(*) FROM summaries") ?? 0 > 0)
    }

    @Test("--convert-to with picked transactions is a usage error: they carry no rates")
    func pickedRefused() throws {
        let picked = folder.file("picked.csv")
        try "id,date,amount,currency\n".write(toFile: picked, atomically: true, encoding: .utf8)
        let result = try run(["report", "spending", "--input", picked, "--convert-to", "USD"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr.split(separator: "\n").first == "Error: --convert-to needs the ledger's rates; it cannot be used with --input.")
    }

    @Test("a rate that converts past 900 trillion is bad data (exit 65) naming the pair and the day")
    func absurdRate() throws {
        let rates = folder.file("absurd.csv")
        try "date,from,to,rate\n2026-10-05,GBP,USD,999999999999999999\n".write(toFile: rates, atomically: true, encoding: .utf8)
        try #require(try run(["prices", "import", rates]).status == 0)
        let result = try run(["report", "spending", "--month", "2026-10", "--convert-to", "USD"])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix("Error: cannot convert GBP into USD on 2026-10-0"),
            "\(result.stderr)")
        #expect(result.stderr.contains("beyond 900 trillion; see 'purse prices --currency GBP'"), "\(result.stderr)")
    }

    @Test("a budget in every currency says in the plain summary what it could not convert")
    func budgetLeftOutInPlainSummary() throws {
        try Connection(path: database).execute("DELETE FROM exchange_rates")
        let set = try run(["budget", "set", "Groceries", "4000", "--currency", "USD", "--all-currencies", "--from", "2026-10"])
        try #require(set.status == 0, "\(set.stderr)")
        let summary = try run(["--now", "2026-11-05", "report", "summary", "--month", "2026-10"])
        #expect(summary.status == 0)
        #expect(summary.stderr.hasPrefix("Warning: "), "\(summary.stderr)")
        #expect(summary.stderr.contains("GBP transaction"), "\(summary.stderr)")
        #expect(summary.stderr.contains("left out: no GBP->USD rate within 7 days before 2026-10-"), "\(summary.stderr)")
        #expect(summary.stdout.contains("Left out, no rate into USD: "))
    }
}
