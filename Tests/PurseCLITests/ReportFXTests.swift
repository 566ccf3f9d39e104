import Analytics
import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Testing

/// The ledger behind `report fx` (clock 2026-11-15T12:00Z, TZ UTC): an Apple Card in dollars with
/// purchases in euros and pounds, a euro refund, one purchase past the last rate, a pending one
/// and a domestic one; a Monzo account in pounds with a euro purchase. ECB rates (per 1 EUR) on
/// Thursday 1, Friday 2, Monday 5 and Friday 9 October: the weekend of the 3rd and 4th has none.
struct FXLedger {
    typealias F = ExportFixture
    let harness: CLITestHarness

    init() throws {
        harness = try CLITestHarness(copying: Self.shared)
    }

    static let shared = SharedLedger { database in try build(at: database) }

    static let rates: [(day: String, usd: String, gbp: String)] = [
        ("2026-10-01", "1.0850", "0.8560"), ("2026-10-02", "1.0875", "0.8566"), ("2026-10-05", "1.0912", "0.8570"),
        ("2026-10-09", "1.0900", "0.8550"),
    ]

    static func build(at database: String) throws {
        let harness = try CLITestHarness(database: database)
        let export = try ExportFixture(in: harness.folder.url)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("CARD", kind: "liability", name: "Apple Card"), F.account("MONZO", name: "Monzo", currency: "GBP"),
                ]))
        try export.append(
            "transactions/CARD",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "T1", account: "CARD", date: "2026-10-02T12:00:00Z", amount: "49.95", mcc: 5812, merchant: "Café de Flore, Paris",
                        foreign: ("45.00", "EUR", "1.11")),
                    // Sunday: Friday's rate is the reference; the card's rate beat it.
                    F.transaction(
                        "T2", account: "CARD", date: "2026-10-04T10:00:00Z", amount: "21.60", mcc: 7991, merchant: "Musée du Louvre",
                        foreign: ("20.00", "EUR", "1.08")),
                    // Pounds on a dollar card: crossed through EUR on Monday.
                    F.transaction(
                        "T3", account: "CARD", date: "2026-10-05T15:00:00Z", amount: "128.50", mcc: 5311, merchant: "Harrods",
                        foreign: ("100.00", "GBP", "1.285")),
                    F.transaction(
                        "R1", account: "CARD", date: "2026-10-06T09:00:00Z", amount: "11.10", indicator: "credit", type: "refund",
                        mcc: 5812, merchant: "Café de Flore, Paris", foreign: ("10.00", "EUR", "1.11")),
                    // Eleven days after the last rate: no reference.
                    F.transaction(
                        "T4", account: "CARD", date: "2026-10-20T18:00:00Z", amount: "8.90", mcc: 5814, merchant: "=Gelato",
                        foreign: ("8.00", "EUR", "1.1125")),
                    F.transaction(
                        "P1", account: "CARD", date: "2026-10-21T12:00:00Z", amount: "5.60", status: "pending", merchant: "Boulangerie",
                        foreign: ("5.00", "EUR", "1.12")),
                    F.transaction("D1", account: "CARD", date: "2026-10-07T12:00:00Z", amount: "54.20"),
                ]))
        try export.append(
            "transactions/MONZO",
            F.changeSet(
                "M", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "M1", account: "MONZO", date: "2026-10-09T12:00:00Z", amount: "26.10", currency: "GBP", mcc: 5812,
                        merchant: "Le Comptoir", foreign: ("30.00", "EUR", "0.87"))
                ]))
        let synced = harness.run(["sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
        let file = harness.folder.file("eurofxref-hist.csv")
        let lines = ["Date,USD,GBP,"] + rates.reversed().map { "\($0.day),\($0.usd),\($0.gbp)," }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
        let imported = harness.run(["--quiet", "prices", "import", file])
        try #require(imported.status == 0, "\(imported.stderr)")
    }
}

@Suite("report fx")
struct ReportFXTests {
    let ledger: FXLedger

    init() throws {
        ledger = try FXLedger()
    }

    func run(_ arguments: [String]) -> CLITestHarness.Result {
        ledger.harness.run(["report", "fx", "--month", "2026-10"] + arguments)
    }

    @Test("text: every foreign purchase with its card and reference rates and markup, then totals per account and currency")
    func text() throws {
        let result = run([])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "fx.txt")
        #expect(
            result.stderr
                == "Warning: 1 EUR purchase (€8.00) without a reference rate: no EUR->USD rate within 7 days before 2026-10-20; "
                + "run 'purse prices import'\n")
    }

    @Test("CSV: exactly the issue's columns, rows only; no reference leaves reference_rate, markup_percent and markup empty")
    func csv() throws {
        let result = run(["--format", "csv"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "fx.csv")
        #expect(
            result.stdout.split(separator: "\n").first
                == "date,account_id,account,merchant,foreign_amount,foreign_currency,amount,currency,card_rate,reference_rate,markup_percent,markup"
        )
        #expect(result.stderr.hasPrefix("Warning: 1 EUR purchase (€8.00) without a reference rate"))
    }

    @Test("JSON: schema purse.fx.v1, rows with the reference's day and amount, totals, and what had no reference")
    func json() throws {
        let result = run(["--format", "json"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "fx.json")
        #expect(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) is [String: Any])
    }

    @Test("--include-pending lists the pending purchase; --account and --currency narrow the rows")
    func scope() throws {
        let pending = run(["--include-pending", "--format", "csv"]).stdout
        #expect(pending.contains(",Boulangerie,5.00,EUR,5.60,USD,1.12,,,\n"))
        let monzo = run(["--account", "Monzo", "--format", "csv"])
        #expect(
            monzo.stdout == """
                date,account_id,account,merchant,foreign_amount,foreign_currency,amount,currency,card_rate,reference_rate,markup_percent,markup
                2026-10-09,MONZO,Monzo,Le Comptoir,30.00,EUR,26.10,GBP,0.87,0.855,1.75,0.45

                """)
        #expect(monzo.stderr == "")
        #expect(run(["--currency", "GBP", "--format", "csv"]).stdout == monzo.stdout)
    }

    @Test("a month without foreign purchases, in text")
    func empty() {
        let result = ledger.harness.run(["report", "fx", "--month", "2026-09"])
        #expect(
            result.stdout == """
                What the card's exchange cost, 2026-09-01 to 2026-09-30 (times in UTC).

                No purchases in another currency in this period.

                """)
        #expect(result.stderr == "")
    }

    @Test("the summary's figures: per account currency and foreign currency, the markup and the foreign amount it was paid on")
    func cardCosts() throws {
        let store = try LedgerStore(path: ledger.harness.database, mode: .readOnly, now: Timestamp.utc(epochSeconds: 1_794_744_000))
        let accounts = try ReportAccounts(store: store, base: #require(ReportTimeZone(identifier: "UTC")))
        let costs = try FXAnalysis.cardCosts(store, month: YearMonth(year: 2026, month: 10), accounts: accounts)
        #expect(costs.map { [$0.currency, $0.foreignCurrency] } == [["GBP", "EUR"], ["USD", "EUR"], ["USD", "GBP"]])
        // €45.00 - €10.00 + €20.00 with a reference; the €8.00 without one is counted apart.
        #expect(costs.map(\.sums.markup) == [4_500, 6_745, 11_721])
        #expect(costs.map(\.sums.foreignAmount) == [300_000, 550_000, 1_000_000])
        #expect(costs.map(\.sums.unreferenced) == [0, 1, 0])
    }
}
