import Ledger
import LedgerStore

/// Which transactions a report counts: a range of local days (each account's own, in its
/// zone), pending in or out, the accounts and currencies.
public struct ReportScope: Sendable {
    /// First local day counted (nil: from the beginning).
    var firstDay: CivilDate?
    /// First local day not counted (nil: to the end).
    var endDay: CivilDate?
    /// Only the spending classified in `classifiedFrom..<classifiedBefore` (nil: open): a month
    /// of a report read a month at a time (`LedgerStore.ReportSelection`).
    var classifiedFrom: YearMonth?
    var classifiedBefore: YearMonth?
    public var includePending = false
    public var currencies: [String] = []
    /// `--person`: only the transactions of these people (any case); empty: everyone's.
    public var people: [String] = []
    /// The accounts counted, and each one's zone.
    public let accounts: ReportAccounts

    /// `first` to `last`, both included (nil: open).
    public init(first: CivilDate?, last: CivilDate?, accounts: ReportAccounts) {
        firstDay = first
        endDay = last?.adding(days: 1)
        self.accounts = accounts
    }

    /// The months `months` covers.
    public init(months: ClosedRange<YearMonth>, accounts: ReportAccounts) {
        self.init(first: months.lowerBound.firstDay, last: months.upperBound.lastDay, accounts: accounts)
    }

    /// memo and rejected never count; pending and authorized only with --include-pending.
    var statuses: [TransactionStatus] {
        includePending ? [.authorized, .booked, .pending] : [.booked]
    }

    /// The counted accounts' transactions of the scope's days, with `statuses`.
    func selection(statuses: [TransactionStatus]) -> LedgerStore.ReportSelection {
        var selection = LedgerStore.ReportSelection(from: nil, until: nil, statuses: statuses)
        selection.accountRanges = accounts.ranges(first: firstDay, end: endDay)
        selection.currencies = currencies
        selection.classifiedFrom = classifiedFrom
        selection.classifiedBefore = classifiedBefore
        return selection
    }

    /// Whether a transaction classified in `month` is the scope's: a month of a report read a
    /// month at a time is read with a day of each month beside it (`SpendingAnalysis.parts`).
    func classifies(_ month: YearMonth) -> Bool {
        (classifiedFrom.map { month >= $0 } ?? true) && (classifiedBefore.map { month < $0 } ?? true)
    }

    /// Whether `--person` lets a transaction of `person` in (a name in any case).
    func admits(_ person: TransactionPerson?) -> Bool {
        TransactionPerson.admits(person, among: people)
    }

    /// The local date of a transaction (or any instant of an account).
    func date(of transaction: ReportTransaction) -> CivilDate {
        accounts.zone(of: transaction.accountID).date(of: transaction.time)
    }
}
