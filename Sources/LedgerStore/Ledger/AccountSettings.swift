/// What the user set for one account (`purse accounts set`): kept apart from what syncs bring,
/// by the account's ID, so every later sync (and an account deleted and brought back) keeps it.
public struct AccountSettings: Sendable, Equatable {
    public let accountID: String
    /// Shown instead of the synced name (nil: the synced name).
    public var displayName: String?
    /// An IANA zone for the account's days (nil: its source's, else the default).
    public var timeZone: String?
    public var isHidden = false

    public init(accountID: String, displayName: String? = nil, timeZone: String? = nil, isHidden: Bool = false) {
        self.accountID = accountID
        self.displayName = displayName
        self.timeZone = timeZone
        self.isHidden = isHidden
    }

    /// Nothing set: the account is as its source gives it.
    var isEmpty: Bool { displayName == nil && timeZone == nil && !isHidden }
}
