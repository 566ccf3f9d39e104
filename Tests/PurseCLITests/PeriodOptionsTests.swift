import Foundation
import PurseTestSupport
import Testing

/// --month, --from and --to are read by one type (PeriodOptions) for every command: days for the
/// reports that count transactions, months for budgets. The messages, and which of two mistakes
/// is reported first, are the same across the commands of each kind.
@Suite("Period options")
struct PeriodOptionsTests {
    static let cases: [([String], String)] = [
        // Days: --month is read first, then --from, --to; then the two checks across them.
        (
            ["report", "spending", "--month", "2026-13", "--from", "2026-10-01"],
            "Error: option '--month' needs YYYY-MM, this or last, not '2026-13'."
        ),
        (
            ["report", "spending", "--month", "2026-10", "--from", "2026-10-xx"],
            "Error: option '--from' needs a date YYYY-MM-DD, not '2026-10-xx'."
        ),
        (["report", "spending", "--month", "2026-10", "--to", "2026-10-31"], "Error: use either --month or --from/--to, not both."),
        (["report", "spending", "--from", "2026-10-05", "--to", "2026-10-01"], "Error: --to 2026-10-01 is before --from 2026-10-05."),
        (["report", "spending", "--to", "tomorrow"], "Error: option '--to' needs a date YYYY-MM-DD, not 'tomorrow'."),
        (["report", "income", "--from", "2026-10-05", "--to", "2026-10-01"], "Error: --to 2026-10-01 is before --from 2026-10-05."),
        (["report", "cashflow", "--month", "2026-10", "--to", "2026-10-31"], "Error: use either --month or --from/--to, not both."),
        (["explain", "--month", "2026-13", "--from", "2026-10-01"], "Error: option '--month' needs YYYY-MM, this or last, not '2026-13'."),
        (
            ["transactions", "--month", "2026-13", "--from", "2026-10-01"],
            "Error: option '--month' needs YYYY-MM, this or last, not '2026-13'."
        ),
        (["transactions", "--from", "2026-10-05", "--to", "2026-10-01"], "Error: --to 2026-10-01 is before --from 2026-10-05."),
        (["export", "transactions", "--month", "2026-10", "--to", "2026-10-31"], "Error: use either --month or --from/--to, not both."),
        (["report", "trend", "--from", "2026-11-02", "--to", "2026-11-01"], "Error: --to 2026-11-01 is before --from 2026-11-02."),
        (["report", "trend", "--to", "2026-11-31"], "Error: option '--to' needs a date YYYY-MM-DD, not '2026-11-31'."),
        (["report", "networth", "--from", "x"], "Error: option '--from' needs a date YYYY-MM-DD, not 'x'."),
        (["report", "summary", "--month", "2026-10-01"], "Error: option '--month' needs YYYY-MM, this or last, not '2026-10-01'."),
        // Months: --month with --from/--to is refused before either is read; a missing bound is
        // this month (the clock's November 2026).
        (["report", "budget", "--month", "October", "--from", "2026-09"], "Error: use either --month or --from/--to, not both."),
        (["report", "budget", "--from", "2027-03"], "Error: --to 2026-11 is before --from 2027-03."),
        (["report", "budget", "--to", "2026-13"], "Error: options '--from' and '--to' need YYYY-MM."),
        (["report", "budget", "--from", "2026-09", "--to", "2026-13-01"], "Error: options '--from' and '--to' need YYYY-MM."),
        (["budget", "check", "--month", "2026-1"], "Error: option '--month' needs YYYY-MM, this or last, not '2026-1'."),
    ]

    @Test("the first mistake is the one reported, the same way for every command", arguments: cases)
    func firstMistake(arguments: [String], message: String) throws {
        let harness = try CLITestHarness()
        try harness.createLedger()
        let result = harness.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
    }
}
