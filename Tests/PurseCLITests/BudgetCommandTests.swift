import Foundation
import PurseTestSupport
import Testing

/// `budget set|remove|list|check` and `report budget` through the command line, on a small
/// ledger in USD and GBP, with the harness's clock (2026-11-15T12:00Z, TZ UTC): November 2026 is
/// the running month, day 15 of 30.
///
/// The ledger and its budgets:
/// - Groceries USD 400, rollover all, from 2026-09: September 300; October 450 less a 30 refund;
///   November 120 booked and 50 pending.
/// - Dining USD 100, no rollover, from 2026-10: October 120 (over), November 60 (on pace for 120).
/// - Groceries GBP 50, rollover surplus, from 2026-10: October 40, November 25.
/// - Shopping has no budget: October 20, on the Unbudgeted row.
///
/// Whole reports are compared with Golden/BudgetCommandTests/budget-*; `RECORD_GOLDEN=1 swift test --filter
/// BudgetCommandTests` rewrites them (and fails, so a recording never passes unseen).
@Suite("Budget commands")
struct BudgetCommandTests {
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
                    F.account("CARD", kind: "liability", name: "Apple Card"),
                    F.account("UK", name: "Monzo", currency: "GBP", institution: "Monzo"),
                ]))
        try export.append(
            "transactions/CARD",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction("C01", account: "CARD", date: "2026-09-10T12:00:00Z", amount: "300.00"),
                    F.transaction("C02", account: "CARD", date: "2026-10-05T12:00:00Z", amount: "450.00"),
                    F.transaction(
                        "C03", account: "CARD", date: "2026-10-20T12:00:00Z", amount: "30.00", indicator: "credit", type: "refund"),
                    F.transaction(
                        "C04", account: "CARD", date: "2026-10-12T12:00:00Z", amount: "120.00", mcc: 5812, merchant: "Joe's Diner"),
                    F.transaction("C05", account: "CARD", date: "2026-10-13T12:00:00Z", amount: "20.00", mcc: 5661, merchant: "Shoe Shop"),
                    F.transaction("C06", account: "CARD", date: "2026-11-03T12:00:00Z", amount: "120.00"),
                    F.transaction(
                        "C07", account: "CARD", date: "2026-11-10T12:00:00Z", amount: "60.00", mcc: 5812, merchant: "Joe's Diner"),
                    F.transaction("C08", account: "CARD", date: "2026-11-12T12:00:00Z", amount: "50.00", status: "pending"),
                ]))
        try export.append(
            "transactions/UK",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "U1", account: "UK", date: "2026-10-11T12:00:00+01:00", amount: "40.00", currency: "GBP",
                        merchant: "Sainsbury's"),
                    F.transaction(
                        "U2", account: "UK", date: "2026-11-05T12:00:00Z", amount: "25.00", currency: "GBP", merchant: "Sainsbury's"),
                ]))
        let synced = harness.run(["sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
        for arguments in [
            ["budget", "set", "Groceries", "400", "--currency", "USD", "--rollover", "all", "--from", "2026-09"],
            ["budget", "set", "Dining", "100", "--currency", "usd", "--from", "2026-10"],
            ["budget", "set", "Groceries", "50", "--currency", "GBP", "--rollover", "surplus", "--from", "2026-10"],
        ] {
            let result = harness.run(arguments)
            try #require(result.status == 0, "\(result.stderr)")
        }
    }

    static let header = "month,period,category,currency,budgeted,carried,available,spent,refunded,net,remaining,used_pct,status,projected\n"

    // MARK: report budget

    @Test(
        "report budget, CSV (Golden/BudgetCommandTests/budget-2026-10.csv): exact columns; over, then warn, then ok, then Unbudgeted; carry of rollover all; projected empty for a past month"
    )
    func reportCSV() throws {
        let result = harness.run(["report", "budget", "--month", "2026-10", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix(Self.header))
        try expectGolden(result.stdout, "budget-2026-10.csv")
    }

    @Test("report budget, CSV, running month (the default): projected at the current pace, warn when the pace exceeds the budget")
    func reportCSVRunningMonth() {
        let result = harness.run(["report", "budget", "--format", "csv"])
        #expect(
            result.stdout == Self.header + """
                2026-11,2026-11,Dining,USD,100.00,0.00,100.00,60.00,0.00,60.00,40.00,60.0,warn,120.00
                2026-11,2026-11,Groceries,GBP,50.00,10.00,60.00,25.00,0.00,25.00,35.00,41.7,ok,50.00
                2026-11,2026-11,Groceries,USD,400.00,80.00,480.00,120.00,0.00,120.00,360.00,25.0,ok,240.00

                """, "\(result.stdout)")
        #expect(harness.run(["report", "budget", "--month", "this", "--format", "csv"]).stdout == result.stdout)
    }

    @Test("report budget --include-pending counts the pending purchase")
    func reportIncludePending() {
        let result = harness.run(["report", "budget", "--format", "csv", "--include-pending"])
        #expect(
            result.stdout.contains("\n2026-11,2026-11,Groceries,USD,400.00,80.00,480.00,170.00,0.00,170.00,310.00,35.4,ok,340.00\n"),
            "\(result.stdout)")
    }

    @Test("report budget --warn-at moves the warn level")
    func reportWarnAt() {
        let result = harness.run(["report", "budget", "--month", "last", "--format", "csv", "--warn-at", "81"])
        #expect(result.stdout.contains("\n2026-10,2026-10,Groceries,USD,400.00,100.00,500.00,450.00,30.00,420.00,80.00,84.0,warn,\n"))
        #expect(
            result.stdout.contains("\n2026-10,2026-10,Groceries,GBP,50.00,0.00,50.00,40.00,0.00,40.00,10.00,80.0,ok,\n"), "\(result.stdout)"
        )
    }

    @Test(
        "report budget --from --to, CSV (Golden/BudgetCommandTests/budget-2026-09-to-11.csv): long format, one row per month and category, the carry of each month visible"
    )
    func reportMultiMonthCSV() throws {
        let result = harness.run(["report", "budget", "--from", "2026-09", "--to", "2026-11", "--format", "csv"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "budget-2026-09-to-11.csv")
    }

    @Test(
        "report budget, text (Golden/BudgetCommandTests/budget-2026-10.txt): a table with a bar per budget against what is available, marked ! when over"
    )
    func reportText() throws {
        let result = harness.run(["report", "budget", "--month", "2026-10"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try expectGolden(result.stdout, "budget-2026-10.txt")
    }

    @Test(
        "report budget, text over several months (Golden/BudgetCommandTests/budget-2026-09-to-11.txt): a table per month, a category shown with its currency in every month; --ascii bars"
    )
    func reportTextMultiMonth() throws {
        let result = harness.run(["report", "budget", "--from", "2026-09", "--to", "2026-11", "--ascii"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("█"))
        try expectGolden(result.stdout, "budget-2026-09-to-11.txt")
    }

    @Test(
        "report budget, JSON (Golden/BudgetCommandTests/budget-2026-10-to-11.json): schema, months, warn level, amounts as strings, null where a cell is empty"
    )
    func reportJSON() throws {
        let result = harness.run(["report", "budget", "--from", "2026-10", "--to", "2026-11", "--format", "json", "--warn-at", "90"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("{\n  \"schema\": \"purse.budget.v1\",\n"))
        try expectGolden(result.stdout, "budget-2026-10-to-11.json")
    }

    @Test("report budget without budgets or spending says how to set one; CSV is just the header")
    func reportEmpty() throws {
        let empty = try CLITestHarness()
        try empty.createLedger()
        let text = empty.run(["report", "budget", "--month", "2026-10"])
        #expect(text.status == 0)
        #expect(text.stdout == "Budgets, October 2026\n\nNo budgets and no spending. Set one with: purse budget set CATEGORY AMOUNT\n")
        #expect(empty.run(["report", "budget", "--month", "2026-10", "--format", "csv"]).stdout == Self.header)
        #expect(empty.run(["report", "budget", "--month", "2026-10", "--format", "json"]).stdout.contains("\"rows\": []"))
    }

    @Test(
        "report budget usage errors: --month with --from, --to before --from, a bad month, a bad --warn-at",
        arguments: [
            (["--month", "2026-10", "--from", "2026-09"], "Error: use either --month or --from/--to, not both."),
            (["--from", "2026-11", "--to", "2026-09"], "Error: --to 2026-09 is before --from 2026-11."),
            (["--from", "2026-13"], "Error: options '--from' and '--to' need YYYY-MM."),
            (["--month", "October"], "Error: option '--month' needs YYYY-MM, this or last, not 'October'."),
            (["--warn-at", "0"], "Error: option '--warn-at' needs a percentage from 1 to 1000, not '0'."),
            (["--warn-at", "80%"], "Error: option '--warn-at' needs a percentage from 1 to 1000, not '80%'."),
        ])
    func reportUsageErrors(arguments: [String], message: String) {
        let result = harness.run(["report", "budget"] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr == message + "\nUsage: purse report budget [options]\nSee 'purse report budget --help'.\n", "\(result.stderr)")
    }

    // MARK: budget list

    @Test("budget list, text (Golden/BudgetCommandTests/budget-list.txt): each budget's history, a removal shown as removed")
    func listText() throws {
        harness.run(["budget", "set", "Groceries", "450", "--currency", "USD", "--rollover", "all", "--from", "2027-01"])
        harness.run(["budget", "remove", "Dining", "--currency", "USD", "--from", "2027-02"])
        let result = harness.run(["budget", "list"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try expectGolden(result.stdout, "budget-list.txt")
    }

    @Test("budget list, CSV and JSON (Golden/BudgetCommandTests/budget-list.csv, budget-list.json)")
    func listCSVAndJSON() throws {
        harness.run(["budget", "set", "Groceries", "450", "--currency", "USD", "--rollover", "all", "--from", "2027-01"])
        harness.run(["budget", "remove", "Dining", "--currency", "USD", "--from", "2027-02"])
        let csv = harness.run(["budget", "list", "--format", "csv"])
        #expect(csv.status == 0)
        try expectGolden(csv.stdout, "budget-list.csv")
        let json = harness.run(["budget", "list", "--format", "json"])
        #expect(json.status == 0)
        try expectGolden(json.stdout, "budget-list.json")
    }

    @Test("budget list without budgets says how to set one")
    func listEmpty() throws {
        let empty = try CLITestHarness()
        try empty.createLedger()
        let result = empty.run(["budget", "list"])
        #expect(result.status == 0)
        #expect(result.stdout == "No budgets yet. Set one with: purse budget set CATEGORY AMOUNT [--currency C]\n")
        #expect(empty.run(["budget", "list", "--format", "csv"]).stdout == "category,currency,from,amount,rollover,period\n")
    }

    // MARK: budget set and remove

    @Test("budget set: a line on stderr, nothing on stdout; from this month with no rollover by default")
    func setMessages() {
        let result = harness.run(["budget", "set", "Transit", "75.5", "--currency", "USD"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "Budget for Transit: $75.50 a month from 2026-11, rollover none\n")
        let pounds = harness.run(["budget", "set", "Dining", "80", "--currency", "gbp", "--rollover", "surplus", "--from", "2026-12"])
        #expect(pounds.stderr == "Budget for Dining: £80.00 a month from 2026-12, rollover surplus\n")
        #expect(harness.run(["budget", "list", "--format", "csv"]).stdout.contains("\nDining,GBP,2026-12,80.00,surplus,month\n"))
        #expect(harness.run(["budget", "list", "--format", "csv"]).stdout.contains("\nTransit,USD,2026-11,75.50,none,month\n"))
    }

    @Test("budget set again from the same month replaces that entry; earlier months keep their amount")
    func setAgainReplaces() {
        harness.run(["budget", "set", "Groceries", "500", "--currency", "USD", "--rollover", "all", "--from", "2026-11"])
        harness.run(["budget", "set", "Groceries", "450", "--currency", "USD", "--rollover", "all", "--from", "2026-11"])
        let list = harness.run(["budget", "list", "--format", "csv"])
        #expect(list.stdout.hasSuffix("Groceries,USD,2026-09,400.00,all,month\nGroceries,USD,2026-11,450.00,all,month\n"), "\(list.stdout)")
        let csv = harness.run(["report", "budget", "--from", "2026-10", "--to", "2026-11", "--format", "csv"])
        #expect(csv.stdout.contains("\n2026-10,2026-10,Groceries,USD,400.00,100.00,500.00,"))
        #expect(csv.stdout.contains("\n2026-11,2026-11,Groceries,USD,450.00,80.00,530.00,"), "\(csv.stdout)")
    }

    @Test("a category typed in another case budgets the known category (built-in, from a rule, or budgeted already)")
    func categoryCaseFollowsKnownCategory() {
        let set = harness.run(["budget", "set", "groceries", "450", "--currency", "USD", "--rollover", "all", "--from", "2026-11"])
        #expect(set.status == 0)
        #expect(set.stderr == "Budget for Groceries: $450.00 a month from 2026-11, rollover all\n")
        let csv = harness.run(["report", "budget", "--format", "csv"])
        #expect(csv.stdout.contains("\n2026-11,2026-11,Groceries,USD,450.00,80.00,530.00,120.00,"), "\(csv.stdout)")
        #expect(!csv.stdout.lowercased().contains("unbudgeted"))
        harness.run(["rules", "add", "--merchant", "blue bottle", "--category", "Coffee"])
        #expect(harness.run(["budget", "set", "COFFEE", "20", "--currency", "USD"]).stderr.hasPrefix("Budget for Coffee: "))
        #expect(harness.run(["budget", "set", "Pets", "30", "--currency", "USD", "--new"]).stderr.hasPrefix("Budget for Pets: "))
        #expect(harness.run(["budget", "set", "pets", "35", "--currency", "USD"]).stderr.hasPrefix("Budget for Pets: "))
        let removed = harness.run(["budget", "remove", "DINING", "--currency", "USD"])
        #expect(removed.status == 0)
        #expect(removed.stderr == "Budget for Dining (USD) removed from 2026-11 on\n")
        #expect(
            harness.run(["budget", "list", "--format", "csv"]).stdout == """
                category,currency,from,amount,rollover,period
                Coffee,USD,2026-11,20.00,none,month
                Dining,USD,2026-10,100.00,none,month
                Dining,USD,2026-11,,removed,
                Groceries,GBP,2026-10,50.00,surplus,month
                Groceries,USD,2026-09,400.00,all,month
                Groceries,USD,2026-11,450.00,all,month
                Pets,USD,2026-11,35.00,none,month

                """)
    }

    static let budgetSetUsage = "Usage: purse budget set [options] CATEGORY AMOUNT\nSee 'purse budget set --help'.\n"

    @Test("a category no transaction, rule or built-in category uses is a typo: exit 64 with the closest name, nothing saved")
    func unknownCategory() {
        let before = harness.run(["budget", "list", "--format", "csv"]).stdout
        let typo = harness.run(["budget", "set", "Groceris", "300", "--currency", "USD"])
        #expect(typo.status == 64)
        #expect(typo.stdout == "")
        #expect(
            typo.stderr == "Error: unknown category 'Groceris' (see 'purse categories'; --new creates it). Did you mean 'Groceries'?\n"
                + Self.budgetSetUsage, "\(typo.stderr)")
        let unknown = harness.run(["budget", "set", "Pets", "30", "--currency", "USD"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr == "Error: unknown category 'Pets' (see 'purse categories'; --new creates it).\n" + Self.budgetSetUsage,
            "\(unknown.stderr)")
        #expect(harness.run(["budget", "list", "--format", "csv"]).stdout == before)
        // --new creates it on purpose; from then on it is known, in any case.
        let created = harness.run(["budget", "set", "Pets", "30", "--currency", "USD", "--new"])
        #expect(created.status == 0)
        #expect(created.stderr == "Budget for Pets: $30.00 a month from 2026-11, rollover none\n")
        #expect(harness.run(["budget", "set", "PETS", "35", "--currency", "USD"]).stderr.hasPrefix("Budget for Pets: $35.00 "))
        // A typo of a budget's category in remove is caught the same way.
        let remove = harness.run(["budget", "remove", "Dinnig", "--currency", "USD"])
        #expect(remove.status == 64)
        #expect(
            remove.stderr.hasPrefix("Error: unknown category 'Dinnig' (see 'purse budget list'). Did you mean 'Dining'?\n"),
            "\(remove.stderr)")
    }

    @Test("a typo close to several categories suggests up to three, the closest first")
    func severalCloseCategories() {
        #expect(harness.run(["rules", "add", "--merchant", "Corner Shop", "--category", "Grocery"]).status == 0)
        let typo = harness.run(["budget", "set", "Grocerys", "300", "--currency", "USD"])
        #expect(typo.status == 64)
        #expect(
            typo.stderr == "Error: unknown category 'Grocerys' (see 'purse categories'; --new creates it). "
                + "Did you mean 'Grocery' or 'Groceries'?\n" + Self.budgetSetUsage, "\(typo.stderr)")
    }

    @Test(
        "every category a transaction can be in is known without --new, whatever the ledger holds",
        arguments: [
            "Fees", "interest", "Cash", "Uncategorized", "Income", "Transfers", "Education", "government & taxes",
        ])
    func builtInCategoriesAreKnown(category: String) {
        let result = harness.run(["budget", "set", category, "10", "--currency", "USD"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("a budget currency no account holds is exit 64, naming the currencies the accounts hold")
    func currencyNoAccountHolds() throws {
        let euro = harness.run(["budget", "set", "Groceries", "300", "--currency", "EUR"])
        #expect(euro.status == 64)
        #expect(euro.stdout == "")
        #expect(euro.stderr == "Error: no account holds EUR (the accounts hold GBP, USD).\n" + Self.budgetSetUsage, "\(euro.stderr)")
        #expect(!harness.run(["budget", "list", "--format", "csv"]).stdout.contains("EUR"))
        let empty = try CLITestHarness()
        try empty.createLedger()
        let none = empty.run(["budget", "set", "Groceries", "300"])
        #expect(none.status == 64)
        #expect(
            none.stderr == "Error: no account holds USD: the ledger has no accounts yet (run 'purse sync' first).\n"
                + Self.budgetSetUsage, "\(none.stderr)")
    }

    @Test("budget remove: a line on stderr; the months before keep the budget, from then on its spending is unbudgeted")
    func removeMessages() {
        let result = harness.run(["budget", "remove", "Dining", "--currency", "USD"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "Budget for Dining (USD) removed from 2026-11 on\n")
        let csv = harness.run(["report", "budget", "--from", "2026-10", "--to", "2026-11", "--format", "csv"])
        #expect(csv.stdout.contains("\n2026-10,2026-10,Dining,USD,100.00,"))
        #expect(!csv.stdout.contains("\n2026-11,2026-11,Dining,"))
        #expect(csv.stdout.contains("\n2026-11,2026-11,Unbudgeted,USD,,,,60.00,0.00,60.00,,,,\n"), "\(csv.stdout)")
    }

    @Test(
        "budget set and remove usage errors exit 64 with the usage line",
        arguments: [
            (
                ["set", "Groceries", "4x0", "--currency", "USD"],
                "Error: AMOUNT must be a decimal amount such as 400 or 400.00, not '4x0'."
            ),
            (
                ["set", "Groceries", "-400", "--currency", "USD"],
                "Error: AMOUNT must be a decimal amount such as 400 or 400.00, not '-400'."
            ),
            (
                ["set", "Groceries", "400.00001", "--currency", "USD"],
                "Error: AMOUNT must be a decimal amount such as 400 or 400.00, not '400.00001'."
            ),
            (
                ["set", "Groceries", "400", "--currency", "USD", "--rollover", "some"],
                "Error: option '--rollover' must be none, surplus or all, not 'some'."
            ),
            (
                ["set", "Groceries", "400", "--currency", "USD", "--from", "2026-13"],
                "Error: option '--from' needs YYYY-MM, not '2026-13'."
            ),
            (
                ["set", "Groceries", "400", "--currency", "XYZ"],
                "Error: option '--currency' needs an ISO 4217 code such as USD, not 'XYZ'."
            ),
            (
                ["set", "Groceries", "400"],
                "Error: the ledger has several currencies (GBP, USD): say which with --currency."
            ),
            (
                ["remove", "Groceries"],
                "Error: the ledger has several currencies (GBP, USD): say which with --currency."
            ),
            (
                ["remove", "Travel", "--currency", "USD"],
                "Error: there is no USD budget for 'Travel' (see 'purse budget list')."
            ),
            (
                ["remove", "Dining", "--currency", "GBP"],
                "Error: there is no GBP budget for 'Dining' (see 'purse budget list')."
            ),
        ])
    func setAndRemoveUsageErrors(arguments: [String], message: String) {
        let command = arguments[0]
        let usage = command == "set" ? "purse budget set [options] CATEGORY AMOUNT" : "purse budget remove [options] CATEGORY"
        let before = harness.run(["budget", "list", "--format", "csv"]).stdout
        let result = harness.run(["budget"] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == message + "\nUsage: \(usage)\nSee 'purse budget \(command) --help'.\n", "\(result.stderr)")
        #expect(harness.run(["budget", "list", "--format", "csv"]).stdout == before, "nothing changed")
    }

    @Test("removing a budget already removed is an error: it does not exist any more (exit 64)")
    func removeTwice() {
        #expect(harness.run(["budget", "remove", "Dining", "--currency", "USD", "--from", "2026-11"]).status == 0)
        let again = harness.run(["budget", "remove", "Dining", "--currency", "USD", "--from", "2026-12"])
        #expect(again.status == 64)
        #expect(again.stderr.hasPrefix("Error: there is no USD budget for 'Dining' (see 'purse budget list').\n"), "\(again.stderr)")
        // A budget removed and set again later can be removed again.
        harness.run(["budget", "set", "Dining", "90", "--currency", "USD", "--from", "2027-03"])
        #expect(harness.run(["budget", "remove", "Dining", "--currency", "USD", "--from", "2027-05"]).status == 0)
    }

    @Test("in a ledger of one currency, --currency is not needed")
    func singleCurrencyDefault() throws {
        let single = try CLITestHarness()
        let export = try ExportFixture(in: single.folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("UK", currency: "GBP")]))
        #expect(single.run(["sync", export.path]).status == 0)
        let result = single.run(["budget", "set", "Groceries", "200"])
        #expect(result.status == 0)
        #expect(result.stderr == "Budget for Groceries: £200.00 a month from 2026-11, rollover none\n")
        #expect(single.run(["budget", "remove", "Groceries"]).stderr == "Budget for Groceries (GBP) removed from 2026-11 on\n")
    }

    @Test("amounts near the 900 trillion limit: the bar is still drawn; a carry too large to hold is an error message, never a crash")
    func hugeAmounts() throws {
        let huge = try CLITestHarness()
        let export = try ExportFixture(in: huge.folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CARD", kind: "liability")]))
        try export.append(
            "transactions/CARD",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "T1", account: "CARD", date: "2026-10-05T12:00:00Z", amount: "500000000000000.00", mcc: 4121, merchant: "Taxi")
                ]))
        #expect(huge.run(["sync", export.path]).status == 0)
        huge.run(["budget", "set", "Transit", "900000000000000", "--rollover", "surplus", "--from", "2026-10"])
        let october = huge.run(["report", "budget", "--month", "2026-10", "--ascii"])
        #expect(october.status == 0)
        #expect(october.stdout.hasSuffix("55.6%  ok                 [###########.........]\n"), "\(october.stdout)")
        for arguments in [["report", "budget"], ["budget", "check"]] {
            let result = huge.run(arguments)
            #expect(result.status != 0 && result.status != 1, "\(arguments)")
            #expect(result.stdout == "")
            #expect(result.stderr == "Error: a USD total is too large to hold\n", "\(result.stderr)")
        }
    }

    // MARK: budget check

    @Test("budget check: silent and exit 0 when no budget is over (a warning alone does not print without --warn-at)")
    func checkSilentWhenWell() {
        let result = harness.run(["budget", "check"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    @Test("budget check: one line per budget over on stdout, exit 1, nothing on stderr")
    func checkOver() {
        let result = harness.run(["budget", "check", "--month", "2026-10"])
        #expect(result.status == 1)
        #expect(result.stdout == "over: Dining (USD), October 2026: net $120.00 of $100.00 available, $20.00 over\n")
        #expect(result.stderr == "")
    }

    @Test("budget check --warn-at: warn lines too (after the over lines); exit 1 still only when one is over")
    func checkOverAndWarn() {
        let result = harness.run(["budget", "check", "--month", "last", "--warn-at", "80"])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                over: Dining (USD), October 2026: net $120.00 of $100.00 available, $20.00 over
                warn: Groceries (GBP), October 2026: 80.0% used of £50.00
                warn: Groceries (USD), October 2026: 84.0% used of $500.00

                """, "\(result.stdout)")
    }

    @Test("budget check --warn-at with none over: warn lines, exit 0; the running month warns on pace")
    func checkWarnOnly() {
        let result = harness.run(["budget", "check", "--warn-at", "90"])
        #expect(result.status == 0)
        #expect(result.stdout == "warn: Dining (USD), November 2026: 60.0% used of $100.00, on pace for $120.00\n", "\(result.stdout)")
        #expect(result.stderr == "")
        let september = harness.run(["budget", "check", "--month", "2026-09", "--warn-at", "75"])
        #expect(september.status == 0)
        #expect(september.stdout == "warn: Groceries (USD), September 2026: 75.0% used of $400.00\n")
        #expect(harness.run(["budget", "check", "--month", "2026-09", "--warn-at", "76"]).stdout == "")
    }

    @Test("budget check --include-pending counts the pending purchase")
    func checkIncludePending() {
        harness.run(["budget", "set", "Groceries", "150", "--currency", "USD", "--from", "2026-11"])
        #expect(harness.run(["budget", "check"]).status == 0)
        let result = harness.run(["budget", "check", "--include-pending"])
        #expect(result.status == 1)
        #expect(
            result.stdout == "over: Groceries (USD), November 2026: net $170.00 of $150.00 available, $20.00 over\n", "\(result.stdout)")
    }

    @Test("budget check with no budgets: silent, exit 0")
    func checkNoBudgets() throws {
        let harness = try CLITestHarness()
        try harness.createLedger()
        let result = harness.run(["budget", "check", "--warn-at", "1"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    @Test("budget check usage errors exit 64, not 1: cron can tell a broken command from an overspend")
    func checkUsageErrors() {
        for (arguments, message) in [
            (["--warn-at", "lots"], "Error: option '--warn-at' needs a percentage from 1 to 1000, not 'lots'."),
            (["--month", "2026-1"], "Error: option '--month' needs YYYY-MM, this or last, not '2026-1'."),
        ] {
            let result = harness.run(["budget", "check"] + arguments)
            #expect(result.status == 64)
            #expect(result.stdout == "")
            #expect(
                result.stderr == message + "\nUsage: purse budget check [options]\nSee 'purse budget check --help'.\n", "\(result.stderr)")
        }
    }
}
