import Ledger

/// Finds the local month of instants that mostly arrive in time order, remembering the
/// current month's bounds so most lookups are two comparisons.
struct MonthOfInstant {
    let zone: ReportTimeZone
    private var month: YearMonth?
    private var start: Int64 = 0
    private var end: Int64 = 0

    init(zone: ReportTimeZone) {
        self.zone = zone
    }

    mutating func month(of instant: Int64) -> YearMonth {
        if let month, instant >= start, instant < end { return month }
        let found = YearMonth(zone.date(of: instant))
        month = found
        start = zone.startOfDay(found.firstDay)
        end = zone.startOfDay(found.lastDay.adding(days: 1))
        return found
    }
}
