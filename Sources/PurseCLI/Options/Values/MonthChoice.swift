import Ledger

/// `--month`: `YYYY-MM`, `this` or `last`, the last two months of the report time zone, so
/// which month they are is known only with the zone and the clock.
enum MonthChoice: Equatable, OptionValue {
    case this
    case last
    case month(YearMonth)

    static func parse(_ text: String) -> MonthChoice? {
        switch text {
        case "this": .this
        case "last": .last
        default: YearMonth(iso: text).map(MonthChoice.month)
        }
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs YYYY-MM, this or last, not '\(text)'"
    }

    /// The month meant when this month is `current`.
    func month(current: YearMonth) -> YearMonth {
        switch self {
        case .this: current
        case .last: current.adding(months: -1)
        case .month(let month): month
        }
    }
}
