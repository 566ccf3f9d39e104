import Ledger

/// Chooses the exchange rate for a day from a set of dated quotes.
///
/// For (day, from, to): on that day a direct quote, else the inverse of the opposite quote, else
/// a cross rate through a currency both are quoted against that day (the ECB quotes everything
/// against EUR). Without one that day, the nearest earlier day within 7 days. Imported quotes are
/// searched first over the whole window; the card's quotes only when no imported one is found.
/// No rate is nil, never 1:1: a report leaves the amount out and says so.
public struct RateTable: Sendable {
    /// How many days before the asked day a quote may still be used: a weekend or a bank holiday
    /// has no ECB rate, but a rate weeks old would silently misstate an amount.
    public static let lookbackDays = 7

    /// The quotes of one source on one day, both ways round, keyed by currency.
    private struct DayQuotes: Sendable {
        var rates: [String: [String: ExchangeRate]] = [:]
        /// Each currency's counterparts that day, in either direction, for finding a cross rate.
        var counterparts: [String: Set<String>] = [:]

        /// The rate from -> to that day, direct or inverted; nil when neither was quoted.
        func rate(from: String, to: String) -> (rate: ExchangeRate, inverted: Bool)? {
            if let direct = rates[from]?[to] { return (direct, false) }
            if let opposite = rates[to]?[from] { return (opposite.inverse, true) }
            return nil
        }
    }

    private struct DayKey: Hashable, Sendable {
        let source: RateSource
        let date: CivilDate
    }

    private let days: [DayKey: DayQuotes]

    /// Several quotes for one (day, from, to, source), as a card gives one per purchase, are
    /// reduced to their median (the lower middle one for an even count), so the choice does not
    /// depend on the order the quotes arrive in and one odd purchase does not decide it.
    /// A quote from a currency to itself says nothing and is dropped.
    public init(_ quotes: some Sequence<DatedRate>) {
        var grouped: [DayKey: [String: [String: [ExchangeRate]]]] = [:]
        for quote in quotes where quote.from != quote.to {
            grouped[DayKey(source: quote.source, date: quote.date), default: [:]][quote.from, default: [:]][quote.to, default: []]
                .append(quote.rate)
        }
        var days: [DayKey: DayQuotes] = [:]
        for (key, byFrom) in grouped {
            var day = DayQuotes()
            for (from, byTo) in byFrom {
                for (to, rates) in byTo {
                    let sorted = rates.sorted()
                    day.rates[from, default: [:]][to] = sorted[(sorted.count - 1) / 2]
                    day.counterparts[from, default: []].insert(to)
                    day.counterparts[to, default: []].insert(from)
                }
            }
            days[key] = day
        }
        self.days = days
    }

    /// The rate to convert `from` into `to` on `day`, or nil when no quote within
    /// `lookbackDays` reaches it. Throws only when a cross rate is too precise to hold exactly.
    public func rate(on day: CivilDate, from: String, to: String) throws(ExchangeRateError) -> RateChoice? {
        if from == to {
            return RateChoice(rate: .one, date: day, source: nil, route: .sameCurrency)
        }
        for source in [RateSource.imported, .card] {
            for back in 0...Self.lookbackDays {
                let date = day.adding(days: -back)
                guard let quotes = days[DayKey(source: source, date: date)] else { continue }
                if let choice = try Self.choose(from: from, to: to, in: quotes) {
                    return RateChoice(rate: choice.rate, date: date, source: source, route: choice.route)
                }
            }
        }
        return nil
    }

    /// One day's choice: direct, inverse, then cross.
    private static func choose(from: String, to: String, in quotes: DayQuotes) throws(ExchangeRateError)
        -> (rate: ExchangeRate, route: RateChoice.Route)?
    {
        if let found = quotes.rate(from: from, to: to) { return (found.rate, found.inverted ? .inverse : .direct) }
        guard let fromSide = quotes.counterparts[from], let toSide = quotes.counterparts[to] else { return nil }
        // Sorted so that with several shared currencies the same one is always used.
        for via in fromSide.intersection(toSide).sorted() {
            guard let fromVia = quotes.rate(from: from, to: via), let toVia = quotes.rate(from: to, to: via) else { continue }
            return (try fromVia.rate.dividing(by: toVia.rate), .cross(via: via))
        }
        return nil
    }
}
