import Ledger
import LedgerStore

extension RateTable {
    /// The rates a ledger holds that can answer a day from `firstDay` through `lastDay` (nil:
    /// open): the imported ones from `lookbackDays` before, and the card's.
    public static func load(_ store: LedgerStore, accounts: ReportAccounts, firstDay: CivilDate?, lastDay: CivilDate?) throws -> RateTable {
        let earliest = firstDay?.adding(days: -lookbackDays)
        return RateTable(
            try store.importedRates(firstDay: earliest, lastDay: lastDay)
                + cardRates(store, accounts: accounts, firstDay: earliest, lastDay: lastDay))
    }

    /// The card's rates from `firstDay` through `lastDay` (nil: open), each on its purchase's
    /// local day in its account's zone. A card rate whose text does not read as a rate is no
    /// rate: it is only a fallback, and an amount it would have converted is then left out and
    /// said so, never guessed.
    public static func cardRates(_ store: LedgerStore, accounts: ReportAccounts, firstDay: CivilDate?, lastDay: CivilDate?) throws
        -> [DatedRate]
    {
        // A day wider on each side than any zone's offset reaches; the exact day is the zone's.
        let from = firstDay.map { Int64($0.adding(days: -1).daysSinceEpoch) * 86_400 }
        let until = lastDay.map { Int64($0.adding(days: 2).daysSinceEpoch) * 86_400 }
        var rates: [DatedRate] = []
        for quote in try store.cardQuotes(from: from, until: until) {
            let day = accounts.zone(of: quote.accountID).date(of: quote.time)
            guard firstDay.map({ day >= $0 }) ?? true, lastDay.map({ day <= $0 }) ?? true,
                let rate = try? ExchangeRate(parsing: quote.rate)
            else { continue }
            rates.append(DatedRate(date: day, from: quote.foreignCurrency, to: quote.accountCurrency, rate: rate, source: .card))
        }
        return rates
    }
}
