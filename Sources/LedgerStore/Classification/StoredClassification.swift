import Ledger

/// A transaction's classification as the ledger keeps it (README, "Stored classification").
public struct StoredClassification: Equatable, Sendable {
    /// Whether reports count the transaction, and if not, why not.
    public enum State: String, Sendable {
        /// Booked, neither excluded nor a statement row repeating a synced one.
        case counted
        /// The user excluded it.
        case excluded
        /// A statement row that repeats a synced one: `partnerID` is the synced row.
        case duplicate
        /// Not booked: reports count it only with --include-pending, classified then as they go.
        case uncounted
    }

    public var state: State
    public var flow: String
    public var category: String
    public var categorySource: String
    /// Why the flow is what it is, as a short code (`Classification.Reason`).
    public var reason: String
    /// The internal transfer's other half, or the synced twin of a duplicate.
    public var partnerID: String?
    /// The month of the transaction's day in its account's zone.
    public var month: YearMonth

    public init(
        state: State, flow: String, category: String, categorySource: String, reason: String, partnerID: String?,
        month: YearMonth
    ) {
        self.state = state
        self.flow = flow
        self.category = category
        self.categorySource = categorySource
        self.reason = reason
        self.partnerID = partnerID
        self.month = month
    }

    /// The month as stored.
    var monthNumber: Int64 { Self.number(of: month) }

    /// A month as the ledger stores it: year * 100 + month.
    static func number(of month: YearMonth) -> Int64 { Int64(month.year * 100 + month.month) }

    static func month(number: Int64) -> YearMonth {
        YearMonth(year: Int(number / 100), month: Int(number % 100))
    }
}
