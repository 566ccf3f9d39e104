import Ledger
import LedgerStore

/// The accounts a report counts, and the time zone each one's days are local to (README, "How
/// purse counts money": What counts): the zone the user set for the account, else the one its
/// source gives, else the report's own zone (`TZ`, else the system's); a zone given with `--tz`
/// (`forced`) is every account's but those an import made, whose days are their statements'.
public struct ReportAccounts: Sendable {
    /// The report's own zone: today's date, `--month this`, and the accounts without a zone.
    public let base: ReportTimeZone
    /// Every account of the ledger, hidden ones too (internal transfers pair across all).
    public let all: [LedgerAccount]
    /// The accounts the report counts: those named (`--account`, hidden or not), else every
    /// account that is not hidden, or every account (`--all`).
    public let selected: [LedgerAccount]
    private let zones: [String: ReportTimeZone]
    /// Every zone in use, the report's own among them.
    private let zonesInUse: [ReportTimeZone]
    /// The names of accounts whose name another account also has, told apart.
    private let labels: [String: String]

    public init(_ accounts: [LedgerAccount], base: ReportTimeZone, forced: Bool = false, ids: [String] = [], includingHidden: Bool = false)
    {
        self.base = base
        all = accounts
        selected =
            ids.isEmpty
            ? accounts.filter { includingHidden || !$0.isHidden }
            : ids.compactMap { id in accounts.first { $0.id == id } }
        var byName: [String: ReportTimeZone] = [base.identifier: base]
        func zone(_ name: String?) -> ReportTimeZone? {
            guard let name else { return nil }
            if let known = byName[name] { return known }
            // A name that no longer names a zone (stored by an older system) is passed over.
            let zone = ReportTimeZone(identifier: name)
            byName[name] = zone
            return zone
        }
        var zones: [String: ReportTimeZone] = [:]
        for account in accounts {
            // An account an import made holds only statement rows, each placed on the day its
            // statement wrote in the account's own zone: read in another zone, a row would move.
            let ownZone = zone(account.userTimeZone) ?? zone(account.sourceTimeZone)
            zones[account.id] = forced && !account.id.hasPrefix(Account.statementIDPrefix) ? base : ownZone ?? base
        }
        self.zones = zones
        var inUse = [base]
        for zone in zones.values where !inUse.contains(where: { $0.identifier == zone.identifier }) { inUse.append(zone) }
        zonesInUse = inUse
        labels = Self.labels(accounts)
    }

    /// Names that several accounts share (two people's "Apple Card"), each with what tells them
    /// apart: the source's name when the sources differ, else the institution when those differ,
    /// else the start of the ID.
    static func labels(_ accounts: [LedgerAccount]) -> [String: String] {
        var labels: [String: String] = [:]
        for group in Dictionary(grouping: accounts, by: { $0.displayName.lowercased() }).values where group.count > 1 {
            for account in group {
                let suffix =
                    Set(group.map(\.sourceName)).count == group.count
                    ? account.sourceName
                    : Set(group.map(\.institutionName)).count == group.count ? account.institutionName : shortID(account.id)
                labels[account.id] = "\(account.displayName) (\(suffix))"
            }
        }
        return labels
    }

    /// The first eight characters of an ID: enough to tell accounts apart by eye. An account an
    /// import made shows the start of its hash, since all of them start alike.
    public static func shortID(_ id: String) -> String {
        String((id.hasPrefix(Account.statementIDPrefix) ? id.dropFirst(Account.statementIDPrefix.count) : Substring(id)).prefix(8))
    }

    /// An account's name as text shows it: its display name, told apart from another account's
    /// of the same name (`Apple Card (Ana's iPhone)`).
    public func label(of accountID: String) -> String {
        labels[accountID] ?? all.first { $0.id == accountID }?.displayName ?? accountID
    }

    /// The ledger's accounts, read from `store`.
    public init(
        store: LedgerStore, base: ReportTimeZone, forced: Bool = false, ids: [String] = [], includingHidden: Bool = false
    ) throws {
        self.init(try store.ledgerAccounts(), base: base, forced: forced, ids: ids, includingHidden: includingHidden)
    }

    /// The zone of an account's days (the report's own for an account the ledger does not have).
    public func zone(of accountID: String) -> ReportTimeZone {
        zones[accountID] ?? base
    }

    /// The names of the zones the selected accounts' days are in, sorted; the report's own zone
    /// when none is selected.
    public var zoneNames: [String] {
        let names = Set(selected.map { zone(of: $0.id).identifier })
        return names.isEmpty ? [base.identifier] : names.sorted()
    }

    /// Each selected account's instants from the start of its local day `first` to the start
    /// of its local day `end` (nil: open), widened by `margin` seconds on each side.
    public func ranges(first: CivilDate?, end: CivilDate?, margin: Int64 = 0) -> [AccountTimeRange] {
        selected.map { account in
            let zone = zone(of: account.id)
            return AccountTimeRange(
                accountID: account.id, from: first.map { zone.startOfDay($0) - margin },
                until: end.map { zone.startOfDay($0) + margin })
        }
    }

    /// From the earliest start of local day `first` to the latest start of local day `end` over
    /// every account of the ledger (nil: open), widened by `margin`: where any account's range lies.
    func envelope(first: CivilDate?, end: CivilDate?, margin: Int64 = 0) -> (from: Int64?, until: Int64?) {
        (
            first.map { day in zonesInUse.map { $0.startOfDay(day) }.min()! - margin },
            end.map { day in zonesInUse.map { $0.startOfDay(day) }.max()! + margin }
        )
    }

    /// Whether `month` has ended in the zone of every selected account (in the report's own
    /// zone when none is selected): only then are its numbers final.
    func hasEnded(_ month: YearMonth, now: Timestamp) -> Bool {
        let zones = selected.isEmpty ? [base] : selected.map { zone(of: $0.id) }
        return zones.allSatisfy { month < YearMonth($0.date(of: now.epochSeconds)) }
    }
}
