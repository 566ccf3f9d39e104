import Ledger
import Storage

/// Exchange rates: the ones the user imported (`exchange_rates`) and the ones the card charged,
/// read from the transactions that carry a foreign amount.
extension LedgerStore {
    /// Whether the ledger has the rates table (schema 18): an older ledger, read as it is, has none.
    var hasExchangeRates: Bool { openedSchemaVersion >= 18 }

    /// Imports the rates `rates` hands to `add`, all in one transaction: when `rates` throws
    /// (a bad line), nothing of it is kept. A rate for a (day, from, to) the ledger holds replaces
    /// the held one: the newer file is taken to be the corrected one.
    public func importRates(_ rates: (_ add: (DatedRate) throws -> Void) throws -> Void) throws -> RateImportOutcome {
        try transaction {
            var outcome = RateImportOutcome()
            let find = try connection.cached(
                "SELECT numerator, denominator FROM exchange_rates WHERE rate_date = ? AND from_currency = ? AND to_currency = ?")
            let store = try connection.cached(
                """
                INSERT INTO exchange_rates (rate_date, from_currency, to_currency, numerator, denominator) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (rate_date, from_currency, to_currency) DO UPDATE SET numerator = excluded.numerator,
                    denominator = excluded.denominator
                """)
            try rates { rate in
                let key: [SQLValue] = [.text(rate.date.description), .text(rate.from), .text(rate.to)]
                try find.bind(key)
                defer { find.reset() }
                if try find.step() {
                    if find.int64(0) == rate.rate.numerator, find.int64(1) == rate.rate.denominator {
                        outcome.unchanged += 1
                        return
                    }
                    outcome.replaced += 1
                } else {
                    outcome.added += 1
                }
                try store.run(key + [.integer(rate.rate.numerator), .integer(rate.rate.denominator)])
            }
            return outcome
        }
    }

    /// The imported rates from `firstDay` through `lastDay` (nil: open), of `currencies` on
    /// either side (empty: any), by day, from and to.
    public func importedRates(firstDay: CivilDate? = nil, lastDay: CivilDate? = nil, currencies: [String] = []) throws -> [DatedRate] {
        guard hasExchangeRates else { return [] }
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let firstDay {
            conditions.append("rate_date >= ?")
            values.append(.text(firstDay.description))
        }
        if let lastDay {
            conditions.append("rate_date <= ?")
            values.append(.text(lastDay.description))
        }
        if !currencies.isEmpty {
            let from = SQLMembership("from_currency", currencies.map(SQLValue.text))
            let to = SQLMembership("to_currency", currencies.map(SQLValue.text))
            conditions.append("(\(from.sql) OR \(to.sql))")
            values += from.values + to.values
        }
        let query = try connection.prepare(
            """
            SELECT rate_date, from_currency, to_currency, numerator, denominator FROM exchange_rates
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")) ORDER BY 1, 2, 3
            """)
        try query.bind(values)
        var rates: [DatedRate] = []
        while try query.step() {
            // The table's CHECK and the import keep both parts positive and the day ISO.
            guard let date = CivilDate(iso: query.text(0)),
                let rate = try? ExchangeRate(numerator: query.int64(3), denominator: query.int64(4))
            else { continue }
            rates.append(DatedRate(date: date, from: query.text(1), to: query.text(2), rate: rate, source: .imported))
        }
        return rates
    }

    /// Hands out the rates the card charged, one by one as read (ten years of foreign purchases
    /// would not fit a report's memory): every transaction, rejected ones aside, with a foreign
    /// amount and a rate, from `from` until `until` (seconds since 1970, nil: open), in time order.
    public func forEachCardQuote(from: Int64? = nil, until: Int64? = nil, _ body: (CardQuote) throws -> Void) throws {
        var conditions = [
            "foreign_amount IS NOT NULL", "foreign_currency IS NOT NULL", "exchange_rate IS NOT NULL", "status != 'rejected'",
        ]
        var values: [SQLValue] = []
        if let from {
            conditions.append("transaction_time >= ?")
            values.append(.integer(from))
        }
        if let until {
            conditions.append("transaction_time < ?")
            values.append(.integer(until))
        }
        let query = try connection.prepare(
            """
            SELECT account_id, transaction_time, foreign_currency, currency, exchange_rate FROM transactions
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY transaction_time, id
            """)
        try query.bind(values)
        while try query.step() {
            try body(
                CardQuote(
                    accountID: query.text(0), time: query.int64(1), foreignCurrency: query.text(2), accountCurrency: query.text(3),
                    rate: query.text(4)))
        }
    }
}
