import Ledger

/// `--year`: `YYYY`, `this` or `last`, the years of the report time zone's today.
enum YearChoice: Equatable, OptionValue {
    case this
    case last
    case year(Int)

    static func parse(_ text: String) -> YearChoice? {
        switch text {
        case "this": .this
        case "last": .last
        default:
            // The same years `--month` takes.
            text.count == 4 ? YearMonth(iso: text + "-01").map { .year($0.year) } : nil
        }
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs YYYY, this or last, not '\(text)'"
    }

    /// The year meant when this year is `current`.
    func year(current: Int) -> Int {
        switch self {
        case .this: current
        case .last: current - 1
        case .year(let year): year
        }
    }
}
