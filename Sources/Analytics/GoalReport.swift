import Ledger
import LedgerStore

/// `goal list` and `goal check`: each goal's figures as of one day (README, "Goals"). Values
/// only; Rendering turns them into text, CSV and JSON.
public struct GoalReport: Sendable {
    /// One goal's figures, in its currency's 1/10,000 units.
    public struct Goal: Sendable, Equatable {
        public let name: String
        public let accountID: String
        /// The account's name (its ID when the account is gone).
        public let accountName: String
        /// The name as text shows it, told apart from another account's of the same name.
        public let accountLabel: String
        /// A liability's goal is paying it down: `saved` is then the amount owed.
        public let isPayingDown: Bool
        public let target: Int64
        public let currency: String
        public let by: YearMonth
        /// An asset's balance, or what a liability owes (positive), at the end of the day;
        /// nil when the account has no balance by then.
        public let saved: Int64?
        /// What is left to save (target - saved) or to pay down (owed - target), never below 0.
        public let remaining: Int64?
        /// The month ends from this month's to `by`'s, inclusive; 0 once `by` has passed.
        public let monthsLeft: Int
        /// remaining / monthsLeft rounded up to the currency's minor unit (remaining itself when
        /// no month is left).
        public let perMonth: Int64?
        /// How much the balance grew (a liability: how much less it owes) over the last three
        /// whole months; nil when a balance at either end is missing.
        public let progress: Int64?
        /// remaining is 0, or progress is at least three times perMonth; nil when that cannot
        /// be told (no balance, or none at an end of the three months).
        public let onTrack: Bool?
        /// The end of the three months whose balance is missing, when that makes `onTrack` nil.
        public let missingBalanceOn: CivilDate?
    }

    /// The day the figures are as of.
    public let today: CivilDate
    /// The month end before the three whole months before this one, and the last of them:
    /// progress is taken between the two.
    public let progressFrom: CivilDate
    public let progressTo: CivilDate
    /// By name ignoring case.
    public let goals: [Goal]

    /// The goals known to be off track.
    public var offTrack: [Goal] { goals.filter { $0.onTrack == false } }
}
