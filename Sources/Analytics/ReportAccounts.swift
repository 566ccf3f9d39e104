import Ledger
import LedgerStore

/// The accounts a report counts, and the time zone each one's days are local to (README, "How
/// purse counts money": What counts): the zone the user set for the account, else the one its
/// source gives, else the ledger's zone (`ledgerZone`); a zone given with `--tz` (`forced`) is
/// every account's but those an import made, whose days are their statements'.
public struct ReportAccounts: Sendable {
    /// The report's own zone (`--tz`, else `TZ`, else the system's): today's date and
    /// `--month this` are the reader's, wherever the ledger's days are.
    public let base: ReportTimeZone
    /// The zone of the accounts without one of their own: the ledger's, the same for every
    /// reader and writer (`base` for a ledger that has none recorded, and under `--tz`).
    public let ledgerZone: ReportTimeZone
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

    public init(
        _ accounts: [LedgerAccount], base: ReportTimeZone, ledgerZone: ReportTimeZone? = nil, forced: Bool = false, ids: [String] = [],
        includingHidden: Bool = false
    ) {
        self.base = base
        let ledgerZone = forced ? base : ledgerZone ?? base
        self.ledgerZone = ledgerZone
        all = accounts
        selected =
            ids.isEmpty
            ? accounts.filter { includingHidden || !$0.isHidden }
            : ids.compactMap { id in accounts.first { $0.id == id } }
        var byName = [base.identifier: base]
        byName[ledgerZone.identifier] = ledgerZone
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
            zones[account.id] = forced && !account.id.hasPrefix(Account.statementIDPrefix) ? base : ownZone ?? ledgerZone
        }
        self.zones = zones
        var inUse = [base]
        if ledgerZone.identifier != base.identifier { inUse.append(ledgerZone) }
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

    /// The ledger's accounts, read from `store`, with the zone it recorded as its own (`base`
    /// when it has none: a ledger never written since it had settings, read as it is).
    public init(
        store: LedgerStore, base: ReportTimeZone, forced: Bool = false, ids: [String] = [], includingHidden: Bool = false
    ) throws {
        self.init(
            try store.ledgerAccounts(), base: base, ledgerZone: try Self.ledgerZone(store), forced: forced, ids: ids,
            includingHidden: includingHidden)
    }

    /// The zone `store` recorded as the ledger's; nil when it has none, or one the system no
    /// longer knows.
    public static func ledgerZone(_ store: LedgerStore) throws -> ReportTimeZone? {
        try store.setting(.timeZone).flatMap(ReportTimeZone.init(recorded:))
    }

    /// The zone of an account's days (the ledger's for an account the ledger does not have).
    public func zone(of accountID: String) -> ReportTimeZone {
        zones[accountID] ?? ledgerZone
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
