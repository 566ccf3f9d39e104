import Analytics
import Foundation
import Ledger
import LedgerStore

/// The filters of `transactions` and `export transactions`, read from the options: most run in
/// SQL; the merchant text match runs here because SQLite folds only ASCII case.
struct TransactionFilter {
    var query = TransactionQuery()
    /// The accounts listed (`--account`, else the visible ones, or all with `--all`), each with its zone.
    let accounts: ReportAccounts
    var merchant: String?
    /// `--person`: matched here, since a person is resolved by the classification reader.
    var people: [String] = []
    var limit: Int?
    var offset = 0

    /// The days are each account's local days, in its zone; `--month this` is the report zone's.
    init(context: CommandContext, store: LedgerStore) throws {
        accounts = try context.reportAccounts(store)
        let options = try TransactionFilterOptions(context.command, current: YearMonth(context.today(in: accounts.base)))
        switch options.period {
        case .none: query.accountRanges = accounts.ranges(first: nil, end: nil)
        case .month(let month): query.accountRanges = accounts.ranges(first: month.firstDay, end: month.lastDay.adding(days: 1))
        case .range(let from, let to): query.accountRanges = accounts.ranges(first: from, end: to?.adding(days: 1))
        }
        query.merchantCategoryCodes = options.codes
        query.statuses = options.statuses
        query.types = options.types
        if let sort = options.sort { query.sort = sort }
        merchant = options.merchant
        people = try PersonOptions.known(try PersonOptions.names(context), store: store, context: context)
        limit = options.limit
        offset = options.offset
    }

    /// Calls `body` for each matching transaction, after `offset` and up to `limit`. `renamed`:
    /// the name a rule shows a transaction's merchant under, which `--merchant` matches too;
    /// `person` tells who a transaction is of, for `--person`.
    func forEach(
        _ store: LedgerStore, renamed: (TransactionRecord) -> String?, person: (TransactionRecord) -> TransactionPerson?,
        _ body: (TransactionRecord) throws -> Void
    ) throws {
        var skipped = 0
        var delivered = 0
        if limit == 0 { return }
        try store.forEachTransaction(query) { record in
            if let merchant {
                let name = record.transaction.merchantName ?? record.transaction.transactionDescription
                guard name.lowercased().contains(merchant) || renamed(record)?.lowercased().contains(merchant) == true else {
                    return true
                }
            }
            guard TransactionPerson.admits(person(record), among: people) else { return true }
            if skipped < offset {
                skipped += 1
                return true
            }
            try body(record)
            delivered += 1
            return limit.map { delivered < $0 } ?? true
        }
    }
}
