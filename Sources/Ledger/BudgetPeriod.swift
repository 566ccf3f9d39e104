/// How long one amount of a budget lasts: a calendar month, quarter (January, April, July and
/// October start one) or year.
public enum BudgetPeriod: String, CaseIterable, Sendable {
    case month, quarter, year

    /// Its length in months.
    public var months: Int {
        switch self {
        case .month: 1
        case .quarter: 3
        case .year: 12
        }
    }

    /// The first month of the period holding `month`.
    public func first(of month: YearMonth) -> YearMonth {
        let index = (month.month - 1) / months * months
        return YearMonth(year: month.year, month: index + 1)
    }

    /// The last month of the period holding `month`.
    public func last(of month: YearMonth) -> YearMonth {
        first(of: month).adding(months: months - 1)
    }

    /// The period holding `month` as `report budget` names it: `2026-10`, `2026-Q4` or `2026`.
    public func label(of month: YearMonth) -> String {
        switch self {
        case .month: month.description
        case .quarter: "\(month.description.dropLast(3))-Q\((month.month - 1) / 3 + 1)"
        case .year: String(month.description.dropLast(3))
        }
    }
}
