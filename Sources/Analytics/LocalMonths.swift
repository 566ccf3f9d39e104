import Ledger
import LedgerStore

/// The local month of each transaction in its account's zone: one `MonthOfInstant` per zone,
/// so transactions in time order cost two comparisons each, whatever zones they mix.
struct LocalMonths {
    private var months: [MonthOfInstant]
    private let zoneIndex: [String: Int]

    init(_ accounts: ReportAccounts) {
        var months = [MonthOfInstant(zone: accounts.base)]
        var zoneIndex: [String: Int] = [:]
        for account in accounts.all {
            let zone = accounts.zone(of: account.id)
            if let index = months.firstIndex(where: { $0.zone.identifier == zone.identifier }) {
                zoneIndex[account.id] = index
            } else {
                zoneIndex[account.id] = months.count
                months.append(MonthOfInstant(zone: zone))
            }
        }
        self.months = months
        self.zoneIndex = zoneIndex
    }

    /// The months of `zones` (zone names by account), others' in `base`.
    init(zones: [String: String], base: ReportTimeZone) {
        var months = [MonthOfInstant(zone: base)]
        var zoneIndex: [String: Int] = [:]
        for (account, name) in zones {
            if let index = months.firstIndex(where: { $0.zone.identifier == name }) {
                zoneIndex[account] = index
            } else if let zone = ReportTimeZone(identifier: name) {
                zoneIndex[account] = months.count
                months.append(MonthOfInstant(zone: zone))
            }
        }
        self.months = months
        self.zoneIndex = zoneIndex
    }

    mutating func month(of transaction: ReportTransaction) -> YearMonth {
        // One zone for all (the usual case) needs no lookup of the account.
        let index = months.count == 1 ? 0 : zoneIndex[transaction.accountID] ?? 0
        return months[index].month(of: transaction.time)
    }
}
