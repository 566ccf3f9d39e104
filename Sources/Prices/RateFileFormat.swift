import Ledger

/// Which of the two rate files a header announces, and where its columns are.
enum RateFileFormat: Equatable {
    /// The ECB's reference rates: `Date,USD,JPY,...`, each rate per 1 EUR; the codes in column
    /// order from column 1 (an empty last name, from the trailing comma on each line, is no column
    /// of rates).
    case ecb(codes: [String])
    /// `date,from,to,rate` in any case: 1 `from` is worth `rate` `to`; the four columns' indexes.
    case pairs(date: Int, from: Int, to: Int, rate: Int)

    /// What a user is told to give when a file is neither.
    static let expected =
        "expected the ECB's reference rates (a header Date,USD,JPY,...) or a plain CSV with the header date,from,to,rate"

    /// The format `header` announces; a header that is neither, or an ECB header with a bad or
    /// repeated code, is refused with the header's line and name.
    init(header: [String], file: String, line: Int) throws(SourceError) {
        let names = header.map { $0.lowercased() }
        if names.count == 4, Set(names) == ["date", "from", "to", "rate"] {
            // Set equality with four names means each is there once.
            self = .pairs(
                date: names.firstIndex(of: "date")!, from: names.firstIndex(of: "from")!, to: names.firstIndex(of: "to")!,
                rate: names.firstIndex(of: "rate")!)
            return
        }
        var codes = Array(header.dropFirst())
        if codes.last == "" { codes.removeLast() }
        // A statement's header (`Date,Description,Amount`) is told apart from a misspelt ECB one by
        // its names' length: every ECB column after the date is named by a three-character code.
        guard names.first == "date", !codes.isEmpty, codes.allSatisfy({ $0.count == 3 }) else {
            throw SourceError.badInput(file: file, line: line, field: nil, message: "not a rate file: " + Self.expected)
        }
        var seen = Set<String>()
        for code in codes {
            guard Self.isCode(code) else {
                throw SourceError.badInput(file: file, line: line, field: code, message: Self.notACode(code))
            }
            guard code != "EUR" else {
                throw SourceError.badInput(file: file, line: line, field: code, message: "a rate from EUR to itself")
            }
            guard seen.insert(code).inserted else {
                throw SourceError.badInput(file: file, line: line, field: code, message: "the column appears twice")
            }
        }
        self = .ecb(codes: codes)
    }

    /// Three letters A-Z, as ISO 4217 writes a currency.
    static func isCode(_ text: String) -> Bool {
        text.utf8.count == 3 && text.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }

    static func notACode(_ text: String) -> String {
        "'\(text)' is not a currency code (three letters A-Z)"
    }
}
