import Ledger
import LedgerStore

/// `report summary`: how a month went, per currency (never summed across currencies unless
/// converted into one, `convertedTo`). Values only; Rendering turns it into text, CSV, JSON,
/// HTML and email.
public struct SummaryReport: Sendable {
    /// A category's net spending this month against the previous month and the average of the three before.
    public struct CategoryLine: Sendable, Equatable {
        public let category: String
        public let spent: Int64
        public let refunded: Int64
        /// Expenses and refunds this month.
        public let count: Int
        /// Net spending of the month before.
        public let previousNet: Int64
        /// The mean net spending of the three months before, rounded half to even (a month
        /// without spending counts as zero).
        public let averageNet: Int64
        /// spent - refunded.
        public let net: Int64
        /// net - previousNet.
        public let change: Int64

        /// The differences checked for overflow here, once.
        init(
            category: String, spent: Int64, refunded: Int64, count: Int, previousNet: Int64, averageNet: Int64,
            currency: String
        ) throws(MoneyError) {
            self.category = category
            self.spent = spent
            self.refunded = refunded
            self.count = count
            self.previousNet = previousNet
            self.averageNet = averageNet
            (net, change) = try NetSpending.of(spent: spent, refunded: refunded, previousNet: previousNet, currency: currency)
        }
    }

    /// A category group's net spending this month against the month before, in one currency:
    /// the sums of its categories' lines.
    public struct GroupLine: Sendable, Equatable {
        public let group: String
        public let currency: String
        public let net: Int64
        public let previousNet: Int64
        /// net - previousNet.
        public let change: Int64
    }

    /// A merchant's net spending this month, in one category.
    public struct MerchantLine: Sendable, Equatable {
        /// The merchant name, else the description.
        public let merchant: String
        public let category: String
        public let net: Int64
        public let count: Int
    }

    /// One transaction (a large expense, or something still pending).
    public struct Item: Sendable, Equatable {
        public let id: String
        public let date: CivilDate
        /// The merchant name, else the description.
        public let merchant: String
        public let category: String?
        public let account: String
        /// Positive.
        public let amount: Int64
        public let indicator: CreditDebitIndicator
        public let status: TransactionStatus
    }

    /// Everything of one currency.
    public struct CurrencySection: Sendable, Equatable {
        public let currency: String
        public let spent: Int64
        public let refunded: Int64
        public let count: Int
        public let previousNet: Int64
        public let averageNet: Int64
        /// Net spending by category: net descending, then name; categories spent on in the
        /// three months before but not this month show with zero.
        public let categories: [CategoryLine]
        /// The largest net spending by merchant (at most five), net descending.
        public let merchants: [MerchantLine]
        /// The largest single expenses (at most five), amount descending.
        public let largestExpenses: [Item]
        public let income: Int64
        /// Pending and authorized transactions up to the month's end that have not booked yet.
        public let pendingOut: Int64
        public let pendingIn: Int64
        public let pendingCount: Int
        /// The largest of them (at most five).
        public let pendingItems: [Item]
        /// spent - refunded.
        public let net: Int64
        /// net - previousNet.
        public let change: Int64
        /// income - net spending; the savings rate is savings / income.
        public let savings: Int64

        /// The differences checked for overflow here, once.
        init(
            currency: String, spent: Int64, refunded: Int64, count: Int, previousNet: Int64, averageNet: Int64,
            categories: [CategoryLine], merchants: [MerchantLine], largestExpenses: [Item], income: Int64, pendingOut: Int64,
            pendingIn: Int64, pendingCount: Int, pendingItems: [Item]
        ) throws(MoneyError) {
            self.currency = currency
            self.spent = spent
            self.refunded = refunded
            self.count = count
            self.previousNet = previousNet
            self.averageNet = averageNet
            self.categories = categories
            self.merchants = merchants
            self.largestExpenses = largestExpenses
            self.income = income
            self.pendingOut = pendingOut
            self.pendingIn = pendingIn
            self.pendingCount = pendingCount
            self.pendingItems = pendingItems
            (net, change) = try NetSpending.of(spent: spent, refunded: refunded, previousNet: previousNet, currency: currency)
            savings = try Money.difference(income, net, currency: currency)
        }
    }

    /// An account's balance at the end of the month and the month before.
    public struct AccountLine: Sendable, Equatable {
        public let accountID: String
        public let name: String
        /// The name as text shows it, told apart from another account's of the same name.
        public let label: String
        public let kind: AccountKind
        public let currency: String
        /// Nil before the account's first observation.
        public let balance: Int64?
        public let previous: Int64?
        /// balance - previous, when there are both.
        public let change: Int64?

        init(
            accountID: String, name: String, label: String, kind: AccountKind, currency: String, balance: Int64?, previous: Int64?
        ) throws(MoneyError) {
            self.accountID = accountID
            self.name = name
            self.label = label
            self.kind = kind
            self.currency = currency
            self.balance = balance
            self.previous = previous
            change = try SummaryReport.difference(balance, previous, currency: currency)
        }
    }

    /// Net worth of one currency at the end of the month, with the twelve month ends up to it.
    public struct NetWorthLine: Sendable, Equatable {
        public let currency: String
        public let assets: Int64?
        public let liabilities: Int64?
        public let netWorth: Int64?
        public let previous: Int64?
        /// The last day of each of the twelve months up to this one, and the net worth then (nil: no balance yet).
        public let history: [HistoryPoint]
        /// netWorth - previous, when there are both.
        public let change: Int64?

        init(
            currency: String, assets: Int64?, liabilities: Int64?, netWorth: Int64?, previous: Int64?,
            history: [HistoryPoint]
        ) throws(MoneyError) {
            self.currency = currency
            self.assets = assets
            self.liabilities = liabilities
            self.netWorth = netWorth
            self.previous = previous
            self.history = history
            change = try SummaryReport.difference(netWorth, previous, currency: currency)
        }
    }

    /// `value - previous`, checked; nil unless both are there.
    static func difference(_ value: Int64?, _ previous: Int64?, currency: String) throws(MoneyError) -> Int64? {
        guard let value, let previous else { return nil }
        return try Money.difference(value, previous, currency: currency)
    }

    /// Net worth at one month end; nil when no account had a balance yet.
    public struct HistoryPoint: Sendable, Equatable {
        public let date: CivilDate
        public let value: Int64?
    }

    /// A month already reported whose numbers have changed since.
    public struct Restatement: Sendable, Equatable {
        /// What changed in one currency: net spending and income, as reported and now.
        public struct Change: Sendable, Equatable {
            public let currency: String
            /// As reported before (nil: the currency was not in it).
            public let reportedNet: Int64?
            public let reportedIncome: Int64?
            public let net: Int64
            public let income: Int64
        }

        public let month: YearMonth
        /// When the numbers were last reported.
        public let reportedAt: String
        /// Per currency whose totals changed; empty when only categories or transactions changed
        /// and every total stayed the same.
        public let changes: [Change]
    }

    /// A stream of a source that has not changed for more than `staleAfterDays` days.
    public struct StreamFreshness: Sendable, Equatable {
        public let name: String
        public let changedAt: String
        public let days: Int
    }

    /// How new a source's data is, and whether it (or one of its streams) is stale.
    public struct SourceFreshness: Sendable, Equatable {
        public let name: String
        public let kind: String
        /// When purse last synced it.
        public let lastSyncedAt: String?
        /// Whole days since the last sync; nil when never synced.
        public let daysSinceSync: Int?
        /// When its exporter wrote (or its publisher captured) the data, else its newest record.
        public let dataAsOf: String?
        /// Whole days since `dataAsOf`; nil without data.
        public let daysOld: Int?
        /// Data older than `SummaryReport.staleAfterDays` days (or none).
        public let isStale: Bool
        /// Streams whose data has not changed for more than `staleAfterDays` days.
        public let staleStreams: [StreamFreshness]
    }

    public static let staleAfterDays = 7

    public let month: YearMonth
    public let previousMonth: YearMonth
    /// The three months before, oldest first.
    public let averageMonths: [YearMonth]
    /// When the summary was made (the injected clock).
    public let generatedAt: Timestamp
    /// The zones the accounts' days are in, sorted.
    public let timeZones: [String]
    /// False for the running month: its numbers are still moving.
    public let isMonthComplete: Bool
    /// The currency with the most expenses and refunds first, then by code.
    public let currencies: [CurrencySection]
    /// The month's budgets (no Unbudgeted row): over first, then warn, then ok.
    public let budgets: [BudgetReport.Row]
    let warnAt: Int64
    /// Accounts with a balance at either month end, in `purse accounts` order.
    public let balances: [AccountLine]
    /// By currency code.
    public let netWorth: [NetWorthLine]
    /// By month.
    public let restatements: [Restatement]
    /// Whether a summary remembered a month at or before this one: without, there is nothing
    /// that could have been restated.
    public let hasReportedBefore: Bool
    public let freshness: [SourceFreshness]
    /// The local day of the newest transaction of the accounts (nil: none yet).
    public let newestTransaction: CivilDate?
    /// Recurring charges and income new this month or whose amount changed this month (README,
    /// "Recurring charges"), by merchant.
    public var recurring: [RecurringReport.Item] = []
    /// The month's anomalies ("Worth a look"; README, "Anomalies"); empty when there are none.
    public internal(set) var anomalies: [AnomalyReport.Anomaly] = []
    /// The goals as of the summary's last day (the month's, or today in the running month); nil
    /// when there are none.
    public internal(set) var goals: GoalReport?
    /// Each category group's net spending per currency (currencies as `currencies` orders them,
    /// then net descending, then name); empty when the ledger has no groups.
    public internal(set) var groups: [GroupLine] = []
    /// The currency spending, income, pending and net worth were converted into
    /// (`--convert-to`); nil: each currency has its own. Account balances keep theirs either way.
    public internal(set) var convertedTo: String?
    /// The transactions and balances left out for want of a rate, per currency and kind.
    public internal(set) var unconverted: [UnconvertedAmounts] = []
    /// What the card's exchange cost over the imported reference rates this month, per account
    /// currency and foreign currency that had a purchase with a reference rate.
    public internal(set) var cardExchange: [FXReport.CardCost] = []

    /// The month starts after the newest transaction: its data has not come in yet, so there is
    /// nothing to compare (no spending sections).
    public var isAfterData: Bool { newestTransaction.map { $0 < month.firstDay } ?? false }

    public var budgetsOver: Int { budgets.filter { $0.status == .over }.count }
    var budgetsWarn: Int { budgets.filter { $0.status == .warn }.count }

    func section(_ currency: String) -> CurrencySection? {
        currencies.first { $0.currency == currency }
    }
}
