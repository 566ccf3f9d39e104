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
        #expect(
            lines.first
                == "merchant,account_id,account,direction,category,currency,cadence,typical_amount,last_amount,last_date,next_date,count,flags,flow"
        )
        #expect(
            lines.contains(
                "Netflix,0688F73D-508E-49A8-B0A2-4A07A7CF4768,Apple Card,debit,Utilities & Telecom,USD,monthly,15.49,15.49,2026-10-07,2026-11-07,12,,expense"
            ))
        #expect(
            lines.contains(
                "Foxtons,1315CED9-24ED-403A-A5BD-DF7A9D26492F,Current Account,debit,Uncategorized,GBP,monthly,1150.00,1150.00,2026-10-01,2026-11-01,12,,expense"
            ))
        // Pay coming in is a series too, a credit of the income flow.
        #expect(
            lines.contains(
                "Brightwell Ltd,1315CED9-24ED-403A-A5BD-DF7A9D26492F,Current Account,credit,Income,GBP,monthly,3400.00,3400.00,2026-10-23,2026-11-23,12,,income"
            ))
        #expect(
            lines.contains(
                "Verizon,0688F73D-508E-49A8-B0A2-4A07A7CF4768,Apple Card,debit,Utilities & Telecom,USD,monthly,90.00,91.67,2026-10-20,2026-11-20,12,price-change,expense"
            ))
        // Groceries and coffee come often but not on a cadence with a steady amount.
        #expect(!csv.stdout.contains("Whole Foods"))
        #expect(!csv.stdout.contains("Starbucks"))

        let text = try purse.run(["--db", database, "report", "recurring"] + range)
        #expect(text.stdout.contains("price-change +$1.67"))
        // Judged a month later, every monthly charge of October is missed.
        let later = try purse.run([
            "--db", database, "report", "recurring", "--from", "2025-12-01", "--to", "2026-12-15", "--format", "csv",
        ])
        #expect(
            later.stdout.contains(
                "Netflix,0688F73D-508E-49A8-B0A2-4A07A7CF4768,Apple Card,debit,Utilities & Telecom,USD,monthly,15.49,15.49,2026-10-07,2026-11-07,11,missed,expense"
            ))
        let json = try purse.run(["--db", database, "report", "recurring", "--format", "json"] + range)
        #expect(json.stdout.contains("\"schema\": \"purse.recurring.v1\""))
        #expect(json.stdout.contains("\"price_change\": \"1.67\""))
    }

    @Test("--month M looks back a year ending with M; a series is per account and amount band, and the text names the account")
    func perAccountSeries() throws {
        typealias F = ExportFixture
        let folder = try TemporaryFolder()
        let purse = PurseBinary()
        let export = try ExportFixture(in: folder.url.appendingPathComponent("export"))
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("ANA", kind: "liability", name: "Ana's Card"), F.account("BEN", kind: "liability", name: "Ben's Card"),
                ]))
        func monthly(_ account: String, _ day: String, _ amount: String, _ merchant: String, _ mcc: Int) -> [String] {
            (5...10).map { month in
                F.transaction(
                    "\(account)-\(merchant)-\(amount)-\(month)", account: account,
                    date: "2026-\(month < 10 ? "0" : "")\(month)-\(day)T12:00:00Z", amount: amount, mcc: mcc, merchant: merchant,
                    description: merchant.uppercased())
            }
        }
        try export.append(
            "transactions/ANA",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: monthly("ANA", "03", "2.99", "Apple", 5818) + monthly("ANA", "15", "10.99", "Apple", 5818)
                    + monthly("ANA", "07", "15.49", "Netflix", 4899)))
        try export.append("transactions/BEN", F.changeSet("T", 1, snapshot: true, inserted: monthly("BEN", "21", "17.99", "Netflix", 4899)))
        let database = folder.file("ledger.sqlite")
        try #require(try purse.run(["--db", database, "sync", export.path]).status == 0)

        let csv = try purse.run(["--db", database, "--tz", "UTC", "report", "recurring", "--month", "2026-10", "--format", "csv"])
        #expect(csv.status == 0)
        #expect(csv.stderr == "")
        #expect(
            csv.stdout == """
                merchant,account_id,account,direction,category,currency,cadence,typical_amount,last_amount,last_date,next_date,count,flags,flow
                Apple,ANA,Ana's Card,debit,Digital & Subscriptions,USD,monthly,2.99,2.99,2026-10-03,2026-11-03,6,,expense
                Apple,ANA,Ana's Card,debit,Digital & Subscriptions,USD,monthly,10.99,10.99,2026-10-15,2026-11-15,6,,expense
                Netflix,ANA,Ana's Card,debit,Utilities & Telecom,USD,monthly,15.49,15.49,2026-10-07,2026-11-07,6,,expense
                Netflix,BEN,Ben's Card,debit,Utilities & Telecom,USD,monthly,17.99,17.99,2026-10-21,2026-11-21,6,,expense

                """)

        let text = try purse.run(["--db", database, "--tz", "UTC", "report", "recurring", "--month", "2026-10"])
        #expect(text.status == 0)
        #expect(
            text.stdout == """
                Recurring charges from 2025-11-01 to 2026-10-31 (times in UTC).

                Merchant              Category              Cadence  Typical    Last  Last date   Next date   Count  Flags
                --------------------  --------------------  -------  -------  ------  ----------  ----------  -----  -----
                Apple                 Digital & Subscript…  monthly    $2.99   $2.99  2026-10-03  2026-11-03      6
                Apple                 Digital & Subscript…  monthly   $10.99  $10.99  2026-10-15  2026-11-15      6
                Netflix (Ana's Card)  Utilities & Telecom   monthly   $15.49  $15.49  2026-10-07  2026-11-07      6
                Netflix (Ben's Card)  Utilities & Telecom   monthly   $17.99  $17.99  2026-10-21  2026-11-21      6

                """, "\(text.stdout)")

        let json = try purse.run(["--db", database, "--tz", "UTC", "report", "recurring", "--month", "2026-10", "--format", "json"])
        #expect(
            json.stdout.contains(
                "\"merchant\": \"Netflix\",\n      \"account_id\": \"BEN\",\n      \"account\": \"Ben's Card\",\n      \"direction\": \"debit\""
            ),
            "\(json.stdout)")
    }

    @Test("the summary's Recurring section shows a new salary as money in, in every format")
    func summaryIncome() throws {
        typealias F = ExportFixture
        let folder = try TemporaryFolder()
        let purse = PurseBinary()
        let export = try ExportFixture(in: folder.url.appendingPathComponent("export"))
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CHK", name: "Everyday")]))
        let pay = (8...10).map { month in
            F.transaction(
                "PAY-\(month)", account: "CHK", date: "2026-\(month < 10 ? "0" : "")\(month)-01T12:00:00Z", amount: "2000.00",
                indicator: "credit", type: "directDeposit", mcc: nil, merchant: "Acme Payroll", description: "ACME PAYROLL")
        }
        try export.append("transactions/CHK", F.changeSet("T", 1, snapshot: true, inserted: pay))
        let database = folder.file("ledger.sqlite")
        try #require(try purse.run(["--db", database, "sync", export.path]).status == 0)
        func summary(_ format: String) throws -> String {
            let result = try purse.run(
                ["--db", database, "--tz", "UTC", "--now", "2026-11-05", "report", "summary", "--month", "2026-10", "--format", format])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        let line = "Acme Payroll (monthly, income): new, $2,000.00 on 1 October 2026"
        #expect(try summary("text").contains("Recurring\n=========\n  \(line)\n"))
        #expect(try summary("html").contains("<li>\(line)</li>"))
        #expect(try summary("csv").contains("recurring,USD,Acme Payroll,flow,income\n"))
        #expect(try summary("json").contains("\"flags\": [\n        \"new\"\n      ],\n      \"flow\": \"income\""))
    }
}
