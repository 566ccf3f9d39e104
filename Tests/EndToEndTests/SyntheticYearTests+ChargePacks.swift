import Foundation
import PurseTestSupport
import Storage
import Testing

/// The summary and the anomalies read the months of their year before the last four from the
/// charge packs the sync left: the real binary on the synthetic year gives the same bytes with
/// the packs as without them, reads them (a pack broken by hand stops it), and `status --check`
/// finds the pack broken.
extension SyntheticYearTests {
    private static let packedReports = [
        ["report", "summary", "--month", "2026-09", "--format", "json"],
        ["report", "summary", "--month", "2026-10"],
        ["report", "anomalies", "--month", "2026-09", "--format", "csv"],
    ]

    private func runPacked(_ arguments: [String]) throws -> PurseBinary.Result {
        try purse.run(["--db", database, "--now", SyntheticYear.today] + arguments, environment: ["TZ": "UTC"])
    }

    private func packs() throws -> Int64 {
        try Connection(path: database, readOnly: true).scalarInt("SELECT count(*) FROM charge_packs WHERE length(charges) > 1") ?? 0
    }

    @Test("the same output with the packs, without them, and once the next write has packed them again")
    func sameWithAndWithout() throws {
        // Three accounts, and every month of the year in a bucket with charges.
        #expect(try packs() >= 20)
        let packed = try Self.packedReports.map { try runPacked($0) }
        for result in packed { #expect(result.status == 0 && !result.stdout.isEmpty, "\(result.stderr)") }
        try Connection(path: database).execute("DELETE FROM charge_packs")
        for (arguments, expected) in zip(Self.packedReports, packed) {
            let result = try runPacked(arguments)
            #expect(result.stdout == expected.stdout, "\(arguments)")
            #expect(result.stderr == expected.stderr && result.status == expected.status, "\(arguments)")
        }
        // The next write packs them again.
        #expect(try purse.run(["--db", database, "budget", "set", "Groceries", "400", "--currency", "USD"]).status == 0)
        #expect(try packs() >= 20)
        let status = try purse.run(["--db", database, "status", "--check"])
        #expect(status.status == 0, "\(status.stdout)")
    }

    @Test("a pack changed by hand into bytes that are no pack stops the summary with an error naming it, and the check names it")
    func brokenPackIsRead() throws {
        // January's pack of the checking account, which a summary of September reads.
        try Connection(path: database).execute(
            """
            UPDATE charge_packs SET charges = X'05'
            WHERE rowid = (SELECT rowid FROM charge_packs WHERE length(charges) > 1 ORDER BY bucket, account_id LIMIT 1)
            """)
        let broken = try runPacked(Self.packedReports[0])
        #expect(broken.status != 0 && broken.stdout.isEmpty)
        #expect(broken.stderr.contains("charge_packs.charges") && broken.stderr.contains("bucket 842 of account"), "\(broken.stderr)")
        let status = try purse.run(["--db", database, "status", "--check"])
        #expect(status.status != 0)
        #expect(
            status.stdout.contains(
                "1 charge packs that differ from a packing of their transactions made from scratch (first: the pack of bucket 842"),
            "\(status.stdout)")
    }
}
