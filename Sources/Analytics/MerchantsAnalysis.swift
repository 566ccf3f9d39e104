import Ledger
import LedgerStore

/// Builds `purse merchants`: the counted expenses and refunds of a scope by raw merchant text
/// (merchant name, else description) and currency, with the name each is shown under.
public enum MerchantsAnalysis {
    /// `uncategorized`: only what is Uncategorized; `unnamed`: only texts no rename rule covers
    /// (a text some of whose rows a rule renames is covered).
    public static func report(
        _ store: LedgerStore, scope: ReportScope, months: [YearMonth], uncategorized: Bool, unnamed: Bool
    ) throws -> MerchantsReport {
        struct Key: Hashable {
            let text: String
            let isMerchant: Bool
            let currency: String
        }
        var sums: [Key: (count: Int, net: Int64, renamed: String?)] = [:]
        try ClassificationReader.forEachCounted(store, scope) { transaction, classification in
            guard classification.flow == .expense || classification.flow == .refund else { return }
            if uncategorized, classification.category != SpendingCategory.uncategorized { return }
            let key = Key(
                text: transaction.merchantName ?? transaction.description, isMerchant: transaction.merchantName != nil,
                currency: transaction.currency)
            var sum = sums[key] ?? (0, 0, nil)
            sum.count += 1
            sum.net =
                classification.flow == .expense
                ? try Money.sum(sum.net, transaction.amount, currency: key.currency)
                : try Money.difference(sum.net, transaction.amount, currency: key.currency)
            sum.renamed = sum.renamed ?? classification.merchant
            sums[key] = sum
        }
        let rows = sums.filter { !unnamed || $0.value.renamed == nil }.map { key, sum in
            MerchantsReport.Row(
                text: key.text, isMerchant: key.isMerchant, currency: key.currency, count: sum.count, net: sum.net,
                renamed: sum.renamed, suggestion: MerchantNameCleaner.suggestion(key.text))
        }
        .sorted { ($1.net, $0.text, $0.currency) < ($0.net, $1.text, $1.currency) }
        return MerchantsReport(months: months, timeZones: scope.accounts.zoneNames, rows: rows)
    }
}
