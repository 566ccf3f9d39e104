import Ledger

/// `report trend`: each account's balance at the end of each period (README, "How purse counts
/// money", Balances).
public struct TrendReport: Sendable {
    /// One account's balances, aligned with `dates`.
    public struct Series: Sendable, Equatable {
        public let accountID: String
        public let accountName: String
        /// The name as text shows it, told apart from another account's of the same name.
        public let accountLabel: String
        public let kind: AccountKind
        /// The account's currency (each balance also carries its own); converted, the target.
        public let currency: String
        /// Nil at the ends before the account's first observation: no balance, never 0.
        public let balances: [Money?]
        /// The first balance in the period, and the last.
        public let first: Money?
        public let last: Money?
        /// last - first; nil without both, or when they are in different currencies.
        public let change: Money?
    }

    /// One (date, account) cell, as CSV and JSON list them.
    public struct Row: Sendable, Equatable {
        public let date: CivilDate
        public let accountID: String
        public let accountName: String
        /// The balance's currency, else the account's.
        public let currency: String
        public let balance: Money?
    }

    public let from: CivilDate
    public let to: CivilDate
    public let interval: ReportCalendar.Interval
    /// The last day of each period, ascending.
    public let dates: [CivilDate]
    /// By account name (ignoring ASCII case), then ID.
    public let series: [Series]
    /// The currency every balance was converted into (`--convert-to`); nil: each kept its own.
    public internal(set) var convertedTo: String?
    /// The balances left out for want of a rate, per currency.
    public internal(set) var unconverted: [UnconvertedAmounts] = []

    init(from: CivilDate, to: CivilDate, interval: ReportCalendar.Interval, dates: [CivilDate], series: [Series]) {
        self.from = from
        self.to = to
        self.interval = interval
        self.dates = dates
        self.series = series
    }

    /// Every (date, account): by date, then account name, then ID.
    public var rows: [Row] {
        dates.indices.flatMap { index in
            series.map { series in
                let balance = series.balances[index]
                return Row(
                    date: dates[index], accountID: series.accountID, accountName: series.accountName,
                    currency: balance?.currency ?? series.currency, balance: balance)
            }
        }
    }
}
