/// The currency of an account a statement import creates: any three letters, in any case, as a
/// bank may use a code purse does not know.
struct CurrencyCode: Equatable, OptionValue {
    let code: String

    static func parse(_ text: String) -> CurrencyCode? {
        let code = text.uppercased()
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return CurrencyCode(code: code)
    }

    static func refusal(_ text: String, option: String) -> String {
        "--\(option) needs a three-letter ISO 4217 code, not '\(text)'"
    }
}
