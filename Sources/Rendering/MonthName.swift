import Ledger

/// English month names for titles ("October 2026"); machine formats keep `YYYY-MM`.
enum MonthName {
    static let names = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    static func text(_ month: YearMonth) -> String {
        "\(names[month.month - 1]) \(month.year)"
    }

    /// "October 2026", or "September 2026 to October 2026" for several months.
    static func span(_ months: [YearMonth]) -> String {
        guard let first = months.first, let last = months.last else { return "" }
        return first == last ? text(first) : text(first) + " to " + text(last)
    }
}
