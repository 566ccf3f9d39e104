import Foundation
import PurseTestSupport
import Testing

/// Two people's phones in one database (Ana's and Ben's iPhone), each with an "Apple Card":
/// reports keep the accounts apart, `accounts` tells them apart, and `accounts set` gives an
/// account a name, a time zone or a hidden flag that every later sync keeps.
@Suite("Accounts stay apart, and the user's settings of them")
struct AccountSettingsTests {
    typealias F = ExportFixture
    let harness: CLITestHarness
    var exports: [String: ExportFixture] = [:]

    init() throws {
        harness = try CLITestHarness()
        exports = try TwoPhonesFixture.sync(into: harness)
    }

    func sync(_ export: ExportFixture) throws {
        let synced = harness.run(["sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
    }

    @Test("spending by account is by account ID: two Apple Cards are two rows, told apart by their source in text")
    func spendingByAccount() {
        let csv = harness.run(["report", "spending", "--month", "2026-10", "--by", "account", "--format", "csv"])
        #expect(
            csv.stdout == """
                period,account_id,account,currency,spent,refunded,net,count
                2026-10,B-CARD,Apple Card,USD,20.00,0.00,20.00,1
                2026-10,A-CARD,Apple Card,USD,10.00,0.00,10.00,1

                """)
        let json = harness.run(["report", "spending", "--month", "2026-10", "--by", "account", "--format", "json"]).stdout
        #expect(json.contains("\"account_id\": \"B-CARD\",\n      \"account\": \"Apple Card\","))
        let text = harness.run(["report", "spending", "--month", "2026-10", "--by", "account"]).stdout
        #expect(text.contains("\nApple Card (Ben's iPhone)  $20.00"), "\(text)")
        #expect(text.contains("\nApple Card (Ana's iPhone)  $10.00"), "\(text)")
        // A name only one account has needs no suffix.
        #expect(harness.run(["accounts", "set", "A-CARD", "--name", "Ana's card"]).status == 0)
        let renamed = harness.run(["report", "spending", "--month", "2026-10", "--by", "account"]).stdout
        #expect(renamed.contains("\nApple Card  $20.00") && renamed.contains("\nAna's card  $10.00"), "\(renamed)")
    }

    @Test("trend and the summary's balances tell the two Apple Cards apart in text; CSV keeps the name and the ID")
    func balancesTellApart() {
        let trend = harness.run(["report", "trend", "--from", "2026-10-01", "--to", "2026-10-31"])
        #expect(
            trend.stdout.contains("\nApple Card (Ana's iPhone)  ") && trend.stdout.contains("\nApple Card (Ben's iPhone)  "),
            "\(trend.stdout)")
        #expect(!trend.stdout.contains("Savings ("))
        let csv = harness.run(["report", "trend", "--from", "2026-10-01", "--to", "2026-10-31", "--format", "csv"]).stdout
        #expect(csv.contains("2026-10-31,B-CARD,Apple Card,USD,10.00\n"))
        let summary = harness.run(["report", "summary", "--month", "2026-10", "--no-record"]).stdout
        #expect(summary.contains("\nApple Card (Ana's iPhone)  ") && summary.contains("\nApple Card (Ben's iPhone)  "), "\(summary)")
        // The summary's CSV has no ID column: its item is the name told apart.
        let summaryCSV = harness.run(["report", "summary", "--month", "2026-10", "--no-record", "--format", "csv"]).stdout
        #expect(summaryCSV.contains("\nbalance,USD,Apple Card (Ben's iPhone),balance,10.00\n"), "\(summaryCSV)")
    }

    @Test("transactions, explain and drift tell the two Apple Cards apart in text; CSV keeps the name")
    func listingsTellApart() throws {
        let listing = harness.run(["transactions", "--month", "2026-10"]).stdout
        #expect(listing.contains("  Apple Card (Ana's iPhone)  ") && listing.contains("  Apple Card (Ben's iPhone)  "), "\(listing)")
        #expect(harness.run(["export", "transactions", "--month", "2026-10"]).stdout.contains(",A-CARD,Apple Card,"))
        let explain = harness.run(["explain", "--month", "2026-10"]).stdout
        #expect(explain.contains("  Apple Card (Ana's iPhone)  ") && explain.contains("  Apple Card (Ben's iPhone)  "), "\(explain)")
        // An earlier balance the transactions do not explain: each card drifts.
        for (person, prefix) in [("Ana", "A"), ("Ben", "B")] {
            let export = try #require(exports[person])
            try export.append(
                "balances/\(prefix)-CARD",
                F.changeSet(
                    "B", 2, inserted: [F.balance(prefix + "B0", account: prefix + "-CARD", amount: "50.00", asOf: "2026-10-01T12:00:00Z")]))
            try sync(export)
        }
        let drift = harness.run(["report", "drift"]).stdout
        #expect(drift.contains("\nApple Card (Ana's iPhone)  ") && drift.contains("\nApple Card (Ben's iPhone)  "), "\(drift)")
    }

    @Test("accounts shows each account's source, zone and a short ID in text, every ID in CSV and JSON")
    func accountsList() {
        let text = harness.run(["accounts"]).stdout
        #expect(
            text == """
                Account      Kind       Institution  Currency  Balance  As of                 Time zone  Source        ID
                -----------  ---------  -----------  --------  -------  --------------------  ---------  ------------  --------
                Ana Savings  asset      Apple        USD                no balance yet        UTC        Ana's iPhone  A-SAVING
                Apple Card   liability  Apple        USD        $10.00  2026-10-31T23:00:00Z  UTC        Ana's iPhone  A-CARD
                Apple Card   liability  Apple        USD        $10.00  2026-10-31T23:00:00Z  UTC        Ben's iPhone  B-CARD
                Ben Savings  asset      Apple        USD                no balance yet        UTC        Ben's iPhone  B-SAVING

                """, "\(text)")
        let csv = harness.run(["accounts", "--format", "csv"]).stdout
        #expect(csv.hasPrefix("id,account,kind,institution,currency,balance,balance_as_of,source,source_id,time_zone,hidden\n"))
        #expect(
            csv.contains(
                "B-CARD,Apple Card,liability,Apple,USD,10.00,2026-10-31T23:00:00Z,Ben's iPhone,7D1E8F90-3A68-4D9F-8C8B-1E7C2A4F0B22,UTC,false\n"
            ))
        let json = harness.run(["accounts", "--format", "json"]).stdout
        #expect(
            json.contains(
                "\"source_id\": \"7D1E8F90-3A68-4D9F-8C8B-1E7C2A4F0B22\",\n      \"time_zone\": \"UTC\",\n      \"hidden\": false"))
    }

    @Test("As of is told in the account's zone as it is now: after accounts set --tz, in the new zone's offset")
    func asOfInAccountZone() throws {
        try #require(harness.run(["accounts", "set", "B-CARD", "--tz", "Asia/Tokyo"]).status == 0)
        let text = harness.run(["accounts"]).stdout
        #expect(
            text.contains(
                "Apple Card   liability  Apple        USD        $10.00  2026-11-01T08:00:00+09:00  Asia/Tokyo  Ben's iPhone  B-CARD\n"),
            "\(text)")
        #expect(text.contains("$10.00  2026-10-31T23:00:00Z       UTC         Ana's iPhone  A-CARD\n"), "\(text)")
        #expect(harness.run(["accounts", "--format", "csv"]).stdout.contains(",10.00,2026-11-01T08:00:00+09:00,Ben's iPhone,"))
        #expect(harness.run(["accounts", "--format", "json"]).stdout.contains("\"balance_as_of\": \"2026-11-01T08:00:00+09:00\""))
        // Back to the source's zone (none: the report's, UTC), back to UTC's clock.
        try #require(harness.run(["accounts", "set", "B-CARD", "--tz", ""]).status == 0)
        #expect(harness.run(["accounts", "--format", "csv"]).stdout.contains(",10.00,2026-10-31T23:00:00Z,Ben's iPhone,"))
    }

    @Test("a name, zone and hidden flag survive every later sync, and an account deleted and back keeps them")
    func settingsSurviveSyncs() throws {
        let set = harness.run(["accounts", "set", "b-card", "--name", "Ben's card", "--tz", "Asia/Tokyo", "--hidden"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "")
        #expect(set.stderr == "Ben's card (B-CARD): time zone Asia/Tokyo, hidden\n")
        // The source renames the account, then drops it, then brings it back.
        let ben = try #require(exports["Ben"])
        try ben.append("accounts", F.changeSet("G", 2, updated: [F.account("B-CARD", kind: "liability", name: "Apple Card (new)")]))
        try sync(ben)
        try ben.append("accounts", F.changeSet("G", 3, deleted: ["B-CARD"]))
        try sync(ben)
        #expect(!harness.run(["accounts"]).stdout.contains("B-CARD"))
        try ben.append("accounts", F.changeSet("G", 4, inserted: [F.account("B-CARD", kind: "liability", name: "Apple Card")]))
        try sync(ben)
        let csv = harness.run(["accounts", "--format", "csv"]).stdout
        #expect(
            csv.contains(
                "B-CARD,Ben's card,liability,Apple,USD,10.00,2026-11-01T08:00:00+09:00,Ben's iPhone,7D1E8F90-3A68-4D9F-8C8B-1E7C2A4F0B22,Asia/Tokyo,true\n"
            ),
            "\(csv)")
        #expect(harness.run(["accounts"]).stdout.contains("Ben's card (hidden)"))
        // The name names it on the command line; '' goes back to what the source gives.
        #expect(harness.run(["transactions", "--account", "ben's card"]).status == 0)
        let reset = harness.run(["accounts", "set", "B-CARD", "--name", "", "--tz", "", "--visible"])
        #expect(reset.stderr == "Apple Card (B-CARD): time zone: the ledger's (UTC), visible\n")
        #expect(harness.run(["accounts", "--format", "csv"]).stdout.contains("B-CARD,Apple Card,liability,Apple,USD,10.00,"))
    }

    @Test("a hidden account is left out of reports, budgets, net worth and listings unless --all or --account names it")
    func hiddenAccount() throws {
        try #require(harness.run(["accounts", "set", "B-CARD", "--hidden"]).status == 0)
        let spending = ["report", "spending", "--month", "2026-10", "--format", "csv", "--by", "account"]
        #expect(
            harness.run(spending).stdout
                == "period,account_id,account,currency,spent,refunded,net,count\n2026-10,A-CARD,Apple Card,USD,10.00,0.00,10.00,1\n")
        #expect(harness.run(spending + ["--all"]).stdout.contains("2026-10,B-CARD,Apple Card,USD,20.00"))
        #expect(harness.run(spending + ["--account", "B-CARD"]).stdout.contains("2026-10,B-CARD,Apple Card,USD,20.00"))
        // Hidden, it still shares its name: the name names two accounts.
        let ambiguous = harness.run(["report", "spending", "--month", "2026-10", "--account", "apple card"])
        #expect(ambiguous.status == 64)
        #expect(
            ambiguous.stderr == """
                Error: 2 accounts are named 'apple card': A-CARD 'Apple Card' from Ana's iPhone, B-CARD 'Apple Card' from Ben's iPhone; \
                give the ID of the one you mean.
                Usage: purse report spending [options]
                See 'purse report spending --help'.

                """)

        let listing = ["export", "transactions", "--month", "2026-10"]
        #expect(harness.run(listing).stdout.split(separator: "\n").dropFirst().map { String($0.prefix(2)) } == ["A1"])
        #expect(harness.run(listing + ["--all"]).stdout.split(separator: "\n").dropFirst().map { String($0.prefix(2)) } == ["A1", "B1"])

        let worth = ["report", "networth", "--from", "2026-10-31", "--to", "2026-10-31", "--format", "csv"]
        #expect(harness.run(worth).stdout == "date,currency,assets,liabilities,net_worth\n2026-10-31,USD,0.00,10.00,10.00\n")
        #expect(harness.run(worth + ["--all"]).stdout == "date,currency,assets,liabilities,net_worth\n2026-10-31,USD,0.00,20.00,20.00\n")

        try #require(harness.run(["budget", "set", "Groceries", "15", "--currency", "USD", "--from", "2026-10"]).status == 0)
        #expect(harness.run(["budget", "check", "--month", "2026-10"]).status == 0)
        let all = harness.run(["budget", "check", "--month", "2026-10", "--all"])
        #expect(all.status == 1)
        #expect(all.stdout == "over: Groceries (USD), October 2026: net $30.00 of $15.00 available, $15.00 over\n")
        #expect(harness.run(["accounts"]).stdout.contains("1 hidden: reports leave it out unless given --all or --account.\n"))
    }

    @Test(
        "accounts set: usage errors exit 64 and change nothing",
        arguments: [
            (["B-CARD"], "Error: nothing to set: give --name, --tz, --hidden or --visible"),
            (["B-CARD", "--hidden", "--visible"], "Error: use either --hidden or --visible, not both"),
            (["B-CARD", "--tz", "Mars/Olympus"], "Error: unknown time zone 'Mars/Olympus' (use an IANA name such as Europe/London)"),
            (["apple card", "--hidden"], "Error: 2 accounts are named 'apple card'"),
            (
                ["Apple Crad", "--hidden"],
                "Error: no account with the ID or name 'Apple Crad' (see 'purse accounts'). Did you mean 'Apple Card'?"
            ),
            (["B-CARD", "--name", "two\nlines"], "Error: option '--name' must be one line of text without control characters"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let before = harness.run(["accounts", "--format", "csv"]).stdout
        let result = harness.run(["accounts", "set"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(harness.run(["accounts", "--format", "csv"]).stdout == before)
    }

    @Test("accounts set's own --tz is the account's zone: its help lists it once, not the global --tz")
    func helpListsTzOnce() {
        let help = harness.run(["accounts", "set", "--help"]).stdout
        #expect(help.components(separatedBy: "\n  --tz ZONE").count == 2, "\(help)")
        #expect(help.contains("--tz ZONE    Its time zone"))
    }

    @Test("accounts set needs an existing ledger")
    func needsLedger() throws {
        let elsewhere = try CLITestHarness()
        let result = elsewhere.run(["accounts", "set", "B-CARD", "--hidden"])
        #expect(result.status == 66)
        #expect(result.stderr == "Error: no ledger at \(elsewhere.database) (run 'purse sync EXPORT' first, or set --db / PURSE_DB)\n")
        #expect(!FileManager.default.fileExists(atPath: elsewhere.database))
    }
}
