import Ledger
import LedgerStore

extension ReportScope {
    /// The rates that can answer the scope's days (`--convert-to`).
    func rates(_ store: LedgerStore) throws -> RateTable {
        try RateTable.load(store, accounts: accounts, firstDay: firstDay, lastDay: endDay?.adding(days: -1))
    }

    /// A counted transaction's amount and currency as a report adds it up: as it is without a
    /// conversion, else in the conversion's currency at the rate of the transaction's local day;
    /// nil when that day has no rate (the conversion counts it as left out).
    func amount(
        of transaction: ReportTransaction, converting conversion: inout CurrencyConversion?
    ) throws -> (amount: Int64, currency: String)? {
        guard var converting = conversion, transaction.currency != converting.target else {
            return (transaction.amount, transaction.currency)
        }
        defer { conversion = converting }
        return try converting.convert(transaction, accounts: accounts).map { ($0, converting.target) }
    }
}
