/// One quote: on `date`, 1 `from` was worth `rate` `to`, according to `source`.
///
/// It lives in Ledger, not Analytics, so the store can return the quotes it keeps and the rate
/// choice can read them without either depending on the other.
public struct DatedRate: Hashable, Sendable {
    public let date: CivilDate
    public let from: String
    public let to: String
    public let rate: ExchangeRate
    public let source: RateSource

    public init(date: CivilDate, from: String, to: String, rate: ExchangeRate, source: RateSource) {
        self.date = date
        self.from = from
        self.to = to
        self.rate = rate
        self.source = source
    }
}
