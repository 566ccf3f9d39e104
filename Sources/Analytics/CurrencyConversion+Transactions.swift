import Ledger
import LedgerStore

extension CurrencyConversion {
    /// A transaction's amount in the target currency, at the rate of its own local day in its
    /// account's zone; nil when no rate reaches that day (counted as left out).
    mutating func convert(_ transaction: ReportTransaction, accounts: ReportAccounts) throws -> Int64? {
        try convert(
            transaction.amount, currency: transaction.currency, on: accounts.zone(of: transaction.accountID).date(of: transaction.time))
    }
}
