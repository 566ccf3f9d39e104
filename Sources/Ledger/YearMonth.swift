/// A calendar month, the period of reports and budgets.
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// Parses `YYYY-MM`.
    public init?(iso text: String) {
        guard let first = CivilDate(iso: text + "-01") else { return nil }
        self.init(year: first.year, month: first.month)
    }

    public init(_ date: CivilDate) {
        self.init(year: date.year, month: date.month)
    }

    public var firstDay: CivilDate { CivilDate(year: year, month: month, day: 1) }
    public var lastDay: CivilDate { CivilDate(year: year, month: month, day: CivilDate.daysIn(year: year, month: month)) }

    public func adding(months: Int) -> YearMonth {
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        return YearMonth(year: newYear, month: index - newYear * 12 + 1)
    }

    public var description: String { String(firstDay.description.prefix(7)) }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}
