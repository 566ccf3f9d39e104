/// `--warn-at PCT`: the share of a budget used, in percent, from which it warns. Up to 1000, as a
/// budget may be overspent several times over.
struct WarnLevel: Equatable, OptionValue {
    let percent: Int64

    /// The level without `--warn-at`.
    static let standard = WarnLevel(percent: 80)

    static func parse(_ text: String) -> WarnLevel? {
        Int64(text).flatMap { (1...1000).contains($0) ? WarnLevel(percent: $0) : nil }
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs a percentage from 1 to 1000, not '\(text)'"
    }
}
