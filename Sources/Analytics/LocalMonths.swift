import Ledger
import LedgerStore

/// The local month of each transaction in its account's zone: one `MonthOfInstant` per zone,
/// so transactions in time order cost two comparisons each, whatever zones they mix.
struct LocalMonths {
    private var months: [MonthOfInstant]
    private let zoneIndex: [String: Int]

    init(_ accounts: ReportAccounts) {
        self.init(
            zonesByAccount: Dictionary(accounts.all.map { ($0.id, accounts.zone(of: $0.id)) }, uniquingKeysWith: { first, _ in first }),
            base: accounts.ledgerZone)
    }

    /// The months of `zones` (zone names by account), others' in `base`.
    init(zones: [String: String], base: ReportTimeZone) {
        self.init(zonesByAccount: zones.compactMapValues { $0 == base.identifier ? base : ReportTimeZone(identifier: $0) }, base: base)
    }

    private init(zonesByAccount: [String: ReportTimeZone], base: ReportTimeZone) {
        var months = [MonthOfInstant(zone: base)]
        var zoneIndex: [String: Int] = [:]
        for (account, zone) in zonesByAccount {
            if let index = months.firstIndex(where: { $0.zone.identifier == zone.identifier }) {
                zoneIndex[account] = index
            } else {
                zoneIndex[account] = months.count
                months.append(MonthOfInstant(zone: zone))
            }
        }
        self.months = months
        self.zoneIndex = zoneIndex
    }

    mutating func month(of transaction: ReportTransaction) -> YearMonth {
        month(accountID: transaction.accountID, time: transaction.time)
    }

    mutating func month(accountID: String, time: Int64) -> YearMonth {
        // One zone for all (the usual case) needs no lookup of the account.
        month(slot: months.count == 1 ? 0 : slot(of: accountID), time: time)
    }

    /// Where the account's zone is kept, for a caller that looks it up once for many rows.
    func slot(of accountID: String) -> Int {
        zoneIndex[accountID] ?? 0
    }

    mutating func month(slot: Int, time: Int64) -> YearMonth {
        months[slot].month(of: time)
    }
}
