import Ledger

/// A balance a statement states at the end of a day, account-signed (a card's debt is negative).
public struct StatementBalance: Equatable, Sendable {
    public var date: CivilDate
    public var booked: Int64?
    public var available: Int64?

    public init(date: CivilDate, booked: Int64?, available: Int64?) {
        self.date = date
        self.booked = booked
        self.available = available
    }
}
