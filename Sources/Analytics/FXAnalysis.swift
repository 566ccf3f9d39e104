import Ledger
import LedgerStore

/// Builds `report fx`: what each transaction charged in another currency cost over the
/// reference rate of its day (README, "What the card's exchange cost").
///
/// Decided where the issue is silent:
/// - Every counted transaction with a foreign amount and the card's rate is listed, whatever its
///   flow: a cash withdrawal abroad pays the same markup as a purchase. Pending ones only with
///   `--include-pending`, as everywhere; one the user excluded, or a statement row that repeats
///   a synced one, is left out.
/// - The reference is the imported rates alone: the card's own rate is never the reference for
///   itself (its markup would always be 0).
/// - A refund is negative in both currencies, so its markup is positive when the card gave back
///   less than the reference amount: a markup is always what the exchange cost.
public enum FXAnalysis {
    /// The report over the scope's days and accounts (`months` is the runner's, unused: the
    /// rows are listed by day).
    public static func report(_ store: LedgerStore, scope: ReportScope, months: [YearMonth]) throws -> FXReport {
        try report(store, scope: scope, rates: referenceRates(store, scope: scope))
    }

    /// What the summary's line needs: for each account currency and foreign currency of the
    /// month, the markup over the reference rate and the foreign amount it was paid on.
    public static func cardCosts(_ store: LedgerStore, month: YearMonth, accounts: ReportAccounts) throws -> [FXReport.CardCost] {
        try report(store, scope: ReportScope(months: month...month, accounts: accounts), months: [month]).cardCosts
    }

    /// The imported quotes that can answer the scope's days (`lookbackDays` back from its first),
    /// and no card quote.
    static func referenceRates(_ store: LedgerStore, scope: ReportScope) throws -> RateTable {
        RateTable(
            try store.importedRates(
                firstDay: scope.firstDay?.adding(days: -RateTable.lookbackDays), lastDay: scope.endDay?.adding(days: -1)))
    }

    static func report(_ store: LedgerStore, scope: ReportScope, rates: RateTable) throws -> FXReport {
        var reader = try ClassificationReader(store, accounts: scope.accounts)
        var query = TransactionQuery()
        query.accountRanges = scope.accounts.ranges(first: scope.firstDay, end: scope.endDay)
        query.statuses = scope.statuses
        query.onlyForeign = true
        let currencies = Set(scope.currencies)
        var rows: [FXReport.Row] = []
        // Ten years of rows repeat a few account IDs, names and merchants: each spelling seen last
        // is shared by the rows after it, byte for byte.
        var kept: [String: String] = [:]
        func once(_ text: String) -> String {
            if let known = kept[text], known.utf8.elementsEqual(text.utf8) { return known }
            kept[text] = text
            return text
        }
        try store.forEachTransaction(query) { record in
            let transaction = record.transaction
            guard let foreign = transaction.foreignCurrencyAmount, let cardRate = transaction.foreignCurrencyExchangeRate,
                currencies.isEmpty || currencies.contains(transaction.transactionAmount.currency),
                try reader.classification(of: record).state.counts(includingPending: scope.includePending)
            else { return true }
            let day = scope.accounts.zone(of: transaction.accountID).date(of: transaction.transactionDate.epochSeconds)
            rows.append(try row(record, day: day, foreign: foreign, cardRate: cardRate, rates: rates, scope: scope, once: once))
            return true
        }
        // In place: a second array of ten years of rows would double the report's memory.
        rows.sort { ($0.date, $0.time, $0.transactionID) < ($1.date, $1.time, $1.transactionID) }
        return FXReport(
            first: scope.firstDay, last: scope.endDay?.adding(days: -1), timeZones: scope.accounts.zoneNames, rows: rows,
            totals: try totals(rows), cardCosts: try cardCosts(rows), missing: try missing(rows))
    }

    /// One transaction's row: purchases positive, refunds negative.
    /// `once` keeps one copy of a text that repeats.
    static func row(
        _ record: TransactionRecord, day: CivilDate, foreign: Money, cardRate: String, rates: RateTable, scope: ReportScope,
        once: (String) -> String
    ) throws -> FXReport.Row {
        let transaction = record.transaction
        let sign: Int64 = transaction.creditDebitIndicator == .debit ? 1 : -1
        let amount = sign * transaction.transactionAmount.units
        let currency = transaction.transactionAmount.currency
        let reference = try rates.rate(on: day, from: foreign.currency, to: currency).map { choice in
            try FXReport.Reference(
                foreignAmount: sign * foreign.units, amount: amount, rate: choice.rate, date: choice.date, currency: currency)
        }
        return FXReport.Row(
            date: day, time: transaction.transactionDate.epochSeconds, transactionID: transaction.id,
            accountID: once(transaction.accountID), accountName: once(record.accountName),
            accountLabel: scope.accounts.label(of: transaction.accountID),
            merchant: once(transaction.merchantName ?? transaction.transactionDescription), foreignAmount: sign * foreign.units,
            foreignCurrency: foreign.currency, amount: amount, currency: currency, cardRate: cardRate, reference: reference)
    }

    static func totals(_ rows: [FXReport.Row]) throws -> [FXReport.Total] {
        struct Key: Hashable {
            let accountID: String
            let foreignCurrency: String
        }
        var sums: [Key: FXReport.Sums] = [:]
        var first: [Key: FXReport.Row] = [:]
        for row in rows {
            let key = Key(accountID: row.accountID, foreignCurrency: row.foreignCurrency)
            try sums[key, default: FXReport.Sums()].add(row)
            if first[key] == nil { first[key] = row }
        }
        return first.values.map { row in
            FXReport.Total(
                accountID: row.accountID, accountName: row.accountName, accountLabel: row.accountLabel, currency: row.currency,
                foreignCurrency: row.foreignCurrency, sums: sums[Key(accountID: row.accountID, foreignCurrency: row.foreignCurrency)]!)
        }
        .sorted { ($0.accountLabel, $0.accountID, $0.foreignCurrency) < ($1.accountLabel, $1.accountID, $1.foreignCurrency) }
    }

    static func cardCosts(_ rows: [FXReport.Row]) throws -> [FXReport.CardCost] {
        var sums: [[String]: FXReport.Sums] = [:]
        for row in rows { try sums[[row.currency, row.foreignCurrency], default: FXReport.Sums()].add(row) }
        return sums.map { FXReport.CardCost(currency: $0.key[0], foreignCurrency: $0.key[1], sums: $0.value) }
            .sorted { ($0.currency, $0.foreignCurrency) < ($1.currency, $1.foreignCurrency) }
    }

    static func missing(_ rows: [FXReport.Row]) throws -> [FXReport.Missing] {
        var missing: [[String]: FXReport.Missing] = [:]
        for row in rows where row.reference == nil {
            let key = [row.foreignCurrency, row.currency]
            let before = missing[key]
            missing[key] = FXReport.Missing(
                foreignCurrency: row.foreignCurrency, currency: row.currency, count: (before?.count ?? 0) + 1,
                foreignAmount: try Money.sum(before?.foreignAmount ?? 0, row.foreignAmount, currency: row.foreignCurrency),
                firstDay: min(before?.firstDay ?? row.date, row.date))
        }
        return missing.values.sorted { ($0.foreignCurrency, $0.currency) < ($1.foreignCurrency, $1.currency) }
    }
}
