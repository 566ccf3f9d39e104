/// One month's recurring items placed on their days, and the calendar rules that place them.
struct MonthSchedule {
    /// The month's first day (a day number) and its length in days.
    let start: Int
    let length: Int
    /// Where the counterparties start among the payees.
    let counterpartyBase: Int
    private var planned: [(day: Int, item: DayItem)] = []

    init(start: Int, length: Int, counterpartyBase: Int) {
        self.start = start
        self.length = length
        self.counterpartyBase = counterpartyBase
    }

    /// Plans a recurring item on a day of the month, at `seconds` after local midnight.
    mutating func event(
        _ dayOfMonth: Int, _ seconds: Int, _ kind: PlannedKind, account: Int, payee: Int = -1,
        delay: Int = 0
    ) {
        planned.append(
            (
                start + dayOfMonth - 1,
                DayItem(
                    seconds: seconds, order: planned.count,
                    kind: .planned(kind), account: account, payee: payee,
                    delay: delay)
            ))
    }

    /// The weekday on or before `dayOfMonth` (not before the 1st).
    func previousWeekday(_ dayOfMonth: Int) -> Int {
        var day = dayOfMonth
        while day > 1, [0, 6].contains(Civil.weekday(start + day - 1)) { day -= 1 }
        return day
    }

    /// The weekday on or after `dayOfMonth` (not after the month's last day).
    func nextWeekday(_ dayOfMonth: Int) -> Int {
        var day = dayOfMonth
        while day < length, [0, 6].contains(Civil.weekday(start + day - 1)) { day += 1 }
        return day
    }

    /// The payee index of a counterparty.
    func payee(_ which: Counterparty) -> Int { counterpartyBase + which.rawValue }

    /// The planned items by day, in the order they were planned within a day.
    var byDay: [(day: Int, item: DayItem)] {
        planned.sorted { ($0.day, $0.item.order) < ($1.day, $1.item.order) }
    }
}
