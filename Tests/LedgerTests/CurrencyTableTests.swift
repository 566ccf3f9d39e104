import Ledger
import Testing

@Suite("ISO 4217 currency table")
struct CurrencyTableTests {
    /// Every string of three upper-case ASCII letters, AAA to ZZZ.
    static let allThreeLetterCodes: [String] = {
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { Character(UnicodeScalar($0)) }
        return letters.flatMap { a in letters.flatMap { b in letters.map { c in String([a, b, c]) } } }
    }()

    @Test(
        "minor-unit digits",
        arguments: [
            ("JPY", 0), ("KRW", 0), ("CLP", 0), ("XOF", 0),
            ("USD", 2), ("GBP", 2), ("EUR", 2), ("CHF", 2),
            ("KWD", 3), ("BHD", 3), ("TND", 3),
            ("CLF", 4), ("UYW", 4),
        ])
    func minorDigits(code: String, digits: Int) {
        #expect(CurrencyTable.minorDigits(for: code) == digits)
        #expect(CurrencyTable.isKnown(code))
    }

    @Test(
        "not an active ISO 4217 code",
        arguments: [
            "XYZ", "usd", "Usd", "eur", "", "US", "USDD", " USD", "USD ", "ＵＳＤ",
            "XAU", "XXX", "XTS",  // minor unit "N.A.": not money purse formats
            "BGN", "ANG", "HRK",  // withdrawn
        ])
    func unknown(code: String) {
        #expect(CurrencyTable.minorDigits(for: code) == nil)
        #expect(!CurrencyTable.isKnown(code))
        #expect(CurrencyTable.symbol(for: code) == nil)
    }

    @Test("165 active codes, each with 0, 2, 3 or 4 minor digits")
    func wholeTable() {
        let known = Self.allThreeLetterCodes.filter(CurrencyTable.isKnown)
        #expect(known.count == 165)
        for code in known {
            #expect([0, 2, 3, 4].contains(CurrencyTable.minorDigits(for: code)), "\(code)")
        }
    }

    @Test(
        "symbols of common currencies",
        arguments: [
            ("USD", "$"), ("GBP", "£"), ("EUR", "€"), ("JPY", "¥"), ("CAD", "CA$"), ("AUD", "A$"),
            ("CHF", "CHF"), ("CNY", "CN¥"), ("INR", "₹"), ("KRW", "₩"),
        ])
    func symbol(code: String, symbol: String) {
        #expect(CurrencyTable.symbol(for: code) == symbol)
    }

    @Test("only known codes have a symbol, and no two share one")
    func symbolsBelongToKnownCodes() {
        let withSymbol = Self.allThreeLetterCodes.compactMap { code in
            CurrencyTable.symbol(for: code).map { (code: code, symbol: $0) }
        }
        #expect(withSymbol.count >= 10)
        for entry in withSymbol {
            #expect(CurrencyTable.isKnown(entry.code), "\(entry.code)")
            #expect(!entry.symbol.isEmpty)
        }
        #expect(Set(withSymbol.map(\.symbol)).count == withSymbol.count)
    }
}
