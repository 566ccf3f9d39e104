import Ledger
import LedgerStore

/// Builds `purse categories --uncategorized`: the counted expenses and refunds whose category is
/// Uncategorized after overrides and rules, by merchant (else description) and currency.
public enum UncategorizedAnalysis {
    public static func report(_ store: LedgerStore, scope: ReportScope, months: [YearMonth]) throws -> UncategorizedReport {
        struct Key: Hashable {
            let name: String
            let isMerchant: Bool
            let currency: String
        }
        var sums: [Key: (count: Int, spent: Int64, refunded: Int64)] = [:]
        try ClassificationReader.forEachCounted(store, scope) { transaction, classification in
            guard classification.category == SpendingCategory.uncategorized,
                classification.flow == .expense || classification.flow == .refund
            else { return }
            let key = Key(
                name: transaction.merchantName ?? transaction.description, isMerchant: transaction.merchantName != nil,
                currency: transaction.currency)
            var sum = sums[key] ?? (0, 0, 0)
            sum.count += 1
            if classification.flow == .expense {
                sum.spent = try Money.sum(sum.spent, transaction.amount, currency: key.currency)
            } else {
                sum.refunded = try Money.sum(sum.refunded, transaction.amount, currency: key.currency)
            }
            sums[key] = sum
        }
        let rows = try sums.map { key, sum in
            UncategorizedReport.Row(
                name: key.name, isMerchant: key.isMerchant, currency: key.currency, count: sum.count, spent: sum.spent,
                refunded: sum.refunded, net: try NetSpending.net(spent: sum.spent, refunded: sum.refunded, currency: key.currency))
        }
        .sorted { ($1.net, $0.name, $0.currency) < ($0.net, $1.name, $1.currency) }
        return UncategorizedReport(months: months, timeZones: scope.accounts.zoneNames, rows: rows)
    }
}
