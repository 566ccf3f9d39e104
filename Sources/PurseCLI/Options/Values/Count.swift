/// A whole number from 0 up: `--limit`, `--offset`, `--skip`.
struct Count: Equatable, OptionValue {
    let value: Int

    static func parse(_ text: String) -> Count? {
        Int(text).flatMap { $0 >= 0 ? Count(value: $0) : nil }
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs a whole number of at least 0, not '\(text)'"
    }
}
