import Ledger
import LedgerStore

/// Links Wallet orders to the transactions that paid them (README, "Wallet orders"), one to one
/// and deterministically. A transaction pays an order when it is a purchase (a debit whose
/// status is not memo, rejected or unknown to purse), its merchant name or description holds
/// the order's merchant name (ignoring case and punctuation: the name's words, in a row), and its
/// amount equals the order's total or one of its payments (not a refund) in the same currency,
/// at most seven days from the order's creation (for the total) or the payment's date. Among
/// the candidates the smallest time gap wins, then the lower order ID, then the lower
/// transaction ID; each order and each transaction takes part in at most one link.
///
/// Links are computed when read, from the ledger as it is: a sync that brings, changes or
/// deletes a transaction, or an order added later, changes them at once everywhere (`explain`,
/// `export transactions`, `orders`), with nothing stored that could go stale.
public enum OrderLinker {
    public static let maximumGap: Int64 = 7 * 86_400

    /// An order and the transaction that paid it.
    public struct Link: Sendable {
        public let order: WalletOrder
        public let transaction: TransactionRecord
    }

    /// The linked order of each linked transaction, by transaction ID.
    public static func ordersByTransaction(_ store: LedgerStore) throws -> [String: WalletOrder] {
        Dictionary(uniqueKeysWithValues: try links(store).map { ($0.transaction.transaction.id, $0.order) })
    }

    /// Every link, in the order of the orders (oldest first).
    public static func links(_ store: LedgerStore) throws -> [Link] {
        let orders = try store.orders().map(\.order)
        guard !orders.isEmpty else { return [] }
        let accountIDs = try store.ledgerAccounts().map(\.id)
        var candidates: [(gap: Int64, order: Int, transaction: TransactionRecord)] = []
        for (index, order) in orders.enumerated() {
            let anchors = anchors(of: order)
            guard let earliest = anchors.map(\.time).min(), let latest = anchors.map(\.time).max() else { continue }
            let merchant = words(order.merchant.displayName)
            guard !merchant.isEmpty else { continue }
            var query = TransactionQuery()
            query.accountRanges = accountIDs.map {
                AccountTimeRange(accountID: $0, from: earliest - maximumGap, until: latest + maximumGap + 1)
            }
            try store.forEachTransaction(query) { record in
                let transaction = record.transaction
                guard isPurchase(transaction), pays(transaction, merchant: merchant) else { return true }
                let gaps = anchors.compactMap { anchor -> Int64? in
                    guard anchor.amount == transaction.transactionAmount else { return nil }
                    let gap = abs(transaction.transactionDate.epochSeconds - anchor.time)
                    return gap <= maximumGap ? gap : nil
                }
                if let gap = gaps.min() { candidates.append((gap, index, record)) }
                return true
            }
        }
        candidates.sort {
            ($0.gap, orders[$0.order].id, $0.transaction.transaction.id) < ($1.gap, orders[$1.order].id, $1.transaction.transaction.id)
        }
        var linked: [Int: TransactionRecord] = [:]
        var linkedTransactions: Set<String> = []
        for candidate in candidates where linked[candidate.order] == nil {
            guard linkedTransactions.insert(candidate.transaction.transaction.id).inserted else { continue }
            linked[candidate.order] = candidate.transaction
        }
        return orders.indices.compactMap { index in linked[index].map { Link(order: orders[index], transaction: $0) } }
    }

    /// The amounts a transaction may pay, each with the instant it is measured from.
    static func anchors(of order: WalletOrder) -> [(amount: Money, time: Int64)] {
        guard let payment = order.payment else { return [] }
        var anchors = [(amount: payment.total, time: order.createdAt.epochSeconds)]
        for transaction in payment.transactions where !transaction.isRefund {
            anchors.append((transaction.amount, (transaction.createdAt ?? order.createdAt).epochSeconds))
        }
        return anchors
    }

    static func isPurchase(_ transaction: Transaction) -> Bool {
        guard transaction.creditDebitIndicator == .debit else { return false }
        switch transaction.status {
        case .booked, .pending, .authorized: return true
        default: return false
        }
    }

    /// The order's merchant words appear, in a row, in the merchant name or the description.
    static func pays(_ transaction: Transaction, merchant: [String]) -> Bool {
        [transaction.merchantName, transaction.transactionDescription].contains { text in
            guard let text else { return false }
            let candidate = words(text)
            guard candidate.count >= merchant.count else { return false }
            return (0...(candidate.count - merchant.count)).contains { start in
                candidate[start..<(start + merchant.count)].elementsEqual(merchant)
            }
        }
    }

    /// Lower-case runs of letters and digits: "APPLE STORE #R123" is apple, store, r123.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}
