import Foundation
import PurseTestSupport
import Testing

/// `report trend`, `report networth` and `report drift` on a small ledger with two currencies,
/// a card (negative balances), an account observed late and one drift: golden CSV, JSON and text.
@Suite("Balance reports")
struct BalanceReportTests {
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
                    F.account("SAV", name: "Savings"), F.account("CARD", kind: "liability", name: "Apple Card"),
                    F.account("EUR", name: "=Girokonto", currency: "EUR", institution: "N26"),
                ]))
        try export.append(
            "balances/SAV",
            F.changeSet(
                "B", 1, snapshot: true,
                inserted: [
                    F.balance("S1", account: "SAV", amount: "1000.00", asOf: "2026-08-15T12:00:00Z"),
                    F.balance("S2", account: "SAV", amount: "1200.00", asOf: "2026-09-30T18:00:00Z"),
                    F.balance("S3", account: "SAV", amount: "1150.5", asOf: "2026-11-02T09:00:00Z"),
                ]))
        try export.append(
            "balances/CARD",
            F.changeSet(
                "B", 1, snapshot: true,
                inserted: [
                    F.balance("C1", account: "CARD", amount: "250.00", asOf: "2026-09-10T12:00:00Z", indicator: "debit"),
                    F.balance("C2", account: "CARD", amount: "400.00", asOf: "2026-10-31T23:00:00Z", indicator: "debit"),
                ]))
        try export.append(
            "balances/EUR",
            F.changeSet(
                "B", 1, snapshot: true,
                inserted: [
                    F.balance("E1", account: "EUR", amount: "500.00", currency: "EUR", asOf: "2026-10-05T08:00:00Z")
                ]))
        try export.append(
            "transactions/SAV",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "K1", account: "SAV", date: "2026-09-01T12:00:00Z", amount: "200.00", indicator: "credit",
                        type: "deposit", mcc: nil, merchant: nil, description: "TRANSFER IN"),
                    F.transaction(
                        "K2", account: "SAV", date: "2026-10-15T12:00:00Z", amount: "49.50", type: "withdrawal", mcc: nil,
                        merchant: nil, description: "TRANSFER OUT"),
                ]))
        // The card misses $50.00 of purchases between its two observations.
        try export.append(
            "transactions/CARD",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction("P1", account: "CARD", date: "2026-10-03T12:00:00Z", amount: "60.00"),
                    F.transaction("P2", account: "CARD", date: "2026-10-20T12:00:00Z", amount: "40.00"),
                    F.transaction("P3", account: "CARD", date: "2026-10-25T12:00:00Z", amount: "25.00", status: "pending"),
                ]))
        let synced = harness.run(["sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
    }

    static let range = ["--from", "2026-08-01", "--to", "2026-11-15"]

    @Test("trend CSV: every (date, account), empty before the first observation")
    func trendCSV() {
        let result = harness.run(["report", "trend", "--format", "csv"] + Self.range)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                date,account_id,account,currency,balance
                2026-08-31,EUR,'=Girokonto,EUR,
                2026-08-31,CARD,Apple Card,USD,
                2026-08-31,SAV,Savings,USD,1000.00
                2026-09-30,EUR,'=Girokonto,EUR,
                2026-09-30,CARD,Apple Card,USD,-250.00
                2026-09-30,SAV,Savings,USD,1200.00
                2026-10-31,EUR,'=Girokonto,EUR,500.00
                2026-10-31,CARD,Apple Card,USD,-400.00
                2026-10-31,SAV,Savings,USD,1200.00
                2026-11-15,EUR,'=Girokonto,EUR,500.00
                2026-11-15,CARD,Apple Card,USD,-400.00
                2026-11-15,SAV,Savings,USD,1150.50

                """, "\(result.stdout)")
    }

    @Test("trend JSON")
    func trendJSON() throws {
        let result = harness.run(["report", "trend", "--format", "json", "--account", "apple card", "--account", "EUR"] + Self.range)
        #expect(result.status == 0)
        try expectGolden(result.stdout, "trend.json")
    }

    @Test("trend text: a line per account with a sparkline, then the balances")
    func trendText() {
        let result = harness.run(["report", "trend"] + Self.range)
        #expect(
            result.stdout == """
                Balances at the end of each month, 2026-08-01 to 2026-11-15

                Account     Currency      First       Last    Change  Trend
                ----------  --------  ---------  ---------  --------  -----
                =Girokonto  EUR         €500.00    €500.00     €0.00    ▅▅
                Apple Card  USD        -$250.00   -$400.00  -$150.00   █▁▁
                Savings     USD       $1,000.00  $1,150.50  +$150.50  ▁██▆

                Date        =Girokonto  Apple Card    Savings
                ----------  ----------  ----------  ---------
                2026-08-31                          $1,000.00
                2026-09-30                -$250.00  $1,200.00
                2026-10-31     €500.00    -$400.00  $1,200.00
                2026-11-15     €500.00    -$400.00  $1,150.50

                """, "\(result.stdout)")
        let ascii = harness.run(["report", "trend", "--ascii", "--account", "Savings"] + Self.range)
        #expect(
            ascii.stdout == """
                Balances at the end of each month, 2026-08-01 to 2026-11-15

                Account  Currency      First       Last    Change  Trend
                -------  --------  ---------  ---------  --------  -----
                Savings  USD       $1,000.00  $1,150.50  +$150.50  _##+

                Date          Savings
                ----------  ---------
                2026-08-31  $1,000.00
                2026-09-30  $1,200.00
                2026-10-31  $1,200.00
                2026-11-15  $1,150.50

                """, "\(ascii.stdout)")
    }

    @Test("networth CSV, JSON and text")
    func netWorth() throws {
        let csv = harness.run(["report", "networth", "--format", "csv"] + Self.range)
        #expect(csv.status == 0)
        #expect(
            csv.stdout == """
                date,currency,assets,liabilities,net_worth
                2026-08-31,USD,1000.00,0.00,1000.00
                2026-09-30,USD,1200.00,-250.00,950.00
                2026-10-31,EUR,500.00,0.00,500.00
                2026-10-31,USD,1200.00,-400.00,800.00
                2026-11-15,EUR,500.00,0.00,500.00
                2026-11-15,USD,1150.50,-400.00,750.50

                """, "\(csv.stdout)")
        let json = harness.run(["report", "networth", "--format", "json", "--from", "2026-10-30", "--to", "2026-11-01", "--every", "day"])
        try expectGolden(json.stdout, "networth-days.json")
        let text = harness.run(["report", "networth"] + Self.range)
        #expect(
            text.stdout == """
                Net worth at the end of each month, 2026-08-01 to 2026-11-15

                Currency      First     Last    Change  Trend
                --------  ---------  -------  --------  -----
                EUR         €500.00  €500.00     €0.00    ▅▅
                USD       $1,000.00  $750.50  -$249.50  █▇▂▁

                EUR
                Date         Assets  Liabilities  Net worth
                ----------  -------  -----------  ---------
                2026-10-31  €500.00        €0.00    €500.00
                2026-11-15  €500.00        €0.00    €500.00

                USD
                Date           Assets  Liabilities  Net worth
                ----------  ---------  -----------  ---------
                2026-08-31  $1,000.00        $0.00  $1,000.00
                2026-09-30  $1,200.00     -$250.00    $950.00
                2026-10-31  $1,200.00     -$400.00    $800.00
                2026-11-15  $1,150.50     -$400.00    $750.50

                """, "\(text.stdout)")
    }

    @Test("drift CSV, JSON and text; --fail-on-drift exits 1 after writing the report")
    func drift() {
        let csv = harness.run(["report", "drift", "--format", "csv"])
        #expect(csv.status == 0)
        #expect(
            csv.stdout == """
                account_id,account,currency,from,to,observed,derived,drift,first_day
                CARD,Apple Card,USD,2026-09-10,2026-10-31,-400.00,-350.00,-50.00,2026-10-31

                """, "\(csv.stdout)")
        let json = harness.run(["report", "drift", "--format", "json"])
        #expect(
            json.stdout == """
                {
                  "schema": "purse.drift.v1",
                  "accounts_checked": 3,
                  "pairs_checked": 3,
                  "pairs_skipped": 0,
                  "drift_found": true,
                  "divergence_count": 1,
                  "rows": [
                    {
                      "account_id": "CARD",
                      "account": "Apple Card",
                      "currency": "USD",
                      "from": "2026-09-10",
                      "to": "2026-10-31",
                      "observed": "-400.00",
                      "derived": "-350.00",
                      "drift": "-50.00",
                      "first_day": "2026-10-31"
                    }
                  ]
                }

                """, "\(json.stdout)")
        let text = harness.run(["report", "drift"])
        #expect(
            text.stdout == """
                Reconciliation drift: 1 divergence between observed balances and the booked transactions.
                Checked 3 pairs of consecutive balance observations in 3 accounts.

                Account     From        To          Observed   Derived    Drift  First day
                ----------  ----------  ----------  --------  --------  -------  ----------
                Apple Card  2026-09-10  2026-10-31  -$400.00  -$350.00  -$50.00  2026-10-31

                """, "\(text.stdout)")
        let failing = harness.run(["report", "drift", "--fail-on-drift"])
        #expect(failing.status == 1)
        #expect(failing.stdout == text.stdout)
        #expect(failing.stderr == "")
        let clean = harness.run(["report", "drift", "--fail-on-drift", "--account", "Savings"])
        #expect(clean.status == 0)
        #expect(
            clean.stdout == """
                No drift: every balance observation agrees with the transactions.
                Checked 2 pairs of consecutive balance observations in 1 account.

                """, "\(clean.stdout)")
    }

    @Test("defaults: --to today, --from 12 months before, monthly; weeks end on Sundays; --tz moves day ends")
    func defaultsAndPeriods() {
        let defaults = harness.run(["report", "networth", "--format", "csv"])
        let dates = defaults.stdout.split(separator: "\n").dropFirst().map { String($0.prefix(10)) }
        #expect(Set(dates).sorted() == ["2026-08-31", "2026-09-30", "2026-10-31", "2026-11-15"])
        let all = harness.run(["report", "trend", "--format", "json"])
        #expect(all.stdout.contains("\"from\": \"2025-11-15\",\n  \"to\": \"2026-11-15\""))
        #expect(all.stdout.contains("\"2025-11-30\",\n    \"2025-12-31\","))
        let weeks = harness.run([
            "report", "trend", "--format", "csv", "--account", "CARD", "--account", "SAV", "--every", "week",
            "--from", "2026-10-26", "--to", "2026-11-11",
        ])
        #expect(
            weeks.stdout == """
                date,account_id,account,currency,balance
                2026-11-01,CARD,Apple Card,USD,-400.00
                2026-11-01,SAV,Savings,USD,1200.00
                2026-11-08,CARD,Apple Card,USD,-400.00
                2026-11-08,SAV,Savings,USD,1150.50
                2026-11-11,CARD,Apple Card,USD,-400.00
                2026-11-11,SAV,Savings,USD,1150.50

                """, "\(weeks.stdout)")
        // In Tokyo the card's 2026-10-31T23:00Z observation is on 2026-11-01.
        let tokyo = harness.run([
            "--tz", "Asia/Tokyo", "report", "trend", "--format", "csv", "--account", "CARD", "--every", "day",
            "--from", "2026-10-31", "--to", "2026-11-01",
        ])
        #expect(
            tokyo.stdout == """
                date,account_id,account,currency,balance
                2026-10-31,CARD,Apple Card,USD,-250.00
                2026-11-01,CARD,Apple Card,USD,-400.00

                """, "\(tokyo.stdout)")
    }

    @Test(
        "usage errors",
        arguments: [
            (["report", "trend", "--every", "year"], "option '--every' must be day, week or month, not 'year'"),
            (["report", "networth", "--from", "2026-11-02", "--to", "2026-11-01"], "--to 2026-11-01 is before --from 2026-11-02"),
            (["report", "trend", "--account", "nope"], "no account with the ID or name 'nope' (see 'purse accounts')"),
            (["report", "drift", "--account", "nope"], "no account with the ID or name 'nope' (see 'purse accounts')"),
            (["report", "trend", "--from", "2026-13-01"], "option '--from' needs a date YYYY-MM-DD, not '2026-13-01'"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let result = harness.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        let command = arguments.prefix(2).joined(separator: " ")
        #expect(
            result.stderr == "Error: \(message).\nUsage: purse \(command) [options]\nSee 'purse \(command) --help'.\n",
            "\(result.stderr)")
    }
}

/// The three reports on a ledger without accounts: a header, empty lists, a sentence.
@Suite("Balance reports, empty ledger")
struct EmptyBalanceReportTests {
    let harness: CLITestHarness

    init() throws {
        harness = try CLITestHarness()
        try harness.createLedger()
    }

    @Test("no accounts")
    func empty() {
        let range = ["--from", "2026-10-01", "--to", "2026-11-15"]
        #expect(harness.run(["report", "trend", "--format", "csv"] + range).stdout == "date,account_id,account,currency,balance\n")
        #expect(harness.run(["report", "networth", "--format", "csv"] + range).stdout == "date,currency,assets,liabilities,net_worth\n")
        #expect(
            harness.run(["report", "drift", "--format", "csv"]).stdout
                == "account_id,account,currency,from,to,observed,derived,drift,first_day\n")
        let trend = harness.run(["report", "trend"] + range)
        #expect(
            trend.stdout == """
                Balances at the end of each month, 2026-10-01 to 2026-11-15

                No accounts yet: run 'purse sync PATH' on a Wallet export.

                """, "\(trend.stdout)")
        let netWorth = harness.run(["report", "networth"] + range)
        #expect(
            netWorth.stdout == """
                Net worth at the end of each month, 2026-10-01 to 2026-11-15

                No balances in this period.

                """, "\(netWorth.stdout)")
        let drift = harness.run(["report", "drift", "--fail-on-drift"])
        #expect(drift.status == 0)
        #expect(
            drift.stdout == """
                No drift: every balance observation agrees with the transactions.
                Checked 0 pairs of consecutive balance observations in 0 accounts.

                """, "\(drift.stdout)")
        let trendJSON = harness.run(["report", "trend", "--format", "json"] + range)
        #expect(
            trendJSON.stdout == """
                {
                  "schema": "purse.trend.v1",
                  "from": "2026-10-01",
                  "to": "2026-11-15",
                  "every": "month",
                  "dates": [
                    "2026-10-31",
                    "2026-11-15"
                  ],
                  "accounts": [],
                  "rows": []
                }

                """, "\(trendJSON.stdout)")
        let netWorthJSON = harness.run(["report", "networth", "--format", "json"] + range)
        #expect(
            netWorthJSON.stdout == """
                {
                  "schema": "purse.networth.v1",
                  "from": "2026-10-01",
                  "to": "2026-11-15",
                  "every": "month",
                  "dates": [
                    "2026-10-31",
                    "2026-11-15"
                  ],
                  "currencies": [],
                  "rows": []
                }

                """, "\(netWorthJSON.stdout)")
        let driftJSON = harness.run(["report", "drift", "--format", "json"])
        #expect(
            driftJSON.stdout == """
                {
                  "schema": "purse.drift.v1",
                  "accounts_checked": 0,
                  "pairs_checked": 0,
                  "pairs_skipped": 0,
                  "drift_found": false,
                  "divergence_count": 0,
                  "rows": []
                }

                """, "\(driftJSON.stdout)")
    }
}
