import Analytics
import Foundation
import PurseTestSupport
import Testing

/// A ledger in dollars and pounds with purchases in euros (clock 2026-11-15T12:00Z, TZ UTC), and
/// the ECB's rates per 1 EUR for a few October days, none after the 12th:
/// - CARD, Apple Card (USD, UTC): groceries 54.20 on 3 October, dining 80.00 on the 20th.
/// - UK, Monzo (GBP, Europe/London): salary 2,000.00 on the 1st, groceries 30.15 on Sunday the
///   4th (the Friday's rate), a 10.05 refund on the 6th, dining 99.99 on the 31st (no rate).
/// - EU, N26 (EUR, Europe/Berlin): dining 40.00 at 23:30 UTC on the 5th (the 6th in Berlin),
///   a 120.50 flight on the 12th, travel 60.00 on the 25th (no rate), 500.00 of income on the 12th.
/// September has a 25.00 GBP dinner on the 30th, for --compare.
struct ConvertedLedger {
    typealias F = ExportFixture
    let harness: CLITestHarness

    init() throws {
        harness = try CLITestHarness(copying: Self.shared)
    }

    static let shared = SharedLedger { database in try build(at: database) }

    static let ecb: [(day: String, usd: String, gbp: String)] = [
        ("2026-09-30", "1.1200", "0.8600"), ("2026-10-01", "1.1000", "0.8500"), ("2026-10-02", "1.1050", "0.8550"),
        ("2026-10-05", "1.0900", "0.8400"), ("2026-10-06", "1.0800", "0.8450"), ("2026-10-12", "1.0700", "0.8700"),
    ]

    static func build(at database: String) throws {
        let harness = try CLITestHarness(database: database)
        let export = try ExportFixture(in: harness.folder.url)
        try export.writeManifest(
            """
            {"format":"wallet-export","version":1,"sourceID":"S1","sourceName":"Phone","exportedAt":"2026-11-01T08:00:00Z",\
            "accountTimeZones":{"CARD":"UTC","UK":"Europe/London","EU":"Europe/Berlin"}}
            """)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("CARD", kind: "liability", name: "Apple Card"),
                    F.account("UK", name: "Monzo", currency: "GBP", institution: "Monzo"),
                    F.account("EU", name: "N26", currency: "EUR", institution: "N26"),
                ]))
        try export.append(
            "transactions/CARD",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction("C1", account: "CARD", date: "2026-10-03T12:00:00Z", amount: "54.20"),
                    F.transaction(
                        "C2", account: "CARD", date: "2026-10-20T12:00:00Z", amount: "80.00", mcc: 5812, merchant: "Nopa",
                        description: "NOPA"),
                ]))
        try export.append(
            "transactions/UK",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "U0", account: "UK", date: "2026-09-30T19:00:00Z", amount: "25.00", currency: "GBP", mcc: 5812,
                        merchant: "Dishoom", description: "DISHOOM"),
                    F.transaction(
                        "U1", account: "UK", date: "2026-10-01T09:00:00Z", amount: "2000.00", currency: "GBP", indicator: "credit",
                        type: "directDeposit", mcc: nil, merchant: "Acme Ltd", description: "SALARY"),
                    F.transaction(
                        "U2", account: "UK", date: "2026-10-04T09:00:00Z", amount: "30.15", currency: "GBP", merchant: "Tesco",
                        description: "TESCO"),
                    F.transaction(
                        "U3", account: "UK", date: "2026-10-06T09:00:00Z", amount: "10.05", currency: "GBP", indicator: "credit",
                        type: "refund", merchant: "Tesco", description: "TESCO"),
                    F.transaction(
                        "U4", account: "UK", date: "2026-10-31T23:30:00Z", amount: "99.99", currency: "GBP", mcc: 5812,
                        merchant: "Dishoom", description: "DISHOOM"),
                ]))
        try export.append(
            "transactions/EU",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction(
                        "E1", account: "EU", date: "2026-10-05T23:30:00Z", amount: "40.00", currency: "EUR", mcc: 5812,
                        merchant: "Borchardt", description: "BORCHARDT"),
                    F.transaction(
                        "E2", account: "EU", date: "2026-10-12T10:00:00Z", amount: "120.50", currency: "EUR", mcc: 4511,
                        merchant: "Lufthansa", description: "LUFTHANSA"),
                    F.transaction(
                        "E3", account: "EU", date: "2026-10-12T09:00:00Z", amount: "500.00", currency: "EUR", indicator: "credit",
                        type: "deposit", mcc: nil, merchant: "Finanzamt", description: "FINANZAMT"),
                    F.transaction(
                        "E4", account: "EU", date: "2026-10-25T10:00:00Z", amount: "60.00", currency: "EUR", mcc: 4722,
                        merchant: "Reisebüro", description: "REISEBUERO"),
                ]))
        let synced = harness.run(["sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
        let rates = harness.folder.file("ecb.csv")
        try Data(("Date,USD,GBP,\n" + ecb.map { "\($0.day),\($0.usd),\($0.gbp),\n" }.joined()).utf8).write(to: URL(fileURLWithPath: rates))
        let imported = harness.run(["prices", "import", rates])
        try #require(imported.status == 0, "\(imported.stderr)")
    }

    /// The warnings every converted October report gives on stderr.
    static let octoberWarnings = """
        Warning: 1 EUR transaction (€60.00) left out: no EUR->USD rate within 7 days before 2026-10-25; run 'purse prices import'
        Warning: 1 GBP transaction (£99.99) left out: no GBP->USD rate within 7 days before 2026-10-31; run 'purse prices import'

        """
}

/// `--convert-to` on `report spending`, `income` and `cashflow`, and budgets in every currency,
/// through the command line: every format of each compared with Golden/ConvertedReportCommandTests/;
/// `RECORD_GOLDEN=1 swift test --filter ConvertedReportCommandTests` rewrites them (and fails).
@Suite("Converted reports on the command line")
struct ConvertedReportCommandTests {
    let ledger: ConvertedLedger

    init() throws {
        ledger = try ConvertedLedger()
    }

    /// Runs a converted October report: exit 0, the left-out rows named on stderr (income has none).
    func converted(_ arguments: [String]) throws -> String {
        let result = ledger.harness.run(arguments + ["--month", "2026-10", "--convert-to", "USD"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stderr == (arguments[1] == "income" ? "" : ConvertedLedger.octoberWarnings), "\(arguments)")
        return result.stdout
    }

    @Test(
        "report spending --convert-to USD, every grouping in every format",
        arguments: SpendingReport.Grouping.allCases.flatMap { grouping in ["txt", "csv", "json"].map { (grouping, $0) } })
    func spending(grouping: SpendingReport.Grouping, format: String) throws {
        let output = try converted([
            "report", "spending", "--by", grouping.rawValue, "--format", format == "txt" ? "text" : format,
        ])
        try expectGolden(output, "spending-\(grouping.rawValue).\(format)")
    }

    @Test("report spending --compare --convert-to USD: the previous month converted too", arguments: ["txt", "json"])
    func spendingCompared(format: String) throws {
        let output = try converted(["report", "spending", "--compare", "--format", format == "txt" ? "text" : format])
        try expectGolden(output, "spending-compare.\(format)")
    }

    @Test("report income and report cashflow --convert-to USD, in every format", arguments: ["income", "cashflow"])
    func incomeAndCashflow(report: String) throws {
        for format in ["txt", "csv", "json"] {
            try expectGolden(
                try converted(["report", report, "--format", format == "txt" ? "text" : format]), "\(report).\(format)")
        }
    }

    @Test("--currency keeps to the currencies it names, each converted; only their left-out rows are named")
    func currencyNarrowsWhatIsConverted() {
        let result = ledger.harness.run([
            "report", "spending", "--month", "2026-10", "--currency", "GBP", "--convert-to", "USD", "--format", "csv",
        ])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                period,category,currency,spent,refunded,net,count
                2026-10,Groceries,USD,38.97,12.84,26.13,2

                """)
        #expect(
            result.stderr
                == "Warning: 1 GBP transaction (£99.99) left out: no GBP->USD rate within 7 days before 2026-10-31; run 'purse prices import'\n"
        )
    }

    @Test("a budget in every currency: set, reported with what was converted in every format, and checked")
    func budgetInEveryCurrency() throws {
        let set = ledger.harness.run(["budget", "set", "Air Travel", "100", "--currency", "USD", "--all-currencies", "--from", "2026-10"])
        #expect(set.status == 0)
        #expect(set.stderr == "Budget for Air Travel: $100.00 a month from 2026-10, rollover none, every currency converted into USD\n")
        #expect(
            ledger.harness.run(["budget", "set", "Travel", "20", "--currency", "USD", "--all-currencies", "--from", "2026-10"]).status == 0)
        #expect(ledger.harness.run(["budget", "set", "Dining", "50", "--currency", "GBP", "--from", "2026-10"]).status == 0)
        let warning =
            "Warning: 1 EUR transaction (€60.00) left out: no EUR->USD rate within 7 days before 2026-10-25; run 'purse prices import'\n"
        for format in ["txt", "csv", "json"] {
            let result = ledger.harness.run(["report", "budget", "--month", "2026-10", "--format", format == "txt" ? "text" : format])
            #expect(result.status == 0)
            #expect(result.stderr == warning)
            try expectGolden(result.stdout, "budget.\(format)")
        }
        let check = ledger.harness.run(["budget", "check", "--month", "2026-10"])
        #expect(check.status == 1)
        #expect(check.stderr == warning)
        try expectGolden(check.stdout, "budget-check.txt")
    }
}
