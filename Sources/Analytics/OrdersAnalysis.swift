import Ledger
import LedgerStore

/// Builds `purse orders`: every order with its link (`OrderLinker`), read in one snapshot.
public enum OrdersAnalysis {
    public static func report(_ store: LedgerStore, zone: ReportTimeZone) throws -> OrdersReport {
        var linked: [String: OrdersReport.LinkedTransaction] = [:]
        for link in try OrderLinker.links(store) {
            let transaction = link.transaction.transaction
            linked[link.order.id] = OrdersReport.LinkedTransaction(
                id: transaction.id, accountName: link.transaction.accountName,
                date: zone.date(of: transaction.transactionDate.epochSeconds), signedAmount: transaction.signedUnits,
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
