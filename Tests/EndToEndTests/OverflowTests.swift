import Foundation
import PurseTestSupport
import Testing

/// A ledger whose totals do not fit 64 bits: every report says so (exit 65, one `Error:` line)
/// and none traps. Each amount is the largest a Wallet export may hold (900 trillion), so two of
/// them already overflow.
///
/// Checking (asset, USD): balances 900T credit on 2026-10-01 and 900T debit on 2026-10-20, two
/// booked grocery expenses of 900T between them. Savings (asset, USD): balance 900T credit on
/// 2026-10-01, two income deposits of 900T.
@Suite("Totals too large to hold")
struct OverflowTests {
    typealias F = ExportFixture
    static let huge = "900000000000000"

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        let export = try ExportFixture(in: folder.url)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("CHK", name: "Checking"), F.account("SAV", name: "Savings"),
                ]))
        try export.append(
            "balances/CHK",
            F.changeSet(
                "B", 1, snapshot: true,
                inserted: [
                    F.balance("B1", account: "CHK", amount: Self.huge, asOf: "2026-10-01T00:00:00Z"),
                    F.balance("B2", account: "CHK", amount: Self.huge, asOf: "2026-10-20T00:00:00Z", indicator: "debit"),
                ]))
        try export.append(
            "balances/SAV",
            F.changeSet(
                "B", 1, snapshot: true,
                inserted: [
                    F.balance("B3", account: "SAV", amount: Self.huge, asOf: "2026-10-01T00:00:00Z")
                ]))
        try export.append(
            "transactions/CHK",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction("T1", account: "CHK", date: "2026-10-05T12:00:00Z", amount: Self.huge),
                    F.transaction("T2", account: "CHK", date: "2026-10-06T12:00:00Z", amount: Self.huge),
                ]))
        try export.append(
            "transactions/SAV",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "T3", account: "SAV", date: "2026-10-07T12:00:00Z", amount: Self.huge, indicator: "credit",
                        type: "deposit", mcc: nil, merchant: "Employer", description: "PAYROLL"),
                    F.transaction(
                        "T4", account: "SAV", date: "2026-10-08T12:00:00Z", amount: Self.huge, indicator: "credit",
                        type: "deposit", mcc: nil, merchant: "Employer", description: "PAYROLL"),
                ]))
        let synced = try purse.run(["--db", database, "sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
        let budget = try purse.run(["--db", database, "budget", "set", "Groceries", "400", "--from", "2026-10"])
        try #require(budget.status == 0, "\(budget.stderr)")
    }

    @Test(
        "every report: exit 65 and one clear error line, nothing on stdout",
        arguments: [
            ["report", "spending", "--month", "2026-10"],
            ["report", "spending", "--month", "2026-10", "--by", "merchant"],
            ["report", "spending", "--month", "2026-10", "--by", "month", "--format", "csv"],
            ["report", "spending", "--month", "2026-11", "--compare"],
            ["report", "income", "--month", "2026-10"],
            ["report", "cashflow", "--month", "2026-10"],
            ["report", "trend", "--from", "2026-10-01", "--to", "2026-10-31", "--every", "day"],
            ["report", "networth", "--from", "2026-10-01", "--to", "2026-10-02", "--every", "day"],
            ["report", "drift"],
            ["report", "budget", "--month", "2026-10"],
            ["budget", "check", "--month", "2026-10"],
            ["report", "summary", "--month", "2026-10"],
            ["report", "summary", "--month", "2026-10", "--format", "email"],
            ["explain", "--month", "2026-10"],
        ])
    func everyReport(arguments: [String]) throws {
        let result = try purse.run(["--db", database] + arguments)
        #expect(result.status == 65, "\(arguments): \(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: a USD total is too large to hold\n")
    }

    @Test("listings that add nothing up still show the amounts")
    func listings() throws {
        let export = try purse.run(["--db", database, "export", "transactions"])
        #expect(export.status == 0)
        #expect(export.stdout.contains(",900000000000000.00,-900000000000000.00,USD,"))
        #expect(try purse.run(["--db", database, "accounts"]).status == 0)
    }
}
