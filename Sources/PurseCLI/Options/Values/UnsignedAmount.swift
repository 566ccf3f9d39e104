import Ledger

/// An amount without a sign, in any currency (`--amount-min 9.99`), as 1/10,000 units.
struct UnsignedAmount: Equatable, OptionValue {
    let units: Int64

    static func parse(_ text: String) -> UnsignedAmount? {
        (try? Money.parseUnits(text, allowSign: false)).map(UnsignedAmount.init)
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs an amount such as 9.99, not '\(text)'"
    }
}
