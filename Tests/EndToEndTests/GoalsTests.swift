import Foundation
import PurseTestSupport
import Testing

/// Goals on the synthetic year, on 20 October 2026: every figure computed here from the year's
/// entries (`SyntheticYear.balance`), never copied from purse's output.
@Suite("Goals")
struct GoalsTests {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        try SyntheticYear.syncedLedger(at: database, in: folder.url)
    }

    func run(_ arguments: [String]) throws -> PurseBinary.Result {
        try purse.run(["--db", database, "--now", SyntheticYear.today] + arguments, environment: ["TZ": "UTC"])
    }

    /// The figures a goal should have on 20 October 2026, in cents: `balance` is the account's
    /// signed balance through a day; a liability's goal works on what it owes.
    struct Expected {
        let saved: Int64
        let remaining: Int64
        let monthsLeft: Int64
        let perMonth: Int64
        let progress: Int64
        var onTrack: Bool { remaining == 0 || progress >= 3 * perMonth }

        init(account: String, target: Int64, monthsLeft: Int64, payingDown: Bool) {
            let sign: Int64 = payingDown ? -1 : 1
            saved = sign * SyntheticYear.balance(of: account, through: SyntheticYear.today)
            remaining = max(0, payingDown ? saved - target : target - saved)
            self.monthsLeft = monthsLeft
            perMonth = (remaining + monthsLeft - 1) / monthsLeft
            // The last three whole months: the end of June to the end of September.
            progress =
                SyntheticYear.balance(of: account, through: "2026-09-30") - SyntheticYear.balance(of: account, through: "2026-06-30")
        }

        func row(_ goal: String, account: String, target: Int64, by: String) -> [String: String] {
            [
                "goal": goal, "account": account, "target": SyntheticYear.decimal(target), "currency": "USD", "by": by,
                "saved": SyntheticYear.decimal(saved), "remaining": SyntheticYear.decimal(remaining),
                "months_left": String(monthsLeft), "per_month": SyntheticYear.decimal(perMonth), "on_track": onTrack ? "yes" : "no",
            ]
        }
    }

    static let emergency = Expected(account: SyntheticYear.savings, target: 1_000_000, monthsLeft: 9, payingDown: false)
    static let card = Expected(account: SyntheticYear.card, target: 0, monthsLeft: 6, payingDown: true)

    func setBoth() throws {
        let savings = try run(["goal", "set", "Emergency fund", "10000", "--by", "2027-06", "--account", "Savings"])
        #expect(savings.status == 0, "\(savings.stderr)")
        #expect(savings.stdout == "")
        #expect(savings.stderr == "Goal Emergency fund added: Savings up to $10,000.00 by 2027-06\n")
        let card = try run(["goal", "set", "Card paid off", "0", "--by", "2027-03", "--account", "apple card", "--currency", "USD"])
        #expect(card.status == 0, "\(card.stderr)")
        #expect(card.stderr == "Goal Card paid off added: Apple Card down to $0.00 by 2027-03\n")
    }

    @Test("goal list: saved, remaining, months left, per month and on track from the account's balances")
    func listFigures() throws {
        try setBoth()
        let list = try run(["goal", "list", "--format", "csv"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.hasPrefix("goal,account,target,currency,by,saved,remaining,months_left,per_month,on_track\n"))
        let rows = CSVRows.parse(list.stdout)
        // By name ignoring case: "Card paid off" before "Emergency fund".
        #expect(
            rows == [
                Self.card.row("Card paid off", account: "Apple Card", target: 0, by: "2027-03"),
                Self.emergency.row("Emergency fund", account: "Savings", target: 1_000_000, by: "2027-06"),
            ])
        // What the year makes of them: the savings grow $450 a month, enough; the card is never paid.
        #expect(Self.emergency.onTrack)
        #expect(!Self.card.onTrack)
    }

    @Test("a goal off track makes goal check exit 1 with its line; on track alone it is silent")
    func check() throws {
        let none = try run(["goal", "check"])
        #expect(none.status == 0 && none.stdout == "" && none.stderr == "")
        try setBoth()
        let card = Self.card
        let check = try run(["goal", "check"])
        #expect(check.status == 1)
        #expect(
            check.stdout
                == "off track: Card paid off (Apple Card): \(SyntheticYear.dollars(card.remaining)) left to pay down by March 2027, "
                + "\(SyntheticYear.dollars(card.perMonth)) a month for 6 months; its debt grew \(SyntheticYear.dollars(-card.progress)) over "
                + "July 2026 to September 2026\n")
        #expect(check.stderr == "")
        let removed = try run(["goal", "remove", "card PAID off"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stderr == "Goal Card paid off removed\n")
        let quiet = try run(["goal", "check"])
        #expect(quiet.status == 0 && quiet.stdout == "" && quiet.stderr == "")
    }

    @Test("a goal whose month passed with money still to go is off track, and its line says so")
    func passed() throws {
        let set = try run(["goal", "set", "Late", "10000", "--by", "2026-10", "--account", "Savings"])
        #expect(set.status == 0, "\(set.stderr)")
        let later = try purse.run(["--db", database, "--now", "2026-12-15", "goal", "check"], environment: ["TZ": "UTC"])
        // Saved is the latest balance (19 October); the pace is taken from the end of August to the end of November.
        let saved = SyntheticYear.balance(of: SyntheticYear.savings, through: "2026-11-30")
        let grew = saved - SyntheticYear.balance(of: SyntheticYear.savings, through: "2026-08-31")
        #expect(later.status == 1, "\(later.stderr)")
        #expect(
            later.stdout
                == "off track: Late (Savings): \(SyntheticYear.dollars(1_000_000 - saved)) left to save by October 2026, which has passed; "
                + "saved \(SyntheticYear.dollars(grew)) over September 2026 to November 2026\n")
        let list = CSVRows.parse(try purse.run(["--db", database, "--now", "2026-12-15", "goal", "list", "--format", "csv"]).stdout)
        #expect(list.first?["months_left"] == "0")
        #expect(list.first?["on_track"] == "no")
    }

    @Test("setting a goal again by name, in any case, replaces it")
    func replace() throws {
        try setBoth()
        let again = try run(["goal", "set", "EMERGENCY FUND", "12000.50", "--by", "2026-10", "--account", "Savings"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr == "Goal EMERGENCY FUND replaced: Savings up to $12,000.50 by 2026-10\n")
        let rows = CSVRows.parse(try run(["goal", "list", "--format", "csv"]).stdout)
        #expect(rows.map { $0["goal"] } == ["Card paid off", "EMERGENCY FUND"])
        let saved = SyntheticYear.balance(of: SyntheticYear.savings, through: SyntheticYear.today)
        // This month is the goal's month: one month left, the whole remainder due in it.
        #expect(rows[1]["months_left"] == "1")
        #expect(rows[1]["remaining"] == SyntheticYear.decimal(1_200_050 - saved))
        #expect(rows[1]["per_month"] == SyntheticYear.decimal(1_200_050 - saved))
    }

    @Test("the refusals: an unknown account, another currency than the account's, a month gone by or none, a bad target, an unknown goal")
    func refusals() throws {
        let cases: [([String], String)] = [
            (
                ["goal", "set", "Trip", "100", "--by", "2027-01", "--account", "Savngs"],
                "Error: no account with the ID or name 'Savngs' (see 'purse accounts'). Did you mean 'Savings'?"
            ),
            (
                ["goal", "set", "Trip", "100", "--by", "2027-01", "--account", "Savings", "--currency", "EUR"],
                "Error: --currency EUR is not the currency of Savings, which is USD."
            ),
            (
                ["goal", "set", "Trip", "100", "--by", "2026-09", "--account", "Savings"],
                "Error: --by 2026-09 is before this month (2026-10)."
            ),
            (
                ["goal", "set", "Trip", "100", "--account", "Savings"],
                "Error: --by YYYY-MM is required: the month by whose end to reach the goal."
            ),
            (
                ["goal", "set", "Trip", "1.2.3", "--by", "2027-01", "--account", "Savings"],
                "Error: TARGET must be a decimal amount such as 400 or 400.00, not '1.2.3'."
            ),
            (
                ["goal", "remove", "Emergency fnd"],
                "Error: no goal named 'Emergency fnd' (see 'purse goal list'). Did you mean 'Emergency fund'?"
            ),
        ]
        try setBoth()
        for (arguments, message) in cases {
            let result = try run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").first.map(String.init) == message, "\(result.stderr)")
        }
        #expect(CSVRows.parse(try run(["goal", "list", "--format", "csv"]).stdout).count == 2)
    }

    @Test("goal list as text, CSV and JSON", arguments: ["text", "csv", "json"])
    func golden(format: String) throws {
        try setBoth()
        let list = try run(["goal", "list", "--format", format])
        #expect(list.status == 0, "\(list.stderr)")
        try expectGolden(list.stdout, "goal-list.\(format == "text" ? "txt" : format)")
    }

    @Test("the summary's Goals section: as of today in the running month, as of its last day for a month gone by")
    func summary() throws {
        try setBoth()
        let running = CSVRows.parse(try run(["report", "summary", "--month", "2026-10", "--format", "csv", "--no-record"]).stdout)
        func facts(_ rows: [[String: String]], _ goal: String) -> [String: String] {
            Dictionary(
                uniqueKeysWithValues: rows.filter { $0["section"] == "goal" && $0["item"] == goal }.map { ($0["measure"]!, $0["value"]!) })
        }
        let expected = Self.emergency.row("Emergency fund", account: "Savings", target: 1_000_000, by: "2027-06")
        #expect(
            facts(running, "Emergency fund")
                == [
                    "target": expected["target"]!, "by": "2027-06", "saved": expected["saved"]!, "remaining": expected["remaining"]!,
                    "months_left": "9", "per_month": expected["per_month"]!, "on_track": "yes",
                ])
        let september = CSVRows.parse(try run(["report", "summary", "--month", "2026-09", "--format", "csv", "--no-record"]).stdout)
        let savedThen = SyntheticYear.balance(of: SyntheticYear.savings, through: "2026-09-30")
        #expect(facts(september, "Emergency fund")["saved"] == SyntheticYear.decimal(savedThen))
        #expect(facts(september, "Emergency fund")["months_left"] == "10")
        let text = try run(["report", "summary", "--month", "2026-10", "--no-record"])
        #expect(text.stdout.contains("\nGoals, as of 20 October 2026\n"), "\(text.stdout)")
        let json = try run(["report", "summary", "--month", "2026-10", "--format", "json", "--no-record"])
        #expect(json.stdout.contains("\"goals\": ["))
    }

    @Test("without goals the summary has no Goals section in any form")
    func summaryWithoutGoals() throws {
        for format in ["text", "csv", "json", "html"] {
            let summary = try run(["report", "summary", "--month", "2026-10", "--format", format, "--no-record"])
            #expect(summary.status == 0, "\(summary.stderr)")
            #expect(!summary.stdout.contains("Goals") && !summary.stdout.contains("goal"), "\(format)")
        }
    }
}
