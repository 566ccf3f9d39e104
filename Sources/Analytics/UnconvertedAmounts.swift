import Ledger

/// What a conversion had to leave out in one currency: no rate reached it within
/// `RateTable.lookbackDays` of its day. A report shows what it could convert and says this.
public struct UnconvertedAmounts: Sendable, Equatable {
    /// What the amounts were, for the warning's words.
    public enum Kind: String, Sendable {
        case transactions
        case balances
    }

    public let kind: Kind
    public let currency: String
    /// The currency they could not be converted into.
    public let target: String
    public internal(set) var count: Int
    /// Their sum, signs aside (a refund left out is as missing as a purchase), in units of
    /// `currency`.
    public internal(set) var units: Int64
    /// The earliest day that found no rate: the rates a user must import start there.
    public internal(set) var firstDay: CivilDate

    public init(kind: Kind, currency: String, target: String, count: Int, units: Int64, firstDay: CivilDate) {
        self.kind = kind
        self.currency = currency
        self.target = target
        self.count = count
        self.units = units
        self.firstDay = firstDay
    }
}
