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

    /// `YYYY-MM`. A month of a four-digit year is written without making its first day's text: a
    /// report of ten years wrote the month of every row.
    public var description: String {
        guard (1000...9999).contains(year), (1...12).contains(month) else { return String(firstDay.description.prefix(7)) }
        return String(year) + (month < 10 ? "-0" : "-") + String(month)
    }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}
