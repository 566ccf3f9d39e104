import Foundation
import PurseTestSupport
import Testing

/// `export transactions` and `transactions`: the fixed CSV columns, spreadsheet safety, amounts
/// in the currency's digits, local dates, and every filter.
@Suite("Export and list transactions")
struct ExportTransactionsTests {
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
                    F.account("A1", kind: "liability", name: "Apple Card"), F.account("A2", name: "Yen Wallet", currency: "JPY"),
                ]))
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction("C1", account: "A1", date: "2026-10-01T02:30:00Z", amount: "54.20", merchant: "=HYPERLINK(\"x\")"),
                    F.transaction(
                        "C2", account: "A1", date: "2026-10-15T12:00:00-04:00", amount: "3.1415", indicator: "credit",
                        type: "refund", mcc: 5812, merchant: "Café \"Luna\", Bar\nTwo", description: "-REFUND"),
                    F.transaction(
                        "C3", account: "A1", date: "2026-10-31T23:30:00-04:00", amount: "0.50", status: "pending",
                        type: "fee", mcc: nil, merchant: nil, description: "LATE FEE",
                        extra: ""),
                ]))
        try export.append(
            "transactions/A2",
            F.changeSet(
                "Y", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "Y1", account: "A2", date: "2026-10-20T09:00:00+09:00", amount: "1200", currency: "JPY",
                        mcc: 5814, merchant: "🍣 Sushi Zanmai", description: "SUSHI")
                ]))
        let synced = harness.run(["sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
    }

    @Test("CSV has exactly the documented columns, RFC 4180 quoting and the formula guard")
    func csvGolden() {
        let result = harness.run(["export", "transactions"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                id,account_id,account,transaction_date,posted_date,status,type,direction,amount,signed_amount,currency,foreign_amount,foreign_currency,exchange_rate,mcc,merchant,description,original_description,flow,category,category_source,counted,note,tags,order_id,merchant_shown,person
                C1,A1,Apple Card,2026-10-01,,booked,pointOfSale,debit,54.20,-54.20,USD,,,,5411,"'=HYPERLINK(""x"")",WHOLE FOODS,WHOLE FOODS 0001,expense,Groceries,MCC 5411,true,,,,"'=HYPERLINK(""x"")",
                C2,A1,Apple Card,2026-10-15,,booked,refund,credit,3.1415,3.1415,USD,,,,5812,"Café ""Luna"", Bar
                Two",'-REFUND,'-REFUND 0001,refund,Dining,MCC 5812,true,,,,"Café ""Luna"", Bar
                Two",
                Y1,A2,Yen Wallet,2026-10-20,,booked,pointOfSale,debit,1200,-1200,JPY,,,,5814,🍣 Sushi Zanmai,SUSHI,SUSHI 0001,expense,Dining,MCC 5814,true,,,,🍣 Sushi Zanmai,
                C3,A1,Apple Card,2026-11-01,,pending,fee,debit,0.50,-0.50,USD,,,,,,LATE FEE,LATE FEE 0001,expense,Fees,"type fee, no MCC",false,,,,LATE FEE,

                """)
    }

    @Test("dates are local days of --tz, else the ledger's zone (the TZ of its first write), whatever the reader's TZ")
    func timeZones() {
        let newYork = harness.run(["--tz", "America/New_York", "export", "transactions", "--account", "A1"])
        #expect(newYork.stdout.contains("C1,A1,Apple Card,2026-09-30,"))
        #expect(newYork.stdout.contains("C3,A1,Apple Card,2026-10-31,"))
        let fromEnvironment = harness.run(["export", "transactions", "--account", "A1"], environment: ["TZ": "America/New_York"])
        #expect(fromEnvironment.stdout == harness.run(["export", "transactions", "--account", "A1"]).stdout)
        #expect(fromEnvironment.stdout.contains("C1,A1,Apple Card,2026-10-01,"))
        #expect(harness.run(["config", "set", "time-zone", "America/New_York"]).status == 0)
        #expect(harness.run(["export", "transactions", "--account", "A1"]).stdout == newYork.stdout)
        let badZone = harness.run(["--tz", "Mars/Olympus", "transactions"])
        #expect(badZone.status == 64)
        #expect(badZone.stderr.hasPrefix("Error: unknown time zone 'Mars/Olympus'"))
    }

    @Test(
        "filters: month, days, account by name, MCC list, merchant text, status, type, limit, offset, sort",
        arguments: [
            (["--month", "2026-10"], ["C1", "C2", "Y1"]),
            (["--from", "2026-10-15", "--to", "2026-10-20"], ["C2", "Y1"]),
            (["--account", "yen wallet"], ["Y1"]),
            (["--mcc", "5411,5814"], ["C1", "Y1"]),
            (["--merchant", "café"], ["C2"]),
            (["--merchant", "late"], ["C3"]),
            (["--status", "pending"], ["C3"]),
            (["--type", "refund,fee"], ["C2", "C3"]),
            (["--sort", "-amount", "--limit", "2"], ["Y1", "C1"]),
            (["--sort", "amount", "--offset", "1", "--limit", "1"], ["C2"]),
            (["--sort", "-date"], ["C3", "Y1", "C2", "C1"]),
        ])
    func filters(arguments: [String], ids: [String]) {
        let result = harness.run(["export", "transactions"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").dropFirst().filter { $0.first?.isUppercase == true && $0.contains(",A") }
        #expect(rows.map { String($0.prefix(while: { $0 != "," })) } == ids)
    }

    @Test(
        "bad filter values are usage errors (exit 64)",
        arguments: [
            (["--month", "2026-13"], "Error: option '--month' needs YYYY-MM, this or last, not '2026-13'"),
            (["--from", "yesterday"], "Error: option '--from' needs a date YYYY-MM-DD, not 'yesterday'"),
            (
                ["--status", "cleared"],
                "Error: option '--status': unknown value 'cleared' (one of authorized, booked, memo, pending, rejected)"
            ),
            (["--sort", "size"], "Error: option '--sort' must be date, -date, amount or -amount, not 'size'"),
            (["--account", "Nope"], "Error: no account with the ID or name 'Nope' (see 'purse accounts')"),
            (["--month", "2026-10", "--from", "2026-10-01"], "Error: use either --month or --from/--to, not both"),
            (["--format", "xml"], "Error: option '--format' must be one of csv, json, not 'xml'"),
        ])
    func badFilters(arguments: [String], message: String) {
        let result = harness.run(["export", "transactions"] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(message + ".\n"), "\(result.stderr)")
        #expect(result.stderr.contains("See 'purse export transactions --help'."))
    }

    @Test("JSON export keeps amounts as strings and has a schema name")
    func json() {
        let result = harness.run(["export", "transactions", "--format", "json", "--account", "Yen Wallet"])
        #expect(result.status == 0)
        #expect(
            result.stdout.hasPrefix(
                "{\n  \"schema\": \"purse.transactions.v1\",\n  \"time_zone\": \"UTC\",\n  \"time_zones\": [\"UTC\"],\n"
                    + "  \"transactions\": [\n    {\"id\":\"Y1\""))
        #expect(result.stdout.contains("\"transaction_timestamp\":\"2026-10-20T09:00:00+09:00\",\"time_zone\":\"UTC\","))
        #expect(result.stdout.contains("\"amount\":\"1200\",\"signed_amount\":\"-1200\",\"currency\":\"JPY\""))
        #expect(result.stdout.contains("\"mcc\":5814"))
        let parsed = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        #expect(parsed != nil)
    }

    @Test("-o FILE writes the file (mode 0600) and its extension picks the format")
    func outputFile() throws {
        let file = harness.folder.file("out.json")
        let result = harness.run(["export", "transactions", "-o", file])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("\"schema\": \"purse.transactions.v1\""))
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("the text list is an aligned table with signed amounts in the currency's form")
    func textTable() {
        let result = harness.run(["transactions", "--account", "A1", "--month", "2026-10"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Date        Account     Merchant               MCC  Category   Type         Status   Amount
                ----------  ----------  --------------------  ----  ---------  -----------  ------  -------
                2026-10-01  Apple Card  =HYPERLINK("x")       5411  Groceries  pointOfSale  booked  -$54.20
                2026-10-15  Apple Card  Café "Luna", Bar Two  5812  Dining     refund       booked  $3.1415

                """)
        #expect(result.stderr == "2 transactions\n")
    }
}
