import Ledger

/// The local day of instants in each account's zone, for the thousands of rows a conversion
/// reads in time order: each zone remembers its current day and that day's bounds, so most
/// lookups are two comparisons instead of a look at the zone's rules.
struct LocalDays {
    private struct Slot {
        let zone: ReportTimeZone
        var day = CivilDate(daysSinceEpoch: 0)
        var start: Int64 = 0
        var end: Int64 = 0

        mutating func day(of time: Int64) -> CivilDate {
            if time >= start, time < end { return day }
            day = zone.date(of: time)
            start = zone.startOfDay(day)
            end = zone.startOfDay(day.adding(days: 1))
            // Where clocks go back across midnight (St. John's until 2011), the hour after it is
            // the day before again: a day whose offset changes is never taken from the bounds.
            if zone.offset(at: start) != zone.offset(at: end - 1) { end = start }
            return day
        }
    }

    private var slots: [Slot]
    private let slotIndex: [String: Int]

    init(_ accounts: ReportAccounts) {
        var slots = [Slot(zone: accounts.ledgerZone)]
        var slotIndex: [String: Int] = [:]
        for account in accounts.all {
            let zone = accounts.zone(of: account.id)
            if let index = slots.firstIndex(where: { $0.zone.identifier == zone.identifier }) {
                slotIndex[account.id] = index
            } else {
                slotIndex[account.id] = slots.count
                slots.append(Slot(zone: zone))
            }
        }
        self.slots = slots
        self.slotIndex = slotIndex
    }

    mutating func day(accountID: String, time: Int64) -> CivilDate {
        // One zone for all (the usual case) needs no lookup of the account.
        day(slot: slots.count == 1 ? 0 : slot(of: accountID), time: time)
    }

    /// Where the account's zone is kept, for a caller that looks it up once for many rows.
    func slot(of accountID: String) -> Int {
        slotIndex[accountID] ?? 0
    }

    mutating func day(slot: Int, time: Int64) -> CivilDate {
        slots[slot].day(of: time)
    }
}
