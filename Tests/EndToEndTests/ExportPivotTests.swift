import Foundation
import PurseTestSupport
import Testing

/// The export's classification columns are the reports' own: a pivot of the export by month and
/// category equals `report spending`, row for row.
@Suite("Export pivot")
struct ExportPivotTests {
    @Test("the example data's export, pivoted by month and category, equals report spending exactly, corrections and rules applied")
    func pivotEqualsSpending() throws {
        let folder = try TemporaryFolder()
        let purse = PurseBinary()
        let database = try Examples.syncedLedger(at: folder.file("ledger.sqlite"), purse: purse)
        let range = ["--from", "2025-11-01", "--to", "2026-10-31"]
        // Corrections count in both: the October rent split, a pharmacy purchase excluded, a coffee re-filed.
        for command in [
            ["split", "0AFBFBD0", "Rent=1000", "Home & Garden=150", "--new"], ["set", "D64C735A", "--exclude"],
            ["rules", "add", "--merchant", "Starbucks", "--category", "Coffee"],
        ] {
            let result = try purse.run(["--db", database] + command)
            try #require(result.status == 0, "\(command): \(result.stderr)")
        }
        let export = try purse.run(["--db", database, "export", "transactions"] + range)
        let spending = try purse.run(["--db", database, "report", "spending", "--format", "csv"] + range)
        try #require(export.status == 0 && spending.status == 0)

        struct Sum: Equatable {
            var spent = 0
            var refunded = 0
            var count = 0
        }
        var pivot: [String: Sum] = [:]
        for row in CSVRows.parse(export.stdout) where row["counted"] == "true" {
            let key = "\(row["transaction_date"]!.prefix(7)) \(row["category"]!) \(row["currency"]!)"
            switch row["flow"] {
            case "expense": pivot[key, default: Sum()].spent += CSVRows.cents(row["amount"]!)
            case "refund": pivot[key, default: Sum()].refunded += CSVRows.cents(row["amount"]!)
            default: continue
            }
            pivot[key]!.count += 1
        }
        var report: [String: Sum] = [:]
        for row in CSVRows.parse(spending.stdout) {
            report["\(row["period"]!) \(row["category"]!) \(row["currency"]!)"] = Sum(
                spent: CSVRows.cents(row["spent"]!), refunded: CSVRows.cents(row["refunded"]!), count: Int(row["count"]!)!)
        }

        #expect(report.count > 100)
        #expect(pivot == report)
        // The rent and council tax of the UK account have no code: Uncategorized until a rule or override files them.
        #expect(report.keys.contains("2026-10 Uncategorized GBP"))
        #expect(report["2026-10 Rent GBP"] == Sum(spent: 100_000, refunded: 0, count: 1))
        #expect(report.keys.contains { $0.hasSuffix(" Coffee USD") })
    }
}
