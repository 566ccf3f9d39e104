import Ledger

/// `report drift`: where balances derived from transactions disagree with observed ones.
public struct DriftReport: Sendable {
    /// A pair of consecutive observations of an account that the booked transactions between
    /// them do not explain.
    public struct Divergence: Sendable, Equatable {
        public let accountID: String
        public let accountName: String
        /// The name as text shows it, told apart from another account's of the same name.
        public let accountLabel: String
        public let currency: String
        /// Local days of the earlier and the later observation.
        public let from: CivilDate
        public let to: CivilDate
        /// The later observation.
        public let observed: Int64
        /// The earlier observation + the booked transactions after it, up to the later one.
        public let derived: Int64
        /// observed - derived: negative when the ledger misses a debit (money out), positive when it
        /// misses a credit (money in).
        public let drift: Int64
        /// The local day the divergence first appeared: `to` of the first pair of a run of
        /// consecutive pairs with this same drift.
        public let firstDay: CivilDate
    }

    /// Accounts looked at.
    public let accountsChecked: Int
    /// Pairs of consecutive observations compared.
    public let pairsChecked: Int
    /// Pairs not compared because their two observations are in different currencies.
    public let pairsSkipped: Int
    /// By account name (ignoring ASCII case), then ID, then time.
    public let divergences: [Divergence]
    /// Distinct divergences: a run of consecutive pairs with the same drift counts once.
    public let distinctDivergences: Int

    init(accountsChecked: Int, pairsChecked: Int, pairsSkipped: Int, divergences: [Divergence], distinctDivergences: Int) {
        self.accountsChecked = accountsChecked
        self.pairsChecked = pairsChecked
        self.pairsSkipped = pairsSkipped
        self.divergences = divergences
        self.distinctDivergences = distinctDivergences
    }

    public var hasDrift: Bool { !divergences.isEmpty }
}
