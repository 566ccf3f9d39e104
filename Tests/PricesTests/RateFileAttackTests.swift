import Ledger
import Prices
import Testing

@Suite("Rate files: a huge line is refused by the CSV limits, a long file streams")
struct RateFileAttackTests {
    static let attacks: [(String, String, String)] = [
        ("date,from,to,rate\n2024-01-02,USD,EUR,", "1", "rates.csv:2: rate: longer than 256 bytes"),
        ("date,from,to,rate\n", "1,", "rates.csv:2: a row longer than 16384 bytes"),
        ("date,from,to,rate\n\"", "a\n", "rates.csv:2: date: longer than 256 bytes"),
        ("Date", ",USD", "rates.csv:1: a row longer than 16384 bytes"),
    ]

    @Test("A 50 MB line, cell or quoted cell is refused by the limits", arguments: attacks)
    func huge(prefix: String, unit: String, message: String) throws {
        let folder = try RateFileFolder()
        let path = try folder.write(prefix: prefix, repeating: unit, bytes: 50_000_000)
        #expect(RateFileFolder.refusal(path) == message)
    }

    @Test("A file of 200,000 rows streams to the callback")
    func longFile() throws {
        let folder = try RateFileFolder()
        var text = "Date,USD,JPY,\n"
        for day in 0..<200_000 { text += "\(CivilDate(daysSinceEpoch: day)),1.\(day % 10_000 + 1),161.25,\n" }
        let path = try folder.write(text)
        text = ""
        var count = 0
        var last: DatedRate?
        try RateFileReader.forEach(path: path, file: "rates.csv") { rate in
            count += 1
            last = rate
        }
        #expect(count == 400_000)
        #expect(
            last
                == DatedRate(
                    date: CivilDate(daysSinceEpoch: 199_999), from: "EUR", to: "JPY", rate: try ExchangeRate(parsing: "161.25"),
                    source: .imported))
    }
}
