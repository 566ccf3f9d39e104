import Ledger

/// A currency code purse knows (a budget's), in any case: `usd` is USD.
struct KnownCurrency: Equatable, OptionValue {
    let code: String

    static func parse(_ text: String) -> KnownCurrency? {
        CurrencyTable.isKnown(text.uppercased()) ? KnownCurrency(code: text.uppercased()) : nil
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs an ISO 4217 code such as USD, not '\(text)'"
    }
}
