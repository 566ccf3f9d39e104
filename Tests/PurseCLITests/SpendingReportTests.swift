import Foundation
import PurseTestSupport
import Testing

/// `report spending` on a small ledger: golden text, CSV and JSON for every grouping, several
/// currencies, a negative net, awkward merchant names and an empty month.
@Suite("Report spending")
struct SpendingReportTests {
    typealias F = ExportFixture
    let harness: CLITestHarness

    init() throws {
        harness = try CLITestHarness()
        let export = try ExportFixture(in: harness.folder.url)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("CARD", kind: "liability", name: "Apple Card"), F.account("CASH", name: "Apple Cash"),
                    F.account("UK", name: "Monzo", currency: "GBP", institution: "Monzo"),
                ]))
        try export.append(
            "transactions/CARD",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "C01", account: "CARD", date: "2026-10-02T12:00:00Z", amount: "120.00", mcc: 5411, merchant: "Whole Foods, Market"),
                    F.transaction(
                        "C02", account: "CARD", date: "2026-10-03T12:00:00Z", amount: "45.5", mcc: 5812, merchant: "Joe's \"Diner\""),
                    F.transaction(
                        "C03", account: "CARD", date: "2026-10-04T12:00:00Z", amount: "12.3456", mcc: 5814, merchant: "☕️ Blue\nBottle"),
                    F.transaction(
                        "C04", account: "CARD", date: "2026-10-05T12:00:00Z", amount: "80.00", indicator: "credit", type: "refund",
                        mcc: 5732, merchant: "=Best Buy"),
                    F.transaction("C05", account: "CARD", date: "2026-10-06T12:00:00Z", amount: "20.00", mcc: 5732, merchant: "=Best Buy"),
                    F.transaction(
                        "C06", account: "CARD", date: "2026-10-07T12:00:00Z", amount: "9.99", status: "pending", mcc: 5815,
                        merchant: "Netflix"),
                    F.transaction(
                        "C07", account: "CARD", date: "2026-10-08T12:00:00Z", amount: "1.00", status: "memo", mcc: 5411, merchant: "Memo"),
                    F.transaction(
                        "C08", account: "CARD", date: "2026-10-09T12:00:00Z", amount: "500.00", indicator: "credit", type: "billPayment",
                        mcc: nil, merchant: nil, description: "PAYMENT THANK YOU"),
                    F.transaction(
                        "C09", account: "CARD", date: "2026-10-10T12:00:00Z", amount: "2.00", type: "fee", mcc: nil, merchant: nil,
                        description: "FOREIGN TX FEE"),
                    F.transaction(
                        "C10", account: "CARD", date: "2026-09-12T12:00:00Z", amount: "100.00", mcc: 5411, merchant: "Whole Foods, Market"),
                ]))
        try export.append(
            "transactions/CASH",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "K1", account: "CASH", date: "2026-10-09T13:00:00Z", amount: "500.00", type: "billPayment", mcc: nil,
                        merchant: nil, description: "APPLE CARD PAYMENT"),
                    F.transaction(
                        "K2", account: "CASH", date: "2026-10-01T09:00:00Z", amount: "2000.00", indicator: "credit",
                        type: "directDeposit", mcc: nil, merchant: nil, description: "ACME PAYROLL"),
                ]))
        try export.append(
            "transactions/UK",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "U1", account: "UK", date: "2026-10-11T12:00:00+01:00", amount: "30.00", currency: "GBP", mcc: 5411,
                        merchant: "Sainsbury's"),
                    F.transaction(
                        "U2", account: "UK", date: "2026-10-12T12:00:00+01:00", amount: "50.00", currency: "GBP", type: "atm",
                        mcc: 6011, merchant: nil, description: "ATM LONDON"),
                ]))
        let synced = harness.run(["sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
    }

    @Test("by category, CSV: exact columns, period, net descending, per currency")
    func byCategoryCSV() {
        let result = harness.run(["report", "spending", "--month", "2026-10", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                period,category,currency,spent,refunded,net,count
                2026-10,Groceries,USD,120.00,0.00,120.00,1
                2026-10,Dining,USD,57.8456,0.00,57.8456,2
                2026-10,Cash,GBP,50.00,0.00,50.00,1
                2026-10,Groceries,GBP,30.00,0.00,30.00,1
                2026-10,Fees,USD,2.00,0.00,2.00,1
                2026-10,Shopping,USD,20.00,80.00,-60.00,2

                """)
    }

    @Test("pending counts only with --include-pending")
    func includePending() {
        let without = harness.run(["report", "spending", "--month", "2026-10", "--format", "csv", "--by", "merchant"])
        #expect(!without.stdout.contains("Netflix"))
        let with = harness.run(["report", "spending", "--month", "2026-10", "--format", "csv", "--by", "merchant", "--include-pending"])
        #expect(with.stdout.contains("2026-10,Netflix,Digital & Subscriptions,USD,9.99,0.00,9.99,1\n"))
    }

    @Test("by merchant, CSV: awkward names quoted and guarded")
    func byMerchantCSV() {
        let result = harness.run(["report", "spending", "--month", "2026-10", "--format", "csv", "--by", "merchant", "--currency", "USD"])
        #expect(
            result.stdout == #"""
                period,merchant,category,currency,spent,refunded,net,count
                2026-10,"Whole Foods, Market",Groceries,USD,120.00,0.00,120.00,1
                2026-10,"Joe's ""Diner""",Dining,USD,45.50,0.00,45.50,1
                2026-10,"☕️ Blue
                Bottle",Dining,USD,12.3456,0.00,12.3456,1
                2026-10,FOREIGN TX FEE,Fees,USD,2.00,0.00,2.00,1
                2026-10,'=Best Buy,Shopping,USD,20.00,80.00,-60.00,2

                """#)
    }

    @Test("by mcc, CSV: the code's description; no MCC gives empty cells")
    func byCodeCSV() {
        let result = harness.run(["report", "spending", "--month", "2026-10", "--format", "csv", "--by", "mcc", "--currency", "USD"])
        #expect(result.stdout.hasPrefix("period,mcc,description,category,currency,spent,refunded,net,count\n"))
        #expect(result.stdout.contains("2026-10,5411,\"Grocery Stores, Supermarkets\",Groceries,USD,120.00,0.00,120.00,1\n"))
        #expect(result.stdout.contains("2026-10,,,Fees,USD,2.00,0.00,2.00,1\n"))
    }

    @Test("by account and by month over two months")
    func byAccountAndMonth() {
        let byAccount = harness.run([
            "report", "spending", "--from", "2026-09-01", "--to", "2026-10-31", "--format", "csv", "--by", "account",
        ])
        #expect(
            byAccount.stdout == """
                period,account_id,account,currency,spent,refunded,net,count
                2026-09,CARD,Apple Card,USD,100.00,0.00,100.00,1
                2026-10,CARD,Apple Card,USD,199.8456,80.00,119.8456,6
                2026-10,UK,Monzo,GBP,80.00,0.00,80.00,2

                """)
        let byMonth = harness.run(["report", "spending", "--from", "2026-09-01", "--to", "2026-10-31", "--format", "csv", "--by", "month"])
        #expect(
            byMonth.stdout == """
                period,currency,spent,refunded,net,count
                2026-09,USD,100.00,0.00,100.00,1
                2026-10,USD,199.8456,80.00,119.8456,6
                2026-10,GBP,80.00,0.00,80.00,2

                """)
    }

    @Test("text: a table per currency with totals, shares and bars; --compare adds the previous month")
    func text() {
        let result = harness.run(["report", "spending", "--month", "2026-10", "--currency", "USD", "--compare"])
        #expect(
            result.stdout == """
                Spending by category, October 2026

                USD
                Category       Spent  Refunded        Net   Share  Previous              Change
                ---------  ---------  --------  ---------  ------  --------  ------------------  --------------------
                Groceries    $120.00     $0.00    $120.00  100.1%   $100.00    +$20.00 (+20.0%)  ████████████████████
                Dining      $57.8456     $0.00   $57.8456   48.3%     $0.00           +$57.8456  █████████▋
                Fees           $2.00     $0.00      $2.00    1.7%     $0.00              +$2.00  ▍
                Shopping      $20.00    $80.00    -$60.00  -50.1%     $0.00             -$60.00
                Total      $199.8456    $80.00  $119.8456  100.0%   $100.00  +$19.8456 (+19.8%)

                """, "\(result.stdout)")
    }

    @Test("an empty month says so; CSV has just the header; JSON has empty rows")
    func empty() {
        let text = harness.run(["report", "spending", "--month", "2025-01"])
        #expect(text.stdout == "Spending by category, January 2025\n\nNo spending in this period.\n")
        let csv = harness.run(["report", "spending", "--month", "2025-01", "--format", "csv"])
        #expect(csv.stdout == "period,category,currency,spent,refunded,net,count\n")
        let json = harness.run(["report", "spending", "--month", "2025-01", "--format", "json"])
        #expect(json.stdout.contains("\"rows\": []"))
    }

    @Test("JSON: schema name, amounts as strings")
    func json() throws {
        let result = harness.run(["report", "spending", "--month", "2026-10", "--format", "json", "--currency", "GBP"])
        #expect(
            result.stdout == """
                {
                  "schema": "purse.spending.v1",
                  "by": "category",
                  "months": [
                    "2026-10"
                  ],
                  "rows": [
                    {
                      "period": "2026-10",
                      "category": "Cash",
                      "currency": "GBP",
                      "spent": "50.00",
                      "refunded": "0.00",
                      "net": "50.00",
                      "count": 1
                    },
                    {
                      "period": "2026-10",
                      "category": "Groceries",
                      "currency": "GBP",
                      "spent": "30.00",
                      "refunded": "0.00",
                      "net": "30.00",
                      "count": 1
                    }
                  ],
                  "totals": [
                    {
                      "currency": "GBP",
                      "spent": "80.00",
                      "refunded": "0.00",
                      "net": "80.00",
                      "count": 2
                    }
                  ]
                }

                """)
    }

    @Test("--ascii draws bars with # only")
    func ascii() {
        let result = harness.run(["report", "spending", "--month", "2026-10", "--currency", "GBP", "--ascii"])
        #expect(result.stdout.contains("#"))
        #expect(!result.stdout.contains("█"))
        let locale = harness.run(["report", "spending", "--month", "2026-10", "--currency", "GBP"], environment: ["LANG": "C"])
        #expect(!locale.stdout.contains("█"))
    }
}
