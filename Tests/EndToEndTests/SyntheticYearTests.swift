import Foundation
import PurseTestSupport
import Testing

/// The synthetic year syncs, and its only regular payments are the ones it was made with (the
/// salary coming in among them): groceries and dining never look recurring, so the tests of what
/// is coming see exactly those.
@Suite("Synthetic year")
struct SyntheticYearTests {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        try SyntheticYear.syncedLedger(at: database, in: folder.url)
    }

    @Test("the recurring series are the salary, the rent and the two subscriptions, as of the given day")
    func recurringSeries() throws {
        let result = try purse.run(
            ["--db", database, "--now", SyntheticYear.today, "report", "recurring", "--format", "csv"], environment: ["TZ": "UTC"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = CSVRows.parse(result.stdout)
        // The salary has no merchant: its description names it.
        #expect(rows.map { $0["merchant"] ?? "" } == ["DIRECTDEPOSIT", "Netflix", "Oak Street Properties", "Spotify"])
        #expect(
            rows.map { $0["typical_amount"] ?? "" }
                == [SyntheticYear.salary, SyntheticYear.netflix, SyntheticYear.rent, SyntheticYear.spotify].map(SyntheticYear.decimal))
        #expect(rows.map { $0["next_date"] ?? "" } == ["2026-11-01", "2026-11-05", "2026-10-25", "2026-11-12"])
        #expect(rows.map { $0["flow"] ?? "" } == ["income", "expense", "expense", "expense"])
    }

    @Test("the balances are the entries' sums")
    func balances() throws {
        let result = try purse.run(
            [
                "--db", database, "--now", SyntheticYear.today, "report", "trend", "--from", "2026-09-01", "--to", "2026-09-30", "--format",
                "csv",
            ],
            environment: ["TZ": "UTC"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = CSVRows.parse(result.stdout)
        let september = [SyntheticYear.card, SyntheticYear.checking, SyntheticYear.savings].map {
            SyntheticYear.decimal(SyntheticYear.balance(of: $0, through: "2026-09-30"))
        }
        #expect(Set(rows.map { $0["balance"] ?? "" }) == Set(september))
    }
}
