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
        // Room for every foreign row of the days, made once: grown as read, the rows' array
        // held its old and its doubled copy at once, twice their size, at its peak. The count is
        // of every account over the widest span of the zones, so a scope of a few accounts
        // makes more room than it fills (96 bytes a foreign row of the ledger's days).
        let envelope = scope.accounts.envelope(first: scope.firstDay, end: scope.endDay)
        var rows = FXRows(capacity: try store.foreignTransactionCount(from: envelope.from, until: envelope.until))
        try store.forEachTransaction(query) { record in
            let transaction = record.transaction
            guard let foreign = transaction.foreignCurrencyAmount, let cardRate = transaction.foreignCurrencyExchangeRate,
                currencies.isEmpty || currencies.contains(transaction.transactionAmount.currency),
                try reader.classification(of: record).state.counts(includingPending: scope.includePending)
            else { return true }
            let day = scope.accounts.zone(of: transaction.accountID).date(of: transaction.transactionDate.epochSeconds)
            rows.append(try row(record, day: day, foreign: foreign, cardRate: cardRate, rates: rates, scope: scope))
            return true
        }
        rows.sort()
        let sums = try sums(rows)
        return FXReport(
            first: scope.firstDay, last: scope.endDay?.adding(days: -1), timeZones: scope.accounts.zoneNames, rows: rows,
            totals: sums.totals, cardCosts: sums.cardCosts, missing: sums.missing)
    }

    /// One transaction's row: purchases positive, refunds negative.
    static func row(
        _ record: TransactionRecord, day: CivilDate, foreign: Money, cardRate: String, rates: RateTable, scope: ReportScope
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
            accountID: transaction.accountID, accountName: record.accountName,
            accountLabel: scope.accounts.label(of: transaction.accountID),
            merchant: transaction.merchantName ?? transaction.transactionDescription, foreignAmount: sign * foreign.units,
            foreignCurrency: foreign.currency, amount: amount, currency: currency, cardRate: cardRate, reference: reference)
    }

    /// The totals per account and foreign currency, the summary's card costs and the rows without
    /// a reference, in one pass over the rows in their order (a row is made whole once).
    static func sums(_ rows: FXRows) throws -> (totals: [FXReport.Total], cardCosts: [FXReport.CardCost], missing: [FXReport.Missing]) {
        struct Key: Hashable {
            let accountID: String
            let foreignCurrency: String
        }
        var totals: [Key: FXReport.Sums] = [:]
        var first: [Key: FXReport.Row] = [:]
        var costs: [[String]: FXReport.Sums] = [:]
        var missing: [[String]: FXReport.Missing] = [:]
        for row in rows {
            let key = Key(accountID: row.accountID, foreignCurrency: row.foreignCurrency)
            try totals[key, default: FXReport.Sums()].add(row)
            if first[key] == nil { first[key] = row }
            try costs[[row.currency, row.foreignCurrency], default: FXReport.Sums()].add(row)
            guard row.reference == nil else { continue }
            let missingKey = [row.foreignCurrency, row.currency]
            let before = missing[missingKey]
            missing[missingKey] = FXReport.Missing(
                foreignCurrency: row.foreignCurrency, currency: row.currency, count: (before?.count ?? 0) + 1,
                foreignAmount: try Money.sum(before?.foreignAmount ?? 0, row.foreignAmount, currency: row.foreignCurrency),
                firstDay: min(before?.firstDay ?? row.date, row.date))
        }
        return (
            first.values.map { row in
                FXReport.Total(
                    accountID: row.accountID, accountName: row.accountName, accountLabel: row.accountLabel, currency: row.currency,
                    foreignCurrency: row.foreignCurrency,
                    sums: totals[Key(accountID: row.accountID, foreignCurrency: row.foreignCurrency)]!)
            }
            .sorted { ($0.accountLabel, $0.accountID, $0.foreignCurrency) < ($1.accountLabel, $1.accountID, $1.foreignCurrency) },
            costs.map { FXReport.CardCost(currency: $0.key[0], foreignCurrency: $0.key[1], sums: $0.value) }
                .sorted { ($0.currency, $0.foreignCurrency) < ($1.currency, $1.foreignCurrency) },
            missing.values.sorted { ($0.foreignCurrency, $0.currency) < ($1.foreignCurrency, $1.currency) }
        )
    }
}
