import Ledger
import Prices
import PurseTestSupport
import Testing

@Suite("Rate files: random files in both formats read back to the rates written")
struct RateFilePropertyTests {
    @Test("2,000 seeded files, some longer than a block, with every line end, BOM and trailing comma")
    func roundTrip() throws {
        var random = SeededRandom(state: 26)
        let folder = try RateFileFolder()
        for index in 0..<2_000 {
            // Every 50th file spans several of the reader's blocks, so rows cross a cut.
            let rows = index % 50 == 0 ? Int.random(in: 2_000...4_000, using: &random) : Int.random(in: 0...40, using: &random)
            let (lines, expected) =
                try Bool.random(using: &random) ? Self.ecb(rows: rows, using: &random) : Self.pairs(rows: rows, using: &random)
            let lineEnd = ["\n", "\r\n", "\r"].randomElement(using: &random)!
            let text =
                (Bool.random(using: &random) ? "\u{FEFF}" : "") + lines.joined(separator: lineEnd)
                + (Bool.random(using: &random) ? lineEnd : "")
            let rates = try RateFileFolder.read(folder.write(text))
            #expect(rates == expected, "file \(index)")
            if rates != expected { return }
        }
    }

    private static func ecb(rows: Int, using random: inout SeededRandom) throws -> ([String], [DatedRate]) {
        var codes: [String] = []
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let code = Self.code(using: &random)
            if code != "EUR" && !codes.contains(code) { codes.append(code) }
        }
        if codes.isEmpty { codes = ["USD"] }
        let trailing = Bool.random(using: &random) ? "," : ""
        var lines = ["Date," + codes.joined(separator: ",") + trailing]
        var expected: [DatedRate] = []
        // Distinct days in any order, as the ECB's own file runs newest first.
        let start = Int.random(in: 0...20_000, using: &random)
        for day in (start..<start + rows * 2).shuffled(using: &random).prefix(rows) {
            let date = CivilDate(daysSinceEpoch: day)
            var cells = ["\(date)"]
            for code in codes {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: cells.append("N/A")
                case 1: cells.append("")
                default:
                    let (text, rate) = try Self.rate(using: &random)
                    cells.append(text)
                    expected.append(DatedRate(date: date, from: "EUR", to: code, rate: rate, source: .imported))
                }
            }
            lines.append(cells.joined(separator: ",") + trailing)
        }
        return (lines, expected)
    }

    private static func pairs(rows: Int, using random: inout SeededRandom) throws -> ([String], [DatedRate]) {
        let names = ["date", "from", "to", "rate"].shuffled(using: &random)
        let header = names.map { Bool.random(using: &random) ? $0.uppercased() : $0 }
        var lines = [header.joined(separator: ",")]
        var expected: [DatedRate] = []
        var seen = Set<String>()
        for _ in 0..<rows {
            let date = CivilDate(daysSinceEpoch: Int.random(in: 10_000...10_030, using: &random))
            let from = Self.code(using: &random)
            let to = Self.code(using: &random)
            guard from != to, seen.insert("\(date)\(from)\(to)").inserted else { continue }
            let (text, rate) = try Self.rate(using: &random)
            let cells = ["date": "\(date)", "from": from, "to": to, "rate": text]
            lines.append(names.map { cells[$0]! }.joined(separator: ","))
            expected.append(DatedRate(date: date, from: from, to: to, rate: rate, source: .imported))
        }
        return (lines, expected)
    }

    /// A code from a small alphabet, so the plain files repeat pairs on other days.
    private static func code(using random: inout SeededRandom) -> String {
        String((0..<3).map { _ in "EUSDGBPJ".randomElement(using: &random)! })
    }

    /// A positive decimal as the ECB writes one, with the rate it means.
    private static func rate(using random: inout SeededRandom) throws -> (String, ExchangeRate) {
        let whole = Int.random(in: 0...99_999, using: &random)
        let digits = Int.random(in: 0...6, using: &random)
        var fraction = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        if whole == 0 && fraction.allSatisfy({ $0 == "0" }) { fraction = "5" }
        let text = fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
        return (text, try ExchangeRate(parsing: text))
    }
}
