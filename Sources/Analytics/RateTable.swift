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

    /// The quotes of one source on one day, ordered by (from, to): a sorted list, not nested
    /// tables, since ten years of days are held at once and a day has few pairs.
    private struct DayQuotes: Sendable {
        struct Quote: Sendable {
            let from: String
            let to: String
            let rate: ExchangeRate
        }

        let quotes: [Quote]

        /// The rate from -> to that day, direct or inverted; nil when neither was quoted.
        func rate(from: String, to: String) -> (rate: ExchangeRate, inverted: Bool)? {
            if let direct = quote(from: from, to: to) { return (direct, false) }
            if let opposite = quote(from: to, to: from) { return (opposite.inverse, true) }
            return nil
        }

        private func quote(from: String, to: String) -> ExchangeRate? {
            var (low, high) = (0, quotes.count)
            while low < high {
                let middle = (low + high) / 2
                if (quotes[middle].from, quotes[middle].to) < (from, to) { low = middle + 1 } else { high = middle }
            }
            return low < quotes.count && quotes[low].from == from && quotes[low].to == to ? quotes[low].rate : nil
        }

        /// The currencies quoted against `currency` that day, in either direction, for finding a
        /// cross rate.
        func counterparts(of currency: String) -> Set<String> {
            Set(quotes.compactMap { $0.from == currency ? $0.to : $0.to == currency ? $0.from : nil })
        }
    }

    private struct Pair: Hashable {
        let from: String
        let to: String
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
        self.init { add in quotes.forEach(add) }
    }

    /// The quotes `collect` hands to `add`, grouped as they come: a ledger's years of card quotes
    /// are never held as a list besides.
    public init(collecting collect: (_ add: (DatedRate) -> Void) throws -> Void) rethrows {
        var grouped: [DayKey: [Pair: [ExchangeRate]]] = [:]
        try collect { quote in
            guard quote.from != quote.to else { return }
            grouped[DayKey(source: quote.source, date: quote.date), default: [:]][Pair(from: quote.from, to: quote.to), default: []]
                .append(quote.rate)
        }
        var days: [DayKey: DayQuotes] = [:]
        for key in Array(grouped.keys) {
            guard let pairs = grouped.removeValue(forKey: key) else { continue }
            let quotes = pairs.map { pair, rates in
                let sorted = rates.sorted()
                return DayQuotes.Quote(from: pair.from, to: pair.to, rate: sorted[(sorted.count - 1) / 2])
            }
            days[key] = DayQuotes(quotes: quotes.sorted { ($0.from, $0.to) < ($1.from, $1.to) })
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
        // Sorted so that with several shared currencies the same one is always used.
        for via in quotes.counterparts(of: from).intersection(quotes.counterparts(of: to)).sorted() {
            guard let fromVia = quotes.rate(from: from, to: via), let toVia = quotes.rate(from: to, to: via) else { continue }
            return (try fromVia.rate.dividing(by: toVia.rate), .cross(via: via))
        }
        return nil
    }
}
