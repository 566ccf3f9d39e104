import Foundation
import PurseTestSupport
import Testing

/// A month whose spending passes the 64-bit limit for a while: the stored summary stays exact
/// through it, so once a row goes the report and `status --check` are right again.
@Suite("A summary total past 64 bits")
struct SummaryOverflowTests: PurseLedgerSuite {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let database: String
    let export: ExportFixture
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CHK", name: "Checking")]))
    }

    /// Two rows of `large` and one of 1.00 in October, synced in one change set.
    @Test(
        "too large while both large rows are there; exact again once one is deleted, and the check passes",
        arguments: [
            ("899999999999999.9999", "900000000000000.9999", "$900,000,000,000,000.9999"),
            ("900000000000000", "900000000000001.00", "$900,000,000,000,001.00"),
        ])
    func exactAfterDeletion(large: String, csvTotal: String, textTotal: String) throws {
        try export.append(
            "transactions/CHK",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction("T1", account: "CHK", date: "2026-10-05T12:00:00Z", amount: large),
                    F.transaction("T2", account: "CHK", date: "2026-10-06T12:00:00Z", amount: large),
                    F.transaction("T3", account: "CHK", date: "2026-10-07T12:00:00Z", amount: "1.00"),
                ]))
        let first = try run(["sync", export.path])
        try #require(first.status == 0, "\(first.stderr)")
        let tooLarge = try run(["report", "spending", "--month", "2026-10"])
        #expect(tooLarge.status == 65)
        #expect(tooLarge.stderr == "Error: a USD total is too large to hold\n")
        #expect(tooLarge.stdout == "")
        // The check sums the same way: a total too large to report is still exact.
        let checkTooLarge = try run(["status", "--check"])
        #expect(checkTooLarge.status == 0, "\(checkTooLarge.stdout)\(checkTooLarge.stderr)")

        try export.append("transactions/CHK", F.changeSet("T", 2, deleted: ["T1"]))
        let second = try run(["sync", export.path])
        try #require(second.status == 0, "\(second.stderr)")

        let report = try run(["report", "spending", "--month", "2026-10", "--format", "csv"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(
            report.stdout == "period,category,currency,spent,refunded,net,count\n2026-10,Groceries,USD,\(csvTotal),0.00,\(csvTotal),2\n")
        let text = try run(["report", "spending", "--month", "2026-10"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Total      \(textTotal)"), "\(text.stdout)")
        let check = try run(["status", "--check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
