import Ledger

/// What the recurring series are expected to bring in and take out over the next days (`purse
/// report upcoming`), and where each account's balance would go: README, "Reports".
public struct UpcomingReport: Sendable {
    /// One expected occurrence of a series.
    public struct Row: Sendable, Equatable {
        public let date: CivilDate
        public let accountID: String
        public let accountName: String
        public let accountLabel: String
        public let merchant: String
        public let category: String
        public let direction: CreditDebitIndicator
        public let flow: Flow
        /// The series' typical amount, unsigned: `direction` says which way.
        public let amount: Int64
        public let currency: String
        public let cadence: RecurringReport.Cadence
        /// In an outlook's rows, the account's balance once this row is in (nil: no balance to
        /// run from in its currency, and always in the report's own `rows`).
        public internal(set) var balance: Int64?

        /// Credits add, debits subtract.
        public var signedAmount: Int64 { direction == .credit ? amount : -amount }
    }

    /// The first day an account's balance would be past what it may be.
    public struct Shortfall: Sendable, Equatable {
        public let date: CivilDate
        /// The balance at the end of that day.
        public let balance: Int64
    }

    /// One account with expected rows: where its balance starts and where it would go.
    public struct Outlook: Sendable, Equatable {
        public let accountID: String
        public let accountName: String
        public let accountLabel: String
        public let kind: AccountKind
        /// The latest observation at or before the end of today, signed (a debt is negative);
        /// nil before its first.
        public let opening: Money?
        /// A liability's credit limit, in the balance's currency (nil: none known).
        public let creditLimit: Int64?
        /// The rows of the account, in the report's order, each with its running balance.
        public let rows: [Row]
        /// The first day the balance would go below zero (an asset) or owe more than the credit
        /// limit (a liability with one); nil when it would not within the window.
        public let shortfall: Shortfall?
    }

    /// The day the window starts after.
    public let today: CivilDate
    /// The window's last day: today + days.
    public let last: CivilDate
    public let days: Int
    public let timeZones: [String]
    /// Every account's rows, by date, then account, merchant.
    public let rows: [Row]
    /// The accounts with rows, by name then ID.
    public let accounts: [Outlook]

    /// Whether any account would go below zero or past its credit limit: `--check` fails then.
    public var hasShortfall: Bool { accounts.contains { $0.shortfall != nil } }
}
