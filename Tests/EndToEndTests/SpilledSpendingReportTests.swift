import Foundation
import PurseTestSupport
import Testing

/// `report spending --by merchant` with more rows than a report holds in memory (they go to a
/// temporary database) through the real binary: every format says what each month's own
/// report, small enough to be held, says.
@Suite("Spending with more rows than are held")
struct SpilledSpendingReportTests {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()
    static let months = ["2026-08", "2026-09", "2026-10"]

    /// 9,300 charges at 3,100 merchants in each of three months: 9,300 rows by merchant.
    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1", name: "Checking")]))
        var inserted: [String] = []
        for (monthIndex, month) in Self.months.enumerated() {
            for merchant in 0..<3_100 {
                inserted.append(
                    F.transaction(
                        "T\(monthIndex)-\(merchant)", account: "A1", date: "\(month)-\(10 + merchant % 18)T12:00:00Z",
                        amount: "\(1 + (merchant * 7 + monthIndex) % 400).\(10 + merchant % 90)",
                        merchant: merchant % 3 == 0 ? "Caf\u{E9} \(merchant)" : "Shop \(merchant)", description: "SHOP"))
            }
        }
        try export.append("transactions/A1", F.changeSet("T", 1, snapshot: true, inserted: inserted))
        try #require(try purse.run(["--db", database, "sync", export.path]).status == 0)
    }

    func run(_ arguments: [String]) throws -> String {
        let result = try purse.run(["--db", database, "--now", "2026-11-20"] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(arguments)")
        return result.stdout
    }

    @Test("CSV, JSON and text list the months' own rows, in order, and the same totals")
    func theMonthsOwnRows() throws {
        var csvLines: [Substring] = []
        var jsonRows: [NSDictionary] = []
        for month in Self.months {
            csvLines += try run(["report", "spending", "--by", "merchant", "--month", month, "--format", "csv"])
                .split(separator: "\n").dropFirst()
            let report = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(try run(["report", "spending", "--by", "merchant", "--month", month, "--format", "json"]).utf8))
                    as? [String: Any])
            jsonRows += try #require(report["rows"] as? [NSDictionary])
        }
        #expect(csvLines.count == 9_300)
        let span = ["report", "spending", "--by", "merchant", "--from", "2026-08-01", "--to", "2026-10-31"]
        #expect(Array(try run(span + ["--format", "csv"]).split(separator: "\n").dropFirst()) == csvLines)
        let whole = try #require(
            try JSONSerialization.jsonObject(with: Data(try run(span + ["--format", "json"]).utf8)) as? [String: Any])
        #expect(try #require(whole["rows"] as? [NSDictionary]) == jsonRows)
        let totals = try #require(whole["totals"] as? [[String: Any]])
        #expect(totals.map { $0["count"] as? Int } == [9_300])
        // Text: each row's month and merchant, in the CSV's order, and the total once.
        let text = try run(span)
        let listed = text.split(separator: "\n").compactMap { line -> String? in
            let cells = line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let month = cells.first, Self.months.contains(month) else { return nil }
            return "\(month),\(cells[1])"
        }
        #expect(listed == CSVRows.parse(try run(span + ["--format", "csv"])).map { "\($0["period"] ?? ""),\($0["merchant"] ?? "")" })
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("Total ") }.count == 1)
    }
}
