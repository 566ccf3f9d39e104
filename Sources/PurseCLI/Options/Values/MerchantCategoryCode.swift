/// `--mcc`: an ISO 18245 merchant category code, 0 to 9999.
struct MerchantCategoryCode: Equatable, OptionValue {
    let code: Int

    static func parse(_ text: String) -> MerchantCategoryCode? {
        Int(text).flatMap { (0...9999).contains($0) ? MerchantCategoryCode(code: $0) : nil }
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs a code from 0 to 9999, not '\(text)'"
    }

    static func listRefusal(_ item: String, option: String) -> String {
        "option '--\(option)' needs codes from 0 to 9999, not '\(item)'"
    }
}
