import Foundation
import PurseTestSupport
import Testing

/// The ledger behind the report golden tests (clock 2026-11-15T12:00Z, TZ UTC): a checking
/// account, an Apple Card and a yen wallet, with income, purchases, a refund, a fee, a card
/// payment matched as an internal transfer, a pending purchase, and merchant names with commas,
/// quotes, a line break, emoji, Japanese text and a leading '='.
struct IncomeExplainLedger {
    typealias F = ExportFixture
    let harness: CLITestHarness

    /// Each test's own copy of the ledger, which is built once.
    init() throws {
        harness = try CLITestHarness(copying: Self.shared)
    }

    static let shared = SharedLedger { database in try build(at: database) }

    static func build(at database: String) throws {
        let harness = try CLITestHarness(database: database)
        let export = try ExportFixture(in: harness.folder.url)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("A1", name: "Checking"), F.account("A2", kind: "liability", name: "Apple Card"),
                    F.account("A3", name: "Yen Wallet", currency: "JPY"),
                ]))
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "I1", account: "A1", date: "2026-10-01T09:00:00Z", amount: "3000.00", indicator: "credit",
                        type: "directDeposit", mcc: nil, merchant: "ACME, Inc.", description: "PAYROLL"),
                    F.transaction(
                        "E3", account: "A1", date: "2026-10-05T12:00:00Z", amount: "1200.00", type: "billPayment",
                        mcc: nil, merchant: nil, description: "RENT OCTOBER"),
                    F.transaction(
                        "I2", account: "A1", date: "2026-10-15T09:00:00Z", amount: "3000.00", indicator: "credit",
                        type: "directDeposit", mcc: nil, merchant: "ACME, Inc.", description: "PAYROLL"),
                    F.transaction(
                        "I4", account: "A1", date: "2026-10-20T12:00:00Z", amount: "25.00", indicator: "credit",
                        type: "deposit", mcc: nil, merchant: "=cmd|' /C calc'!A0", description: "VENMO"),
                    F.transaction(
                        "D1", account: "A1", date: "2026-10-25T12:00:00Z", amount: "500.00", type: "billPayment",
                        mcc: nil, merchant: nil, description: "APPLE CARD PAYMENT"),
                    // 2026-11-01T03:30Z: November in UTC, October in New York.
                    F.transaction(
                        "I3", account: "A1", date: "2026-10-31T23:30:00-04:00", amount: "1.2345", indicator: "credit",
                        type: "interest", mcc: nil, merchant: nil, description: "INTEREST PAID"),
                ]))
        try export.append(
            "transactions/A2",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction("E1", account: "A2", date: "2026-10-03T16:34:56Z", amount: "54.20"),
                    F.transaction(
                        "E2", account: "A2", date: "2026-10-09T12:00:00Z", amount: "40.00", mcc: 5812,
                        merchant: "Café \"Luna\", Bar\nTwo", description: "CAFE LUNA"),
                    F.transaction(
                        "R1", account: "A2", date: "2026-10-10T12:00:00Z", amount: "12.50", indicator: "credit", mcc: 5812,
                        merchant: "Café \"Luna\", Bar\nTwo", description: "CAFE LUNA"),
                    F.transaction(
                        "C1", account: "A2", date: "2026-10-26T08:00:00Z", amount: "500.00", indicator: "credit",
                        type: "billPayment", mcc: nil, merchant: nil, description: "PAYMENT THANK YOU"),
                    F.transaction("P1", account: "A2", date: "2026-10-28T12:00:00Z", amount: "9.99", status: "pending"),
                    F.transaction(
                        "F1", account: "A2", date: "2026-10-29T12:00:00Z", amount: "35.00", type: "fee", mcc: nil,
                        merchant: nil, description: "LATE FEE"),
                    F.transaction("N1", account: "A2", date: "2026-11-02T12:00:00Z", amount: "20.00", merchant: "Trader Joe's"),
                ]))
        try export.append(
            "transactions/A3",
            F.changeSet(
                "Y", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "Y1", account: "A3", date: "2026-10-20T09:00:00+09:00", amount: "1200", currency: "JPY", mcc: 5814,
                        merchant: "🍣 Sushi Zanmai", description: "SUSHI"),
                    F.transaction(
                        "Y2", account: "A3", date: "2026-10-25T10:00:00+09:00", amount: "50000", currency: "JPY",
                        indicator: "credit", type: "deposit", mcc: nil, merchant: nil, description: "給与 振込"),
                ]))
        let synced = harness.run(["sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
    }

    /// Runs purse and expects success with nothing on stderr.
    func output(_ arguments: [String], environment: [String: String] = [:]) -> String {
        let result = harness.run(arguments, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stderr == "", "\(arguments)")
        return result.stdout
    }
}

@Suite("report income")
struct ReportIncomeTests {
    let ledger: IncomeExplainLedger

    init() throws {
        ledger = try IncomeExplainLedger()
    }

    @Test("text: one table per currency, sources by amount, totals, shares and bars")
    func text() {
        #expect(
            ledger.output(["report", "income", "--month", "2026-10"]) == #"""
                Income by source, October 2026

                JPY
                Source      Amount  Count   Share
                ---------  -------  -----  ------  --------------------
                給与 振込  ¥50,000      1  100.0%  ████████████████████
                Total      ¥50,000      1  100.0%

                USD
                Source                 Amount  Count   Share
                ------------------  ---------  -----  ------  --------------------
                ACME, Inc.          $6,000.00      2   99.6%  ████████████████████
                =cmd|' /C calc'!A0     $25.00      1    0.4%  ▏
                Total               $6,025.00      3  100.0%

                """#)
    }

    @Test("CSV: exactly period,source,currency,amount,count; quoting and the formula guard")
    func csv() {
        #expect(
            ledger.output(["report", "income", "--month", "2026-10", "--format", "csv"]) == #"""
                period,source,currency,amount,count
                2026-10,給与 振込,JPY,50000,1
                2026-10,"ACME, Inc.",USD,6000.00,2
                2026-10,'=cmd|' /C calc'!A0,USD,25.00,1

                """#)
    }

    @Test("JSON: schema purse.income.v1, amounts as strings, totals per currency")
    func json() throws {
        let output = ledger.output(["report", "income", "--month", "2026-10", "--format", "json"])
        try expectGolden(output, "income.json")
        #expect(try JSONSerialization.jsonObject(with: Data(output.utf8)) is [String: Any])
    }

    @Test("several months: a Month column, ASCII bars, four fraction digits kept")
    func months() {
        #expect(
            ledger.output(["report", "income", "--from", "2026-10-01", "--to", "2026-11-30", "--ascii"]) == #"""
                Income by source, October 2026 to November 2026

                JPY
                Month    Source      Amount  Count   Share
                -------  ---------  -------  -----  ------  --------------------
                2026-10  給与 振込  ¥50,000      1  100.0%  ####################
                         Total      ¥50,000      1  100.0%

                USD
                Month    Source                   Amount  Count   Share
                -------  ------------------  -----------  -----  ------  --------------------
                2026-10  ACME, Inc.            $6,000.00      2   99.6%  ####################
                2026-10  =cmd|' /C calc'!A0       $25.00      1    0.4%  #
                2026-11  INTEREST PAID           $1.2345      1    0.0%  #
                         Total               $6,026.2345      4  100.0%

                """#)
    }

    @Test("the month of a transaction is read in --tz, else the ledger's zone, whatever TZ the reader has")
    func timeZone() {
        let newYork = ledger.output(["--tz", "America/New_York", "report", "income", "--month", "2026-10", "--format", "csv"])
        #expect(
            newYork == #"""
                period,source,currency,amount,count
                2026-10,給与 振込,JPY,50000,1
                2026-10,"ACME, Inc.",USD,6000.00,2
                2026-10,'=cmd|' /C calc'!A0,USD,25.00,1
                2026-10,INTEREST PAID,USD,1.2345,1

                """#)
        let report = ["report", "income", "--month", "2026-10", "--format", "csv"]
        // The ledger was written under TZ=UTC: its zone is UTC for every reader.
        #expect(ledger.output(report, environment: ["TZ": "America/New_York"]) == ledger.output(report))
        #expect(!ledger.output(report).contains("INTEREST PAID"))
        _ = ledger.output(["--quiet", "config", "set", "time-zone", "America/New_York"])
        #expect(ledger.output(report) == newYork)
    }

    @Test("a month without income, in each format")
    func empty() {
        #expect(
            ledger.output(["report", "income", "--month", "2026-09"]) == #"""
                Income by source, September 2026

                No income in this period.

                """#)
        #expect(
            ledger.output(["report", "income", "--month", "2026-09", "--format", "csv"]) == #"""
                period,source,currency,amount,count

                """#)
        #expect(
            ledger.output(["report", "income", "--month", "2026-09", "--format", "json"]) == #"""
                {
                  "schema": "purse.income.v1",
                  "months": [
                    "2026-09"
                  ],
                  "rows": [],
                  "totals": []
                }

                """#)
    }

    @Test("--currency and --account narrow the report")
    func filters() {
        #expect(
            ledger.output(["report", "income", "--month", "2026-10", "--format", "csv", "--currency", "jpy"])
                == "period,source,currency,amount,count\n2026-10,給与 振込,JPY,50000,1\n")
        #expect(
            ledger.output(["report", "income", "--month", "2026-10", "--format", "csv", "--account", "Apple Card"])
                == "period,source,currency,amount,count\n")
    }
}

@Suite("report cashflow")
struct ReportCashflowTests {
    let ledger: IncomeExplainLedger

    init() throws {
        ledger = try IncomeExplainLedger()
    }

    @Test("text: income, spent, refunded, spending, net and savings rate per currency; transfers excluded and said so")
    func text() {
        #expect(
            ledger.output(["report", "cashflow", "--month", "2026-10"]) == #"""
                Cash flow, October 2026
                Spending is net of refunds. Transfers between your own accounts and card payments are excluded.

                JPY
                Month     Income   Spent  Refunded  Spending      Net  Savings rate
                -------  -------  ------  --------  --------  -------  ------------
                2026-10  ¥50,000  ¥1,200        ¥0    ¥1,200  ¥48,800         97.6%
                Total    ¥50,000  ¥1,200        ¥0    ¥1,200  ¥48,800         97.6%

                USD
                Month       Income      Spent  Refunded   Spending        Net  Savings rate
                -------  ---------  ---------  --------  ---------  ---------  ------------
                2026-10  $6,025.00  $1,329.20    $12.50  $1,316.70  $4,708.30         78.1%
                Total    $6,025.00  $1,329.20    $12.50  $1,316.70  $4,708.30         78.1%
                2 transfers excluded.

                """#)
    }

    @Test("CSV: exactly period,currency,income,spending,net,savings_rate; every month; empty rate without income")
    func csv() {
        #expect(
            ledger.output(["report", "cashflow", "--from", "2026-10-01", "--to", "2026-11-30", "--format", "csv"]) == #"""
                period,currency,income,spending,net,savings_rate
                2026-10,JPY,50000,1200,48800,97.6
                2026-10,USD,6025.00,1316.70,4708.30,78.1
                2026-11,JPY,0,0,0,
                2026-11,USD,1.2345,20.00,-18.7655,-1520.1

                """#)
    }

    @Test("JSON: schema purse.cashflow.v1 with spent and refunded too")
    func json() throws {
        let output = ledger.output(["report", "cashflow", "--month", "2026-10", "--format", "json"])
        try expectGolden(output, "cashflow.json")
        #expect(try JSONSerialization.jsonObject(with: Data(output.utf8)) is [String: Any])
    }

    @Test("a month without income or spending, in each format")
    func empty() {
        #expect(
            ledger.output(["report", "cashflow", "--month", "2026-09"]) == #"""
                Cash flow, September 2026

                No income or spending in this period.

                """#)
        #expect(
            ledger.output(["report", "cashflow", "--month", "2026-09", "--format", "csv"]) == #"""
                period,currency,income,spending,net,savings_rate

                """#)
        #expect(
            ledger.output(["report", "cashflow", "--month", "2026-09", "--format", "json"]) == #"""
                {
                  "schema": "purse.cashflow.v1",
                  "months": [
                    "2026-09"
                  ],
                  "transfers_excluded": true,
                  "rows": [],
                  "totals": []
                }

                """#)
    }

    @Test("spending equals report spending's net; income equals report income's total")
    func agreesWithOtherReports() {
        let spending = ledger.output(["report", "spending", "--month", "2026-10", "--by", "month", "--format", "csv"])
        #expect(spending.contains("\n2026-10,USD,1329.20,12.50,1316.70,5\n"))
        #expect(spending.contains("\n2026-10,JPY,1200,0,1200,1\n"))
        let income = ledger.output(["report", "income", "--month", "2026-10", "--format", "json"])
        #expect(income.contains("\"currency\": \"USD\",\n      \"amount\": \"6025.00\""))
    }

    @Test("the savings rate is rounded once, half to even, and empty without income")
    func savingsRateHalfEven() throws {
        typealias F = ExportFixture
        let harness = try CLITestHarness()
        let export = try ExportFixture(in: harness.folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1", name: "Checking")]))
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "I8", account: "A1", date: "2026-08-01T12:00:00Z", amount: "2000.00", indicator: "credit",
                        type: "directDeposit", mcc: nil, merchant: "ACME", description: "PAYROLL"),
                    F.transaction("E8", account: "A1", date: "2026-08-10T12:00:00Z", amount: "1003.00"),
                    F.transaction(
                        "I9", account: "A1", date: "2026-09-01T12:00:00Z", amount: "2000.00", indicator: "credit",
                        type: "directDeposit", mcc: nil, merchant: "ACME", description: "PAYROLL"),
                    F.transaction("E9", account: "A1", date: "2026-09-10T12:00:00Z", amount: "1001.00"),
                    F.transaction("E10", account: "A1", date: "2026-10-10T12:00:00Z", amount: "10.00"),
                ]))
        #expect(harness.run(["sync", export.path]).status == 0)
        // 997 / 2000 = 49.85 % -> 49.8; 999 / 2000 = 49.95 % -> 50.0; no income -> empty.
        let csv = harness.run(["report", "cashflow", "--from", "2026-08-01", "--to", "2026-10-31", "--format", "csv"])
        #expect(
            csv.stdout == """
                period,currency,income,spending,net,savings_rate
                2026-08,USD,2000.00,1003.00,997.00,49.8
                2026-09,USD,2000.00,1001.00,999.00,50.0
                2026-10,USD,0.00,10.00,-10.00,

                """)
        let json = harness.run(["report", "cashflow", "--from", "2026-08-01", "--to", "2026-10-31", "--format", "json"])
        // 1986 / 4000 = 49.65 % -> 49.6
        #expect(json.stdout.contains("\"net\": \"1986.00\",\n      \"savings_rate\": \"49.6\""))
        #expect(json.stdout.contains("\"net\": \"-10.00\",\n      \"savings_rate\": null"))
        let text = harness.run(["report", "cashflow", "--month", "2026-10"])
        #expect(text.stdout.contains("2026-10   $0.00  $10.00     $0.00    $10.00  -$10.00             -\n"))
    }

    @Test("-o FILE.csv writes CSV to the file")
    func outputFile() throws {
        let file = ledger.harness.folder.file("cashflow.csv")
        #expect(ledger.output(["report", "cashflow", "--month", "2026-10", "-o", file]) == "")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("period,currency,income,spending,net,savings_rate\n"))
    }
}

@Suite("explain")
struct ExplainTests {
    let ledger: IncomeExplainLedger

    init() throws {
        ledger = try IncomeExplainLedger()
    }

    @Test("text: what counted and why, totals per currency, then what did not count and why")
    func text() {
        #expect(
            ledger.output(["explain", "--month", "2026-10"]) == #"""
                Spending explained, October 2026
                Time zone UTC. Booked transactions count; pending and authorized ones only with --include-pending.

                Counted as spending, JPY: 1 transaction
                Date        Account     Merchant          MCC  Flow     Category  Why              Category from   Spent  Refunded
                ----------  ----------  ---------------  ----  -------  --------  ---------------  -------------  ------  --------
                2026-10-20  Yen Wallet  🍣 Sushi Zanmai  5814  expense  Dining    debit (expense)  MCC 5814       ¥1,200
                Total                                                                                             ¥1,200        ¥0
                Net spending JPY: ¥1,200 spent - ¥0 refunded = ¥1,200

                Counted as spending, USD: 5 transactions
                Date        Account     Merchant               MCC  Flow     Category       Why                              Category from                 Spent  Refunded
                ----------  ----------  --------------------  ----  -------  -------------  -------------------------------  ------------------------  ---------  --------
                2026-10-03  Apple Card  Whole Foods Market    5411  expense  Groceries      debit (expense)                  MCC 5411                     $54.20
                2026-10-05  Checking    RENT OCTOBER                expense  Uncategorized  debit (expense)                  type billPayment, no MCC  $1,200.00
                2026-10-09  Apple Card  Café "Luna", Bar Two  5812  expense  Dining         debit (expense)                  MCC 5812                     $40.00
                2026-10-10  Apple Card  Café "Luna", Bar Two  5812  refund   Dining         credit from a merchant (refund)  MCC 5812                               $12.50
                2026-10-29  Apple Card  LATE FEE                    expense  Fees           debit (expense)                  type fee, no MCC             $35.00
                Total                                                                                                                                  $1,329.20    $12.50
                Net spending USD: $1,329.20 spent - $12.50 refunded = $1,316.70

                Not counted as spending: 7 transactions
                Date        Account     Merchant             MCC  Status   Flow      Category   Why                                                     Amount
                ----------  ----------  ------------------  ----  -------  --------  ---------  ---------------------------------------------------  ---------
                2026-10-01  Checking    ACME, Inc.                booked   income    Income     credit (income)                                      $3,000.00
                2026-10-15  Checking    ACME, Inc.                booked   income    Income     credit (income)                                      $3,000.00
                2026-10-20  Checking    =cmd|' /C calc'!A0        booked   income    Income     credit (income)                                         $25.00
                2026-10-25  Yen Wallet  給与 振込                 booked   income    Income     credit (income)                                        ¥50,000
                2026-10-25  Checking    APPLE CARD PAYMENT        booked   transfer  Transfers  internal transfer with C1                             -$500.00
                2026-10-26  Apple Card  PAYMENT THANK YOU         booked   transfer  Transfers  internal transfer with D1                              $500.00
                2026-10-28  Apple Card  Whole Foods Market  5411  pending  expense   Groceries  status pending: counted only with --include-pending     -$9.99

                """#)
    }

    @Test("CSV: the documented columns, counted rows first; signed_amount empty when not counted")
    func csv() {
        #expect(
            ledger.output(["explain", "--month", "2026-10", "--format", "csv"]) == #"""
                date,transaction_id,account,merchant,mcc,status,flow,category,counted,reason,category_source,currency,amount,signed_amount,order_id,person,person_source,merchant_shown
                2026-10-03,E1,Apple Card,Whole Foods Market,5411,booked,expense,Groceries,true,debit (expense),MCC 5411,USD,54.20,54.20,,,,Whole Foods Market
                2026-10-05,E3,Checking,RENT OCTOBER,,booked,expense,Uncategorized,true,debit (expense),"type billPayment, no MCC",USD,1200.00,1200.00,,,,RENT OCTOBER
                2026-10-09,E2,Apple Card,"Café ""Luna"", Bar
                Two",5812,booked,expense,Dining,true,debit (expense),MCC 5812,USD,40.00,40.00,,,,"Café ""Luna"", Bar
                Two"
                2026-10-10,R1,Apple Card,"Café ""Luna"", Bar
                Two",5812,booked,refund,Dining,true,credit from a merchant (refund),MCC 5812,USD,12.50,-12.50,,,,"Café ""Luna"", Bar
                Two"
                2026-10-20,Y1,Yen Wallet,🍣 Sushi Zanmai,5814,booked,expense,Dining,true,debit (expense),MCC 5814,JPY,1200,1200,,,,🍣 Sushi Zanmai
                2026-10-29,F1,Apple Card,LATE FEE,,booked,expense,Fees,true,debit (expense),"type fee, no MCC",USD,35.00,35.00,,,,LATE FEE
                2026-10-01,I1,Checking,"ACME, Inc.",,booked,income,Income,false,credit (income),flow,USD,3000.00,,,,,"ACME, Inc."
                2026-10-15,I2,Checking,"ACME, Inc.",,booked,income,Income,false,credit (income),flow,USD,3000.00,,,,,"ACME, Inc."
                2026-10-20,I4,Checking,'=cmd|' /C calc'!A0,,booked,income,Income,false,credit (income),flow,USD,25.00,,,,,'=cmd|' /C calc'!A0
                2026-10-25,Y2,Yen Wallet,給与 振込,,booked,income,Income,false,credit (income),flow,JPY,50000,,,,,給与 振込
                2026-10-25,D1,Checking,APPLE CARD PAYMENT,,booked,transfer,Transfers,false,internal transfer with C1,flow,USD,500.00,,,,,APPLE CARD PAYMENT
                2026-10-26,C1,Apple Card,PAYMENT THANK YOU,,booked,transfer,Transfers,false,internal transfer with D1,flow,USD,500.00,,,,,PAYMENT THANK YOU
                2026-10-28,P1,Apple Card,Whole Foods Market,5411,pending,expense,Groceries,false,status pending: counted only with --include-pending,MCC 5411,USD,9.99,,,,,Whole Foods Market

                """#)
    }

    @Test("JSON: schema purse.explain.v1, filtered by category ignoring case")
    func json() throws {
        let output = ledger.output(["explain", "--month", "2026-10", "--category", "dining", "--format", "json"])
        try expectGolden(output, "explain-dining.json")
        #expect(try JSONSerialization.jsonObject(with: Data(output.utf8)) is [String: Any])
    }

    @Test("--category: the totals equal that category's row of report spending")
    func category() {
        #expect(
            ledger.output(["explain", "--month", "2026-10", "--category", "dining"]) == #"""
                Spending explained, October 2026
                Only category dining.
                Time zone UTC. Booked transactions count; pending and authorized ones only with --include-pending.

                Counted as spending, JPY: 1 transaction
                Date        Account     Merchant          MCC  Flow     Category  Why              Category from   Spent  Refunded
                ----------  ----------  ---------------  ----  -------  --------  ---------------  -------------  ------  --------
                2026-10-20  Yen Wallet  🍣 Sushi Zanmai  5814  expense  Dining    debit (expense)  MCC 5814       ¥1,200
                Total                                                                                             ¥1,200        ¥0
                Net spending JPY: ¥1,200 spent - ¥0 refunded = ¥1,200

                Counted as spending, USD: 2 transactions
                Date        Account     Merchant               MCC  Flow     Category  Why                              Category from   Spent  Refunded
                ----------  ----------  --------------------  ----  -------  --------  -------------------------------  -------------  ------  --------
                2026-10-09  Apple Card  Café "Luna", Bar Two  5812  expense  Dining    debit (expense)                  MCC 5812       $40.00
                2026-10-10  Apple Card  Café "Luna", Bar Two  5812  refund   Dining    credit from a merchant (refund)  MCC 5812                 $12.50
                Total                                                                                                                  $40.00    $12.50
                Net spending USD: $40.00 spent - $12.50 refunded = $27.50

                """#)
        let spending = ledger.output(["report", "spending", "--month", "2026-10", "--format", "csv"])
        #expect(spending.contains("\n2026-10,Dining,USD,40.00,12.50,27.50,2\n"))
        #expect(spending.contains("\n2026-10,Dining,JPY,1200,0,1200,1\n"))
    }

    @Test("--include-pending counts the pending purchase; --merchant matches ignoring case")
    func includePending() {
        #expect(
            ledger.output(["explain", "--month", "2026-10", "--merchant", "whole", "--include-pending"]) == #"""
                Spending explained, October 2026
                Only merchant contains "whole".
                Time zone UTC. Booked, pending and authorized transactions count.

                Counted as spending, USD: 2 transactions
                Date        Account     Merchant             MCC  Flow     Category   Why              Category from   Spent  Refunded
                ----------  ----------  ------------------  ----  -------  ---------  ---------------  -------------  ------  --------
                2026-10-03  Apple Card  Whole Foods Market  5411  expense  Groceries  debit (expense)  MCC 5411       $54.20
                2026-10-28  Apple Card  Whole Foods Market  5411  expense  Groceries  debit (expense)  MCC 5411        $9.99
                Total                                                                                                 $64.19     $0.00
                Net spending USD: $64.19 spent - $0.00 refunded = $64.19

                """#)
        let spending = ledger.output(["report", "spending", "--month", "2026-10", "--include-pending", "--format", "csv"])
        #expect(spending.contains("\n2026-10,Groceries,USD,64.19,0.00,64.19,2\n"))
    }

    @Test("--mcc keeps only that code; --account narrows like report spending")
    func codeAndAccount() {
        let byCode = ledger.output(["explain", "--month", "2026-10", "--mcc", "5411", "--format", "csv"])
        #expect(byCode.split(separator: "\n").map { $0.split(separator: ",")[1] } == ["transaction_id", "E1", "P1"])
        let byAccount = ledger.output(["explain", "--month", "2026-10", "--account", "Yen Wallet", "--format", "csv"])
        #expect(byAccount.split(separator: "\n").map { $0.split(separator: ",")[1] } == ["transaction_id", "Y1", "Y2"])
    }

    @Test("a month with nothing, in each format")
    func empty() {
        #expect(
            ledger.output(["explain", "--month", "2026-09"]) == #"""
                Spending explained, September 2026
                Time zone UTC. Booked transactions count; pending and authorized ones only with --include-pending.

                Nothing counted as spending.

                """#)
        #expect(
            ledger.output(["explain", "--month", "2026-09", "--format", "csv"]) == #"""
                date,transaction_id,account,merchant,mcc,status,flow,category,counted,reason,category_source,currency,amount,signed_amount,order_id,person,person_source,merchant_shown

                """#)
        #expect(
            ledger.output(["explain", "--month", "2026-09", "--format", "json"]) == #"""
                {
                  "schema": "purse.explain.v1",
                  "months": [
                    "2026-09"
                  ],
                  "time_zone": "UTC",
                  "time_zones": [
                    "UTC"
                  ],
                  "include_pending": false,
                  "filters": {
                    "category": null,
                    "mcc": null,
                    "merchant": null,
                    "people": []
                  },
                  "counted": [],
                  "not_counted": [],
                  "totals": []
                }

                """#)
    }

    @Test(
        "bad options are usage errors (exit 64)",
        arguments: [
            (["--mcc", "12345"], "Error: option '--mcc' needs a code from 0 to 9999, not '12345'"),
            (["--mcc", "food"], "Error: option '--mcc' needs a code from 0 to 9999, not 'food'"),
            (["--category", ""], "Error: option '--category' needs a category name"),
            (["--month", "2026-10", "--from", "2026-10-01"], "Error: use either --month or --from/--to, not both"),
            (["--format", "xml"], "Error: option '--format' must be one of text, csv, json, not 'xml'"),
            // A typo is caught instead of explaining an empty category or account.
            (["--category", "Dinning"], "Error: unknown category 'Dinning' (see 'purse categories'). Did you mean 'Dining'?"),
            (["--category", "Pets"], "Error: unknown category 'Pets' (see 'purse categories')."),
            (
                ["--account", "Aple Card"],
                "Error: no account with the ID or name 'Aple Card' (see 'purse accounts'). Did you mean 'Apple Card'?"
            ),
            (["--account", "Brokerage"], "Error: no account with the ID or name 'Brokerage' (see 'purse accounts')."),
        ])
    func badOptions(arguments: [String], message: String) {
        let result = ledger.harness.run(["explain"] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix(message.hasSuffix(".") || message.hasSuffix("?") ? message + "\n" : message + ".\n"),
            "\(result.stderr)")
        #expect(result.stderr.contains("See 'purse explain --help'."))
    }

    @Test("--category takes any category a transaction can be in: built-in, Income and Transfers, a rule's, in any case")
    func knownCategories() {
        for category in ["fees", "Interest", "CASH", "Uncategorized", "Income", "transfers", "Education"] {
            let result = ledger.harness.run(["explain", "--month", "2026-10", "--category", category, "--format", "csv"])
            #expect(result.status == 0, "\(category): \(result.stderr)")
        }
        #expect(
            ledger.output(["explain", "--month", "2026-10", "--category", "Fees", "--format", "csv"])
                .split(separator: "\n").map { $0.split(separator: ",")[1] } == ["transaction_id", "F1"])
        let unknown = ledger.harness.run(["explain", "--category", "Coffee"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr == """
                Error: unknown category 'Coffee' (see 'purse categories').
                Usage: purse explain [options]
                See 'purse explain --help'.

                """)
        #expect(ledger.harness.run(["rules", "add", "--merchant", "luna", "--category", "Coffee"]).status == 0)
        let coffee = ledger.output(["explain", "--month", "2026-10", "--category", "coffee", "--format", "csv"])
        #expect(coffee.contains("\n2026-10-09,E2,") && coffee.contains("\n2026-10-10,R1,") && !coffee.contains(",E1,"), "\(coffee)")
    }
}
