/// `report upcoming --days N`: how many days after today to look, 1 to 3660 (ten years).
struct UpcomingDays: Equatable, OptionValue {
    let value: Int

    static let standard = UpcomingDays(value: 30)
    static let range = 1...3660

    static func parse(_ text: String) -> UpcomingDays? {
        Int(text).flatMap { range.contains($0) ? UpcomingDays(value: $0) : nil }
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs a whole number of days from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
    }
}
