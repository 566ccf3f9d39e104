import Ledger
import Testing

@testable import Prices

@Suite("Rate files: both formats read, every refusal with its message")
struct RateFileReaderTests {
    private static func rate(_ date: String, _ from: String, _ to: String, _ text: String) throws -> DatedRate {
        DatedRate(
            date: try #require(CivilDate(iso: date)), from: from, to: to, rate: try ExchangeRate(parsing: text), source: .imported)
    }

    @Test("The ECB's file: trailing comma, N/A and empty cells are no rate, rows in any order, BOM and CRLF")
    func ecb() throws {
        let folder = try RateFileFolder()
        let text = "\u{FEFF}Date,USD,JPY,GBP,\r\n2024-01-03,1.0919,155.52,N/A,\r\n2024-01-02,1.0956,,0.86518,\r\n"
        let rates = try RateFileFolder.read(folder.write(text))
        #expect(
            rates == [
                try Self.rate("2024-01-03", "EUR", "USD", "1.0919"), try Self.rate("2024-01-03", "EUR", "JPY", "155.52"),
                try Self.rate("2024-01-02", "EUR", "USD", "1.0956"), try Self.rate("2024-01-02", "EUR", "GBP", "0.86518"),
            ])
    }

    @Test("The ECB's file without the trailing comma, LF and lone CR line ends, no last line end")
    func ecbPlain() throws {
        let folder = try RateFileFolder()
        let rates = try RateFileFolder.read(folder.write("Date,USD,JPY\n2024-01-02,1.0956,157.7\r2024-01-01,N/A,N/A"))
        #expect(rates == [try Self.rate("2024-01-02", "EUR", "USD", "1.0956"), try Self.rate("2024-01-02", "EUR", "JPY", "157.7")])
    }

    @Test("A plain CSV: any case of the header's names, columns in any order, spaces around cells")
    func pairs() throws {
        let folder = try RateFileFolder()
        let text = "Rate,DATE,From,to\r\n0.7869, 2024-01-02 ,USD,GBP\r\n\r\n161.25,2024-01-01,EUR,JPY\r\n"
        let rates = try RateFileFolder.read(folder.write(text))
        #expect(rates == [try Self.rate("2024-01-02", "USD", "GBP", "0.7869"), try Self.rate("2024-01-01", "EUR", "JPY", "161.25")])
    }

    @Test("A header only is no rates, and the file is named by its path unless told otherwise")
    func headerOnly() throws {
        let folder = try RateFileFolder()
        #expect(try RateFileFolder.read(folder.write("date,from,to,rate\n")).isEmpty)
        let path = try folder.write("")
        #expect(throws: SourceError.badInput(file: path, line: nil, field: nil, message: "the file is empty: " + RateFileFormat.expected)) {
            try RateFileReader.forEach(path: path) { _ in }
        }
    }

    static let expected = RateFileFormat.expected
    static let refusals: [(String, String)] = [
        ("", "rates.csv: the file is empty: \(expected)"),
        ("\u{FEFF}\r\n\n", "rates.csv: the file is empty: \(expected)"),
        ("Date,Description,Amount\n2024-01-02,Coffee,-3.50\n", "rates.csv:1: not a rate file: \(expected)"),
        ("Transaction Date,Clearing Date,Description\n", "rates.csv:1: not a rate file: \(expected)"),
        ("date,from,to\n", "rates.csv:1: not a rate file: \(expected)"),
        ("Date,USD,usd,\n", "rates.csv:1: usd: 'usd' is not a currency code (three letters A-Z)"),
        ("Date,USD,EUR,\n", "rates.csv:1: EUR: a rate from EUR to itself"),
        ("Date,USD,USD,\n", "rates.csv:1: USD: the column appears twice"),
        ("Date,USD,\n2024-02-30,1.09,\n", "rates.csv:2: Date: '2024-02-30' is not a date (YYYY-MM-DD)"),
        ("Date,USD,\n02/01/2024,1.09,\n", "rates.csv:2: Date: '02/01/2024' is not a date (YYYY-MM-DD)"),
        (
            "Date,USD,\n" + (2...13).map { "2024-01-\($0 < 10 ? "0" : "")\($0),1.09,\n" }.joined() + "2024-01-14,\"1,0912\",\n",
            "rates.csv:14: USD: '1,0912' is not a rate"
        ),
        ("Date,USD,JPY,\n2024-01-02,1.09,\n", "rates.csv:2: 3 cells where the header has 4"),
        ("Date,USD,\n2024-01-02,1.09,\n2024-01-02,1.1,\n", "rates.csv:3: USD: a second EUR->USD rate for 2024-01-02"),
        ("Date,USD,\n2024-01-02,1.09,5\n", "rates.csv:2: '5' is under no currency"),
        ("date,from,to,rate\n2024-01-02,US,EUR,1.1\n", "rates.csv:2: from: 'US' is not a currency code (three letters A-Z)"),
        ("date,from,to,rate\n2024-01-02,USD,eur,1.1\n", "rates.csv:2: to: 'eur' is not a currency code (three letters A-Z)"),
        ("date,from,to,rate\n2024-01-02,USD,USD,1\n", "rates.csv:2: to: a rate from USD to itself"),
        ("date,from,to,rate\n2024-01-02,USD,EUR,N/A\n", "rates.csv:2: rate: 'N/A' is not a rate"),
        ("date,from,to,rate\n2024-01-02,USD,EUR,\n", "rates.csv:2: rate: '' is not a rate"),
        ("date,from,to,rate\n2024-01-02,USD,EUR,0\n", "rates.csv:2: rate: '0' is not a rate"),
        ("date,from,to,rate\n2024-01-02,USD,EUR,-1.5\n", "rates.csv:2: rate: '-1.5' is not a rate"),
        ("date,from,to,rate\n2024-01-02,USD,EUR,1e3\n", "rates.csv:2: rate: '1e3' is not a rate"),
        ("date,from,to,rate\n2024-01-02,USD,EUR,1.1,\n", "rates.csv:2: 5 cells where the header has 4"),
        (
            "date,from,to,rate\n2024-01-02,USD,EUR,1.1\n2024-01-03,USD,EUR,1.1\n2024-01-02,USD,EUR,1.2\n",
            "rates.csv:4: rate: a second USD->EUR rate for 2024-01-02"
        ),
        ("date,from,to,rate\n2024-01-02,\"USD,EUR,1\n", "rates.csv:2: a quoted cell never ends"),
        (
            "date,from,to,rate\n2024-01-02,USD,EUR,1" + String(repeating: "0", count: 300) + "\n",
            "rates.csv:2: rate: longer than 256 bytes"
        ),
    ]

    @Test("Every refusal names file, line and column", arguments: refusals)
    func refusal(text: String, message: String) throws {
        let folder = try RateFileFolder()
        #expect(RateFileFolder.refusal(try folder.write(text)) == message)
    }

    @Test("A file that is not there cannot be read")
    func missing() throws {
        let folder = try RateFileFolder()
        #expect(RateFileFolder.refusal(folder.url.appendingPathComponent("none.csv").path) == "rates.csv: cannot be read")
    }
}
