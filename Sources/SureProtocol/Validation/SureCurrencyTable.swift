/// The currency codes Sure knows, which is what a Sure batch may name: Sure checks a money
/// object's currency against its own table (`config/currencies.yml`, read through
/// `Money::Currency`), not against ISO 4217's current list. So it takes some historic codes (BGN,
/// SLL, CUC), precious metals (XAU), the pence unit GBX and a few crypto-currencies (BTC, USDT),
/// and refuses the ISO fund codes (BOV, CHE) and the newest ISO codes (XCG, ZWG, VED).
///
/// Only membership matters here. How many minor digits a code shows in reports stays the ledger's
/// business (`CurrencyTable`: two for any code it does not know), never Sure's.
public enum SureCurrencyTable {
    /// The code as Sure spells it for `code` looked up ignoring case, or nil when Sure does not
    /// know it. Sure looks a code up in lower case, then compares its own spelling with what was
    /// written: "usd" is found (as "USD") but is not written canonically.
    static func canonicalCode(for code: String) -> String? {
        codesByLowercase[code.lowercased()]
    }

    /// Whether `code` is a code of Sure's table, written exactly as Sure writes it.
    public static func isKnown(_ code: String) -> Bool {
        canonicalCode(for: code) == code
    }

    /// Sure's table as of the protocol-2 runtime: 182 codes, upper case, three letters or four
    /// (DOGE, USDC, USDT).
    static let codes: [String] = [
        "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BHD", "BIF",
        "BMD", "BND", "BOB", "BRL", "BSD", "BTC", "BTN", "BWP", "BYN", "BYR", "BZD", "CAD", "CDF", "CHF", "CLF", "CLP",
        "CNH", "CNY", "COP", "CRC", "CUC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOGE", "DOP", "DZD", "EGP", "ERN",
        "ETB", "ETH", "EUR", "FJD", "FKP", "GBP", "GBX", "GEL", "GGP", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD",
        "HNL", "HTG", "HUF", "IDR", "ILS", "IMP", "INR", "IQD", "IRR", "ISK", "JEP", "JMD", "JOD", "JPY", "KES", "KGS",
        "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "LYD", "MAD", "MDL", "MGA",
        "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR",
        "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD",
        "SCR", "SDG", "SEK", "SGD", "SHP", "SKK", "SLE", "SLL", "SOS", "SRD", "SSP", "STD", "STN", "SVC", "SYP", "SZL",
        "THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "USDC", "USDT", "UYU",
        "UZS", "VES", "VND", "VUV", "WST", "XAF", "XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XCD", "XDR", "XFU", "XOF",
        "XPD", "XPF", "XPT", "XTS", "YER", "ZAR", "ZMK", "ZMW",
    ]

    private static let codesByLowercase = Dictionary(uniqueKeysWithValues: codes.map { ($0.lowercased(), $0) })
}
