import Foundation
import PurseTestSupport
import Testing

/// `report recurring` through the real binary on the example data.
@Suite("Recurring report")
struct RecurringReportTests {
    @Test("the example's subscriptions, rent and bills are found monthly; Verizon's last bill is a price change; noise is not")
    func example() throws {
        let folder = try TemporaryFolder()
        let purse = PurseBinary()
        let database = try Examples.syncedLedger(at: folder.file("ledger.sqlite"), purse: purse)
        let range = ["--from", "2025-11-01", "--to", "2026-10-31"]

        let csv = try purse.run(["--db", database, "report", "recurring", "--format", "csv"] + range)

        #expect(csv.status == 0)
        #expect(csv.stderr == "")
        let lines = csv.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "merchant,category,currency,cadence,typical_amount,last_amount,last_date,next_date,count,flags")
        #expect(lines.contains("Netflix,Utilities & Telecom,USD,monthly,15.49,15.49,2026-10-07,2026-11-07,12,"))
        #expect(lines.contains("Foxtons,Uncategorized,GBP,monthly,1150.00,1150.00,2026-10-01,2026-11-01,12,"))
        #expect(lines.contains("Verizon,Utilities & Telecom,USD,monthly,90.00,91.67,2026-10-20,2026-11-20,12,price-change"))
        // Groceries and coffee come often but not on a cadence with a steady amount.
        #expect(!csv.stdout.contains("Whole Foods"))
        #expect(!csv.stdout.contains("Starbucks"))

        let text = try purse.run(["--db", database, "report", "recurring"] + range)
        #expect(text.stdout.contains("price-change +$1.67"))
        // Judged a month later, every monthly charge of October is missed.
        let later = try purse.run([
            "--db", database, "report", "recurring", "--from", "2025-12-01", "--to", "2026-12-15", "--format", "csv",
        ])
        #expect(later.stdout.contains("Netflix,Utilities & Telecom,USD,monthly,15.49,15.49,2026-10-07,2026-11-07,11,missed"))
        let json = try purse.run(["--db", database, "report", "recurring", "--format", "json"] + range)
        #expect(json.stdout.contains("\"schema\": \"purse.recurring.v1\""))
        #expect(json.stdout.contains("\"price_change\": \"1.67\""))
    }
}
