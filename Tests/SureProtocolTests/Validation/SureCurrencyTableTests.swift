import Ledger
import Testing

@testable import SureProtocol

/// Sure's currency table against the ISO 4217 table purse formats reports with (Sure:
/// config/currencies.yml, read through lib/money/currency.rb).
@Suite("Sure's currency table")
struct SureCurrencyTableTests {
    @Test("182 codes, each written in capitals and found ignoring case")
    func wholeTable() {
        #expect(SureCurrencyTable.codes.count == 182)
        #expect(Set(SureCurrencyTable.codes).count == 182)
        for code in SureCurrencyTable.codes {
            #expect(code == code.uppercased() && (3...4).contains(code.count), "\(code)")
            #expect(SureCurrencyTable.isKnown(code))
            #expect(SureCurrencyTable.canonicalCode(for: code.lowercased()) == code)
        }
        #expect(!SureCurrencyTable.isKnown("usd"))
        #expect(SureCurrencyTable.canonicalCode(for: "XYZ") == nil)
    }

    @Test("where Sure's table and ISO 4217's differ: 29 codes only Sure knows, 12 only ISO lists")
    func differences() {
        let sure = Set(SureCurrencyTable.codes)
        let iso = Set(SureCurrencyTable.codes.filter(CurrencyTable.isKnown))
        #expect(
            sure.subtracting(iso)
                == [
                    "ANG", "BGN", "BTC", "BYR", "CNH", "CUC", "DOGE", "ETH", "GBX", "GGP", "IMP", "JEP", "SKK", "SLL", "STD",
                    "USDC", "USDT", "XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XDR", "XFU", "XPD", "XPT", "XTS", "ZMK",
                ])
        for code in ["BOV", "CHE", "CHW", "COU", "MXV", "USN", "UYI", "UYW", "VED", "XAD", "XCG", "ZWG"] {
            #expect(CurrencyTable.isKnown(code) && !sure.contains(code), "\(code)")
        }
    }
}
