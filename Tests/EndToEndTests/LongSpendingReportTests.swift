import Foundation
import PurseTestSupport
import Testing

/// `report spending --by merchant` over many months through the real binary: read a month at a
/// time, its rows more than a report holds in memory (8,192; the rest wait in a temporary
/// database), it must say what each month's own report (small enough to be held) says, in every
/// format, and compare each month with its own month before.
@Suite("Spending by merchant over many months")
struct LongSpendingReportTests {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()
    /// The report's fourteen months, 2025-09 to 2026-10.
    static let months: [String] = (0..<14).map { (index: Int) -> String in
        let month = 2025 * 12 + 8 + index
        return String(format: "%04d-%02d", month / 12, month % 12 + 1)
    }

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        try Self.shared.copy(to: database)
    }

    /// Synced once for the suite's tests: 20,000 charges take seconds.
    static let shared = SharedLedger { database in try build(at: database) }

    /// 20,000 seeded charges and refunds from 2024-09 to 2026-10 (twelve months more than the
    /// report, for `--compare`) at 5,000 merchants, in dollars and euros, on two accounts of two
    /// zones.
    static func build(at database: String) throws {
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true, inserted: [F.account("A1", name: "Checking"), F.account("A2", name: "Euro", currency: "EUR")]))
        var random = SeededRandom(state: 29)
        var transactions: [String: [String]] = [:]
        for index in 0..<20_000 {
            let account = random.below(3) == 0 ? "A2" : "A1"
            let month = random.below(26)
            let date = String(
                format: "%04d-%02d-%02dT%02d:30:00%@", 2024 + (month + 8) / 12, (month + 8) % 12 + 1, 1 + random.below(28),
                random.below(24), account == "A1" ? "-07:00" : "+01:00")
            let isRefund = random.below(6) == 0
            transactions[account, default: []].append(
                F.transaction(
                    "T\(index)", account: account, date: date, amount: "\(1 + random.below(300)).\(10 + random.below(90))",
                    currency: account == "A2" ? "EUR" : "USD", indicator: isRefund ? "credit" : "debit",
                    type: isRefund ? "refund" : "pointOfSale", mcc: [5812, 5411, 5999][random.below(3)],
                    merchant: "Shop \(random.below(5_000))", description: "SHOP"))
        }
        for (account, inserted) in transactions.sorted(by: { $0.key < $1.key }) {
            try export.append("transactions/\(account)", F.changeSet("T", 1, snapshot: true, inserted: inserted))
        }
        try #require(try PurseBinary().run(["--db", database, "sync", export.path]).status == 0)
    }

    func run(_ arguments: [String]) throws -> String {
        let result = try purse.run(["--db", database, "--now", "2026-11-20"] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(arguments)")
        return result.stdout
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(try run(arguments + ["--format", "json"]).utf8)) as? [String: Any])
    }

    static let span = ["--from", "2025-09-01", "--to", "2026-10-31"]

    @Test("its CSV and JSON rows are each month's own report's rows, month after month, and its totals their sums")
    func theMonthsOwnRows() throws {
        var csvLines: [Substring] = []
        var jsonRows: [NSDictionary] = []
        var counts: [String: Int] = [:]
        for month in Self.months {
            let csv = try run(["report", "spending", "--by", "merchant", "--month", month, "--format", "csv"])
            csvLines += csv.split(separator: "\n").dropFirst()
            let report = try json(["report", "spending", "--by", "merchant", "--month", month])
            jsonRows += try #require(report["rows"] as? [NSDictionary])
            for total in try #require(report["totals"] as? [[String: Any]]) {
                counts[total["currency"] as! String, default: 0] += total["count"] as! Int
            }
        }
        #expect(csvLines.count > 8_192)
        let csv = try run(["report", "spending", "--by", "merchant", "--format", "csv"] + Self.span)
        #expect(csv.split(separator: "\n").first == "period,merchant,category,currency,spent,refunded,net,count")
        #expect(Array(csv.split(separator: "\n").dropFirst()) == csvLines)
        let report = try json(["report", "spending", "--by", "merchant"] + Self.span)
        #expect(try #require(report["rows"] as? [NSDictionary]) == jsonRows)
        let totals = try #require(report["totals"] as? [[String: Any]])
        #expect(Dictionary(uniqueKeysWithValues: totals.map { ($0["currency"] as! String, $0["count"] as! Int) }) == counts)
    }

    @Test("its text lists every row of the CSV, in the same order, under its currency, and each currency's total")
    func textListsEveryRow() throws {
        let csv = CSVRows.parse(try run(["report", "spending", "--by", "merchant", "--format", "csv"] + Self.span))
        let text = try run(["report", "spending", "--by", "merchant"] + Self.span)
        var currency = ""
        var listed: [String] = []
        var totals = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if ["USD", "EUR"].contains(line) { currency = String(line) }
            let cells = line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.first == "Total" { totals += 1 }
            guard let period = cells.first, Self.months.contains(period), cells.count > 2 else { continue }
            listed.append("\(currency) \(period) \(cells[1])")
        }
        var expected: [String] = []
        for currency in ["EUR", "USD"] {
            for row in csv where row["currency"] == currency {
                expected.append("\(currency) \(row["period"] ?? "") \(row["merchant"] ?? "")")
            }
        }
        #expect(listed == expected)
        #expect(totals == 2)
    }

    @Test(
        "with --compare, each row's previous net is its key's net fourteen months before, and what was bought only then shows with nothing now"
    )
    func comparedWithTheMonthsBefore() throws {
        let compared = try #require(
            try json(["report", "spending", "--by", "merchant", "--compare"] + Self.span)["rows"] as? [[String: Any]])
        let before = try #require(
            try json(["report", "spending", "--by", "merchant", "--from", "2024-07-01", "--to", "2025-08-31"])["rows"] as? [[String: Any]])
        func key(_ row: [String: Any], shift: Int = 0) -> String {
            let period = row["period"] as! String
            let index = Int(period.prefix(4))! * 12 + Int(period.suffix(2))! - 1 + shift
            let month = String(format: "%04d-%02d", index / 12, index % 12 + 1)
            return "\(month) \(row["merchant"]!) \(row["category"]!) \(row["currency"]!)"
        }
        let previous = Dictionary(uniqueKeysWithValues: before.map { (key($0, shift: 14), $0["net"] as! String) })
        var onlyBefore = 0
        for row in compared {
            #expect((row["previous_net"] as? String) == previous[key(row)] ?? "0.00", "\(key(row))")
            if row["count"] as? Int == 0 { onlyBefore += 1 }
        }
        let nowKeys = Set(compared.filter { $0["count"] as? Int != 0 }.map { key($0) })
        #expect(onlyBefore == previous.keys.filter { !nowKeys.contains($0) && Self.months.contains(String($0.prefix(7))) }.count)
        #expect(onlyBefore > 0)
    }
}
