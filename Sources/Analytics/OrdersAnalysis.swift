import Ledger
import LedgerStore

/// Builds `purse orders`: every order with its link (`OrderLinker`), read in one snapshot.
public enum OrdersAnalysis {
    /// A linked transaction's day is its account's, as in every listing; an order's own day is
    /// the report zone's (`accounts.base`): an order belongs to no account.
    public static func report(_ store: LedgerStore, accounts: ReportAccounts) throws -> OrdersReport {
        let zone = accounts.base
        var linked: [String: OrdersReport.LinkedTransaction] = [:]
        for link in try OrderLinker.links(store) {
            let transaction = link.transaction.transaction
            linked[link.order.id] = OrdersReport.LinkedTransaction(
                id: transaction.id, accountName: link.transaction.accountName,
                date: accounts.zone(of: transaction.accountID).date(of: transaction.transactionDate.epochSeconds),
                signedAmount: transaction.signedUnits,
                currency: transaction.transactionAmount.currency)
        }
        return OrdersReport(
            timeZone: zone.identifier,
            orders: try store.orders().map { stored in
                OrdersReport.Entry(
                    order: stored.order, file: stored.file, createdDate: zone.date(of: stored.order.createdAt.epochSeconds),
                    transaction: linked[stored.order.id])
            })
    }
}
