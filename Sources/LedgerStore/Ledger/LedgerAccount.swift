import Ledger

/// An account as the commands name, list and place it in time: its synced facts, its source,
/// and the user's own settings (`purse accounts set`), which no sync changes.
public struct LedgerAccount: Sendable, Equatable {
    public let id: String
    /// The user's name for it, else the synced one.
    public let displayName: String
    /// The name its source gives it.
    public let syncedName: String
    public let institutionName: String
    public let kind: AccountKind
    public let currency: String
    /// The source's name (`Sample iPhone`, `Sure publisher`) and its external ID.
    public let sourceName: String
    public let sourceID: String
    /// The zone the user set for it, as stored (nil: none).
    public let userTimeZone: String?
    /// The zone its source gives it: a Wallet export's `accountTimeZones` entry, else its
    /// `timeZone`; a Sure account's mapping `ledger_timezone` (nil: none).
    public let sourceTimeZone: String?
    /// Left out of reports unless asked for (`--all`, or `--account` naming it).
    public let isHidden: Bool

    public init(
        id: String, displayName: String, syncedName: String, institutionName: String, kind: AccountKind, currency: String,
        sourceName: String, sourceID: String, userTimeZone: String? = nil, sourceTimeZone: String? = nil, isHidden: Bool = false
    ) {
        self.id = id
        self.displayName = displayName
        self.syncedName = syncedName
        self.institutionName = institutionName
        self.kind = kind
        self.currency = currency
        self.sourceName = sourceName
        self.sourceID = sourceID
        self.userTimeZone = userTimeZone
        self.sourceTimeZone = sourceTimeZone
        self.isHidden = isHidden
    }
}
