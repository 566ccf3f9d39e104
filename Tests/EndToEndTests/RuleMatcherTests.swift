import Foundation
import PurseTestSupport
import Testing

/// The richer rules through the real binary on the example data: the new matchers, `rules move`,
/// `rules test` and `categories --uncategorized`.
@Suite("Rule matchers")
struct RuleMatcherTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = try Examples.syncedLedger(at: folder.file("ledger.sqlite"))
    }

    func spendingOctober() throws -> [[String: String]] {
        let result = try run(["report", "spending", "--month", "2026-10", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        return CSVRows.parse(result.stdout)
    }

    @Test("categories --uncategorized: the UK rent and council tax at the top, each with the rules add command that files it")
    func uncategorized() throws {
        let result = try run(["categories", "--uncategorized", "--month", "2026-10", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "merchant,currency,count,spent,refunded,net,rule")
        #expect(lines.dropFirst().first == "Foxtons,GBP,1,1150.00,0.00,1150.00,purse rules add --merchant 'Foxtons' --category CATEGORY")
        #expect(lines.contains("Hackney Council,GBP,1,142.00,0.00,142.00,purse rules add --merchant 'Hackney Council' --category CATEGORY"))
        let text = try run(["categories", "--uncategorized", "--month", "2026-10"])
        #expect(text.stdout.contains("Foxtons                      1  £1,150.00  purse rules add --merchant 'Foxtons' --category CATEGORY"))

        // A rule the command suggests files it: it leaves the list.
        #expect(try run(["rules", "add", "--merchant", "Foxtons", "--category", "Rent"]).status == 0)
        let after = try run(["categories", "--uncategorized", "--month", "2026-10", "--format", "csv"])
        #expect(!after.stdout.contains("Foxtons"))
        #expect(try spendingOctober().contains { $0["category"] == "Rent" && $0["net"] == "1150.00" })
    }

    @Test("account, type, direction, amount range and regular expression matchers: all given must match")
    func matchers() throws {
        #expect(try run(["rules", "add", "--description-regex", "^lb .*ctax", "--category", "Council Tax"]).status == 0)
        #expect(
            try run([
                "rules", "add", "--account", "current account", "--type", "directDebit", "--direction", "debit", "--amount-min", "1000",
                "--amount-max", "2000", "--category", "Rent",
            ]).status == 0)
        // Too small for the range: matches nothing.
        #expect(try run(["rules", "add", "--type", "directDebit", "--amount-max", "1", "--category", "Tiny"]).status == 0)
        let rows = try spendingOctober()
        #expect(rows.contains { $0["category"] == "Council Tax" && $0["net"] == "142.00" })
        #expect(rows.contains { $0["category"] == "Rent" && $0["net"] == "1150.00" })
        #expect(!rows.contains { $0["category"] == "Tiny" })
        let list = try run(["rules", "list"])
        #expect(list.stdout.contains("#1  description matches /^lb .*ctax/"))
        #expect(list.stdout.contains("#2  account \"Current Account\" and type directDebit and debit and amount 1000.00-2000.00"))
    }

    @Test("rules move reorders (--before, --to); the first match wins in the new order; bad moves are usage errors")
    func move() throws {
        #expect(try run(["rules", "add", "--merchant", "Foxtons", "--category", "First"]).status == 0)
        #expect(try run(["rules", "add", "--merchant", "Foxtons", "--category", "Second"]).status == 0)
        #expect(try spendingOctober().contains { $0["category"] == "First" })

        let moved = try run(["rules", "move", "2", "--before", "1"])
        #expect(moved.status == 0)
        #expect(moved.stderr == "Moved rule #2 to place 1 of 2\n")
        #expect(try spendingOctober().contains { $0["category"] == "Second" })
        #expect(try run(["rules", "list", "--format", "csv"]).stdout.split(separator: "\n").map { $0.prefix(2) } == ["id", "2,", "1,"])

        #expect(try run(["rules", "move", "2", "--to", "9"]).stderr == "Moved rule #2 to place 2 of 2\n")
        #expect(try spendingOctober().contains { $0["category"] == "First" })
        let neither = try run(["rules", "move", "2"])
        #expect(neither.status == 64)
        #expect(neither.stderr.hasPrefix("Error: give either --before ID or --to N."))
        let unknown = try run(["rules", "move", "7", "--to", "1"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("Error: there is no rule #7 (see 'purse rules list')."))
    }

    @Test("rules test shows what each rule would change, count and amount per category, and changes nothing")
    func ruleTest() throws {
        #expect(try run(["rules", "add", "--merchant", "Foxtons", "--category", "Rent"]).status == 0)
        #expect(try run(["rules", "add", "--mcc", "5411", "--category", "Groceries"]).status == 0)
        let before = try run(["export", "transactions"]).stdout

        let csv = try run(["rules", "test", "--month", "2026-10", "--format", "csv"])

        #expect(csv.status == 0)
        #expect(
            csv.stdout == """
                rule,from_flow,from_category,to_flow,to_category,currency,count,amount
                1,expense,Uncategorized,expense,Rent,GBP,1,1150.00

                """)
        let text = try run(["rules", "test", "--month", "2026-10"])
        #expect(text.stdout.contains("Rule #1: matches 1 transaction\n"))
        #expect(text.stdout.contains("Uncategorized (expense)  Rent (expense)      1  £1,150.00"))
        #expect(text.stdout.contains("Rule #2: matches "))
        #expect(text.stdout.contains("transactions, all already so\n"))
        #expect(try run(["export", "transactions"]).stdout == before)
    }
}
