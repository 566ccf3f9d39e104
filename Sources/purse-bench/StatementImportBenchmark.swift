import Foundation
import Ledger

/// "bank CSV import": a bank CSV of date, description and amount columns, generated (ten years,
/// oldest first, a few identical rows a day), imported into a new ledger. Its peak memory is
/// the figure: a file is read and written as it streams, so it stays flat however many rows.
struct StatementImportBenchmark {
    static let phase = "bank CSV import"

    let file: String
    let database: String

    /// 200,000 rows, and the largest size asked for above it.
    static func sizes(_ sizes: [Int]) -> [Int] {
        [200_000] + (sizes.filter { $0 > 200_000 }.max().map { [$0] } ?? [])
    }

    init(rows: Int, work: String) throws {
        file = work + "/bank-\(rows).csv"
        database = work + "/bank-\(rows).sqlite"
        BenchmarkCommand.log("generating a bank CSV of \(rows) rows")
        FileManager.default.createFile(atPath: file, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        let merchants = ["COFFEE SHOP", "GROCERY STORE", "PETROL STATION", "PHARMACY", "BOOKSHOP", "RENT", "SALARY"]
        var text = "Date,Description,Amount\n"
        for row in 0..<rows {
            let day = Self.day(row * 3650 / rows)
            // Every 50th row repeats the one before it (two coffees of one day).
            let number = row % 50 == 1 ? row - 1 : row
            let merchant = merchants[number % merchants.count]
            let cents = -(number * 7919 % 20_000) - 100
            let description = merchant == "RENT" || merchant == "SALARY" ? merchant : "\(merchant) \(number % 997)"
            text += "\(day),\(description),\(cents / 100).\(String(format: "%02d", -cents % 100))\n"
            if text.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Day `offset` from 2016-11-01, as YYYY-MM-DD.
    static func day(_ offset: Int) -> String {
        CivilDate(daysSinceEpoch: 17_106 + offset).description
    }

    func reset() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    }

    var arguments: [String] {
        [
            "--db", database, "--quiet", "import", file, "--new-account", "Bench Bank", "--kind", "asset", "--currency", "USD",
            "--columns", "date=Date,description=Description,amount=Amount", "--date-format", "YYYY-MM-DD",
        ]
    }
}
