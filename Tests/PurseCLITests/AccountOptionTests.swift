import Foundation
import PurseTestSupport
import Testing

/// `--account` means the same in every command that takes it: an account's ID or display name,
/// any case. Two people's phones synced into one database (Ana's and Ben's iPhone) each bring an
/// "Apple Card": the name alone is ambiguous and is refused with both accounts listed, where it
/// used to add the two cards up silently; an ID names one; a typo suggests the closest name.
@Suite("--account in every command")
struct AccountOptionTests {
    let harness: CLITestHarness

    init() throws {
        harness = try CLITestHarness()
        _ = try TwoPhonesFixture.sync(into: harness, balanceIndicator: "debit")
    }

    /// Every command with --account, with the options it needs to report October 2026.
    static let commands: [[String]] = [
        ["transactions"], ["export", "transactions"], ["report", "spending", "--month", "2026-10"],
        ["report", "income", "--month", "2026-10"], ["report", "cashflow", "--month", "2026-10"],
        ["explain", "--month", "2026-10"], ["report", "trend", "--from", "2026-10-01", "--to", "2026-10-31"], ["report", "drift"],
    ]

    @Test("a name two accounts share is exit 64 listing each with its ID and source", arguments: commands)
    func ambiguousName(command: [String]) {
        let result = harness.run(command + ["--account", "apple card"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                Error: 2 accounts are named 'apple card': A-CARD 'Apple Card' from Ana's iPhone, B-CARD 'Apple Card' from Ben's iPhone; \
                give the ID of the one you mean.
                Usage: purse \(command.prefix { !$0.hasPrefix("--") }.joined(separator: " ")) [options]
                See 'purse \(command.prefix { !$0.hasPrefix("--") }.joined(separator: " ")) --help'.

                """, "\(result.stderr)")
    }

    @Test("an ID (any case), the start of one account's ID, or a unique name names one account", arguments: commands)
    func oneAccount(command: [String]) {
        for account in ["b-card", "B-CARD", "b-ca", "B-SAVIN", "Ben Savings"] {
            let result = harness.run(command + ["--account", account])
            #expect(result.status == 0, "\(account): \(result.stderr)")
            #expect(!result.stderr.contains("Error"), "\(result.stderr)")
        }
    }

    @Test("a name no account has is exit 64 with the closest name", arguments: commands)
    func unknownName(command: [String]) {
        let result = harness.run(command + ["--account", "Apple Crad"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: no account with the ID or name 'Apple Crad' (see 'purse accounts'). Did you mean 'Apple Card'?\n"),
            "\(result.stderr)")
    }

    @Test("a start of an ID shorter than four characters names nothing")
    func shortStart() {
        let result = harness.run(["transactions", "--account", "B-C"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: no account with the ID or name 'B-C' (see 'purse accounts')."), "\(result.stderr)")
    }

    @Test("a name close to several accounts' names suggests them all, the closest first", arguments: commands)
    func severalCloseNames(command: [String]) {
        let result = harness.run(command + ["--account", "Ann Savings"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: no account with the ID or name 'Ann Savings' (see 'purse accounts'). "
                    + "Did you mean 'Ana Savings' or 'Ben Savings'?\n"), "\(result.stderr)")
    }

    @Test("the ID keeps the other person's card out of the numbers")
    func idSelectsOneCard() {
        let ben = harness.run(["export", "transactions", "--account", "B-CARD"]).stdout
        #expect(ben.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[0] } == ["B1"])
        let spending = harness.run([
            "report", "spending", "--month", "2026-10", "--by", "account", "--format", "csv",
            "--account", "A-CARD", "--account", "a-card",
        ])
        #expect(spending.status == 0)
        #expect(spending.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[6] } == ["10.00"], "\(spending.stdout)")
    }
}
