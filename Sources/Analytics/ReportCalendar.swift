import Ledger

/// The periods of balance reports, each named by its last day: days, ISO weeks (Monday to
/// Sunday) or calendar months. The last period ends on the last day asked for, even when that
/// cuts it short.
public enum ReportCalendar {
    /// How long each period is: `--every day|week|month`.
    public enum Interval: String, CaseIterable, Sendable {
        case day, week, month
    }

    /// The last day of each period that `from...to` touches, ascending; empty when `to < from`.
    static func periodEnds(from: CivilDate, to: CivilDate, every interval: Interval) -> [CivilDate] {
        guard from <= to else { return [] }
        var ends: [CivilDate] = []
        switch interval {
        case .day:
            for day in from.daysSinceEpoch...to.daysSinceEpoch { ends.append(CivilDate(daysSinceEpoch: day)) }
        case .week:
            // ISO weeks run Monday to Sunday: the first end is the first Sunday on or after `from`.
            var end = from.adding(days: 7 - from.isoWeekday)
            while end <= to {
                ends.append(end)
                end = end.adding(days: 7)
            }
        case .month:
            var month = YearMonth(from)
            while month.lastDay <= to {
                ends.append(month.lastDay)
                month = month.adding(months: 1)
            }
        }
        if ends.last != to { ends.append(to) }
        return ends
    }

    /// The same day `months` months earlier (negative: later), the day clamped to the month's
    /// length: 12 months before 2024-02-29 is 2023-02-28.
    public static func day(_ date: CivilDate, addingMonths months: Int) -> CivilDate {
        let month = YearMonth(date).adding(months: months)
        return CivilDate(
            year: month.year, month: month.month,
            day: min(date.day, CivilDate.daysIn(year: month.year, month: month.month)))
    }
}
