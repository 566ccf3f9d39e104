/// A whole number from 1 up: `sample --transactions`, `--months`, `rules move --to`.
struct PositiveCount: Equatable, OptionValue {
    let value: Int

    static func parse(_ text: String) -> PositiveCount? {
        Int(text).flatMap { $0 >= 1 ? PositiveCount(value: $0) : nil }
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs a whole number of at least 1, not '\(text)'"
    }
}
