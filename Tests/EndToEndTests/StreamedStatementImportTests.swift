import Foundation
import PurseTestSupport
import Testing

/// `purse import` of files larger than the chunks it reads them in (64 KiB): every row and
/// character whole across the chunks, identical rows told apart however the file orders its days,
/// and a bad row at the very end still leaves the ledger as it was.
@Suite("Statement import as it streams")
struct StreamedStatementImportTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()
    static let bank = ["--account", "Bank", "--columns", "date=1,description=2,amount=3"]

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = folder.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Rows over 2025, oldest first, every 40th repeating the one before it (two coffees).
    static func rows(_ count: Int) -> [(date: String, description: String, cents: Int)] {
        (0..<count).map { row in
            let number = row % 40 == 1 ? row - 1 : row
            let day = 1 + number * 365 / count
            let month = min(12, 1 + (day - 1) / 31)
            return (
                String(format: "2025-%02d-%02d", month, 1 + (day - 1) % 28), "CAF\u{C9} \(number % 97)", -(100 + number * 37 % 9_000)
            )
        }
    }

    static func line(_ row: (date: String, description: String, cents: Int)) -> String {
        "\(row.date),\(row.description),-\(-row.cents / 100).\(String(format: "%02d", -row.cents % 100))\n"
    }

    /// The ledger's rows as `export transactions` gives them: date, signed amount, description.
    func ledgerRows() throws -> [String] {
        let csv = try run(["export", "transactions", "--from", "2000-01-01", "--to", "2030-12-31"]).stdout
        return CSVRows.parse(csv).map { row in
            "\(row["transaction_date"]?.prefix(10) ?? "") \(row["signed_amount"] ?? "") \(row["description"] ?? "")"
        }.sorted()
    }

    func makeBank() throws {
        let first = try write("first.csv", Array("Date,Text,Amount\n2024-12-31,OPENING,100.00\n".utf8))
        let made = try run([
            "import", first, "--new-account", "Bank", "--kind", "asset", "--currency", "EUR", "--columns", "date=1,description=2,amount=3",
        ])
        #expect(made.status == 0, "\(made.stderr)")
    }

    @Test("A bad row at the end of a file of many chunks is exit 65 naming its line; the ledger stays as it was; fixed, every row is in")
    func badLastRow() throws {
        try makeBank()
        let before = try ledgerRows()
        let rows = Self.rows(6_000)
        let body = "Date,Text,Amount\n" + rows.map(Self.line).joined()
        #expect(body.utf8.count > 2 << 16)
        let bad = try write("bad.csv", Array((body + "2025-12-31,LAST,-1.2.3\n").utf8))
        let refused = try run(["import", bad] + Self.bank)
        #expect(refused.status == 65)
        #expect(refused.stderr == "Error: \(bad):\(rows.count + 2): Amount: '-1.2.3' is not an amount\n")
        #expect(try ledgerRows() == before)

        let good = try write("good.csv", Array(body.utf8))
        let imported = try run(["import", good] + Self.bank)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr == "\(good): 6000 transactions (6000 new, 0 changed), 0 balances into 'Bank'\n")
        let expected = rows.map { "\($0.date) -\(-$0.cents / 100).\(String(format: "%02d", -$0.cents % 100)) \($0.description)" }
        #expect(try ledgerRows() == (before + expected).sorted())
        #expect(try run(["status", "--check"]).status == 0)
    }

    @Test("Identical rows of one day stay apart in a file whose days come back; its rows in day order are the same transactions")
    func daysOutOfOrder() throws {
        try makeBank()
        let rows = [
            "2025-03-01,COFFEE,-3.00", "2025-03-01,COFFEE,-3.00", "2025-03-02,TEA,-2.00", "2025-03-01,COFFEE,-3.00",
            "2025-03-02,TEA,-2.00", "2025-03-03,BREAD,-1.00", "2025-03-01,COFFEE,-3.00",
        ]
        let mixed = try write("mixed.csv", Array(("Date,Text,Amount\n" + rows.map { $0 + "\n" }.joined()).utf8))
        let imported = try run(["import", mixed] + Self.bank)
        #expect(imported.stderr == "\(mixed): 7 transactions (7 new, 0 changed), 0 balances into 'Bank'\n")
        // A stable sort by day keeps identical rows in their order: the n-th coffee stays the n-th.
        let ordered = rows.enumerated().sorted { ($0.element.prefix(10), $0.offset) < ($1.element.prefix(10), $1.offset) }.map(\.element)
        let sorted = try write("sorted.csv", Array(("Date,Text,Amount\n" + ordered.map { $0 + "\n" }.joined()).utf8))
        let again = try run(["import", sorted] + Self.bank)
        #expect(again.stderr == "\(sorted): 7 transactions (0 new, 0 changed), 0 balances into 'Bank'\n")
        #expect(try ledgerRows().filter { $0.hasSuffix("COFFEE") }.count == 4)
    }

    @Test("A Windows-1252 file's letters and a UTF-8 file's characters are whole where a chunk ends inside them")
    func charactersAcrossChunks() throws {
        try makeBank()
        let header = Array("Date,Text,Amount\n".utf8)
        // A description that runs over the first 64 KiB, with the letter at its last byte or across it.
        let files = [("latin.csv", "2025-04", "\u{C9}", [UInt8(0xC9)]), ("utf8.csv", "2025-05", "\u{20AC}", Array("\u{20AC}".utf8))]
        for (name, month, letter, encoded) in files {
            let filler = [UInt8](repeating: UInt8(ascii: "x"), count: 4000)
            var bytes = header
            var lines: [String] = []
            while (1 << 16) - bytes.count - 12 >= 4000 {
                bytes += Array("\(month)-01,".utf8) + filler + Array(",-1.00\n".utf8)
                lines.append("\(month)-01 -1.00 " + String(repeating: "x", count: 4000))
            }
            let prefix = (1 << 16) - bytes.count - "\(month)-02,".utf8.count - 1
            bytes += Array("\(month)-02,".utf8) + [UInt8](repeating: UInt8(ascii: "y"), count: prefix) + encoded + Array("Z,-2.00\n".utf8)
            lines.append("\(month)-02 -2.00 " + String(repeating: "y", count: prefix) + letter + "Z")
            let before = try ledgerRows()
            let file = try write(name, bytes)
            let imported = try run(["import", file] + Self.bank)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(try ledgerRows() == (before + lines).sorted())
        }
    }
}
