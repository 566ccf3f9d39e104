import Ledger

/// The rate a conversion uses, with where it came from, so `explain` can show it.
public struct RateChoice: Hashable, Sendable {
    /// How the rate was reached from that day's quotes.
    public enum Route: Hashable, Sendable {
        /// The two currencies are the same: the rate is 1 and no quote was needed.
        case sameCurrency
        /// A quote `from` -> `to`.
        case direct
        /// The inverse of a quote `to` -> `from`.
        case inverse
        /// `rate(from, via) / rate(to, via)`, both quoted that day (either way round).
        case cross(via: String)
    }

    public let rate: ExchangeRate
    /// The day of the quotes used: the asked day or up to 7 days before it.
    public let date: CivilDate
    /// Whose quotes they were; nil only for `.sameCurrency`, which needs none.
    public let source: RateSource?
    public let route: Route

    public init(rate: ExchangeRate, date: CivilDate, source: RateSource?, route: Route) {
        self.rate = rate
        self.date = date
        self.source = source
        self.route = route
    }
}
