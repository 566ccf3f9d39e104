import Ledger
import Rendering
import Testing

/// Money rules 1: display uses the currency's own minor digits and shows more only when an amount
/// really has them. Design, CSV: plain decimals with a leading `-` (`-1234.50`).
@Suite("MoneyFormat")
struct MoneyFormatTests {
    @Test(
        "machine form: minor digits of the currency, more only when present, '-' only for negatives",
        arguments: [
            (Int64(-12_345_000), "USD", "-1234.50"),
            (12_345_000, "USD", "1234.50"),
            (31_415, "USD", "3.1415"),  // stays: the amount really has four digits
            (12_340, "USD", "1.234"),  // Sure's "1.234" USD
            (0, "USD", "0.00"),
            (500, "USD", "0.05"),
            (-5_000, "USD", "-0.50"),
            (-5, "USD", "-0.0005"),
            (1_000_000, "USD", "100.00"),
            (12_000_000, "JPY", "1200"),  // no minor digits
            (-12_000_000, "JPY", "-1200"),
            (0, "JPY", "0"),
            (12_345, "JPY", "1.2345"),  // a fraction JPY does not have is still shown, never dropped
            (5_000, "JPY", "0.5"),
            (12_345_000, "KWD", "1234.500"),  // three digits
            (12_345_600, "KWD", "1234.560"),
            (12_345_670, "KWD", "1234.567"),
            (12_345_678, "KWD", "1234.5678"),
            (10_000, "CLF", "1.0000"),  // four digits
            (12_345_000, "XYZ", "1234.50"),  // unknown: two
            (12_345_000, "usd", "1234.50"),
            (9_000_000_000_000_000_000, "USD", "900000000000000.00"),
            (-9_000_000_000_000_000_000, "USD", "-900000000000000.00"),
        ])
    func machine(units: Int64, currency: String, text: String) {
        #expect(MoneyFormat.machine(units, currency: currency) == text)
        #expect(MoneyFormat.machine(Money(units: units, currency: currency)) == text)
    }

    @Test("machine form never groups, never carries a symbol or a '+'")
    func machineIsPlain() {
        for units in [Int64(0), 1, -1, 12_345_678_901, -12_345_678_901, 9_000_000_000_000_000_000] {
            for currency in ["USD", "JPY", "KWD", "GBP", "XYZ"] {
                let text = MoneyFormat.machine(units, currency: currency)
                #expect(text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }, "\(text)")
                #expect(text.hasPrefix("-") == (units < 0), "\(text)")
            }
        }
    }

    @Test("machine form reads back to the same units")
    func machineRoundTrip() throws {
        for units in [Int64(0), 1, 10, 100, 1_000, 12_345, -12_345, 125_000, -9_000_000_000_000_000_000, 9_000_000_000_000_000_000] {
            for currency in ["USD", "JPY", "KWD", "CLF", "XYZ"] {
                let text = MoneyFormat.machine(units, currency: currency)
                #expect(try Money.parseUnits(text, allowSign: true) == units, "\(text) \(currency)")
            }
        }
    }

    @Test(
        "text form: symbol, grouping, sign before the symbol",
        arguments: [
            (Int64(-12_345_000), "USD", "-$1,234.50"),
            (12_345_000, "USD", "$1,234.50"),
            (500, "GBP", "£0.05"),
            (-500, "GBP", "-£0.05"),
            (0, "USD", "$0.00"),
            (9_990_000, "USD", "$999.00"),  // no separator under 1,000
            (10_000_000, "USD", "$1,000.00"),
            (1_000_000_000, "USD", "$100,000.00"),
            (12_345_670_000, "EUR", "€1,234,567.00"),
            (31_415, "USD", "$3.1415"),
            (12_000_000, "JPY", "¥1,200"),
            (-12_000_000, "JPY", "-¥1,200"),
            (12_345_000, "CAD", "CA$1,234.50"),
            (12_345_000, "XYZ", "1,234.50 XYZ"),  // unknown: no symbol, the code after
            (-12_345_000, "XYZ", "-1,234.50 XYZ"),
            (12_345_000, "KWD", "1,234.500 KWD"),  // known, but no symbol in the table
            (9_000_000_000_000_000_000, "USD", "$900,000,000,000,000.00"),
        ])
    func text(units: Int64, currency: String, text: String) {
        #expect(MoneyFormat.text(units, currency: currency) == text)
        #expect(MoneyFormat.text(Money(units: units, currency: currency)) == text)
    }

    /// Codes a Sure batch may carry although ISO 4217 does not list them (Sure's own table has
    /// crypto-currencies, metals, GBX, four-letter USDT): purse's table does not know them, so they
    /// show two digits, more when an amount has them, and the code after the amount.
    @Test(
        "codes only Sure knows: two digits, more when present, the code after the amount",
        arguments: [
            (Int64(12_345_000), "BTC", "1234.50", "1,234.50 BTC"),
            (42, "BTC", "0.0042", "0.0042 BTC"),
            (-12_345_000, "USDT", "-1234.50", "-1,234.50 USDT"),
            (10_000, "XAU", "1.00", "1.00 XAU"),
            (5_000, "GBX", "0.50", "0.50 GBX"),
            (0, "DOGE", "0.00", "0.00 DOGE"),
        ])
    func sureOnlyCodes(units: Int64, currency: String, machine: String, text: String) {
        #expect(CurrencyTable.minorDigits(for: currency) == nil)
        #expect(MoneyFormat.machine(units, currency: currency) == machine)
        #expect(MoneyFormat.text(units, currency: currency) == text)
    }

    @Test("grouping puts a comma every three digits from the right")
    func grouping() {
        var units: Int64 = 10_000
        var digits = "1"
        for _ in 0..<14 {
            let text = MoneyFormat.text(units, currency: "XYZ")
            let whole = String(text.prefix { $0 != "." })
            #expect(whole.filter(\.isNumber) == digits)
            // every group after the first has exactly three digits
            let groups = whole.split(separator: ",")
            #expect(groups.dropFirst().allSatisfy { $0.count == 3 }, "\(text)")
            #expect((1...3).contains(groups.first?.count ?? 0), "\(text)")
            units *= 10
            digits += "0"
        }
    }
}
