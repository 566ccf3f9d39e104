import Ledger
import LedgerStore

extension RateTable {
    /// The rates a ledger holds that can answer a day from `firstDay` through `lastDay` (nil:
    /// open): the imported ones from `lookbackDays` before, and the card's.
    public static func load(_ store: LedgerStore, accounts: ReportAccounts, firstDay: CivilDate?, lastDay: CivilDate?) throws -> RateTable {
        let earliest = firstDay?.adding(days: -lookbackDays)
        return try RateTable(collecting: { add in
            for rate in try store.importedRates(firstDay: earliest, lastDay: lastDay) { add(rate) }
            try forEachCardRate(store, accounts: accounts, firstDay: earliest, lastDay: lastDay, add)
        })
    }

    /// The card's rates from `firstDay` through `lastDay` (nil: open), each on its purchase's
    /// local day in its account's zone. A card rate whose text does not read as a rate is no
    /// rate: it is only a fallback, and an amount it would have converted is then left out and
    /// said so, never guessed.
    public static func cardRates(_ store: LedgerStore, accounts: ReportAccounts, firstDay: CivilDate?, lastDay: CivilDate?) throws
        -> [DatedRate]
    {
        var rates: [DatedRate] = []
        try forEachCardRate(store, accounts: accounts, firstDay: firstDay, lastDay: lastDay) { rates.append($0) }
        return rates
    }

    /// `cardRates` one by one as read.
    static func forEachCardRate(
        _ store: LedgerStore, accounts: ReportAccounts, firstDay: CivilDate?, lastDay: CivilDate?, _ body: (DatedRate) -> Void
    ) throws {
        // A day wider on each side than any zone's offset reaches; the exact day is the zone's.
        let from = firstDay.map { Int64($0.adding(days: -1).daysSinceEpoch) * 86_400 }
        let until = lastDay.map { Int64($0.adding(days: 2).daysSinceEpoch) * 86_400 }
        try store.forEachCardQuote(from: from, until: until) { quote in
            let day = accounts.zone(of: quote.accountID).date(of: quote.time)
            guard firstDay.map({ day >= $0 }) ?? true, lastDay.map({ day <= $0 }) ?? true,
                let rate = try? ExchangeRate(parsing: quote.rate)
            else { return }
            body(DatedRate(date: day, from: quote.foreignCurrency, to: quote.accountCurrency, rate: rate, source: .card))
        }
    }
}
