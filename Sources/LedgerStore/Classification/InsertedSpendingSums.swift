import Ledger

/// The spending summary's sums of the rows inserted already classified while a sync writes
/// (`LedgerStore.transactionSummingInserts`), added up here and written once at the end, as the
/// `sum_inserted` trigger would have added each row: counted expenses and refunds, by month,
/// account, category, MCC and currency; and the span of times inserted, whose charge packs
/// (`pack_inserted`, dropped too) are deleted at the end.
struct InsertedSpendingSums {
    /// A row of the summary. Texts compare by their bytes, as SQLite compares the key (Swift
    /// would take a composed and a decomposed é as one category).
    struct Key: Hashable {
        let month: Int64
        let accountID: String
        let category: String
        let merchantCategoryCode: Int64
        let currency: String

        static func == (left: Key, right: Key) -> Bool {
            left.month == right.month && left.merchantCategoryCode == right.merchantCategoryCode
                && left.accountID.hasSameBytes(as: right.accountID) && left.category.hasSameBytes(as: right.category)
                && left.currency.hasSameBytes(as: right.currency)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(month)
            hasher.combine(merchantCategoryCode)
            func combine(_ text: String) {
                var text = text
                text.withUTF8 {
                    hasher.combine($0.count)
                    hasher.combine(bytes: UnsafeRawBufferPointer($0))
                }
            }
            combine(accountID)
            combine(category)
            combine(currency)
        }
    }

    struct Sums {
        var spent = SpendingSum()
        var refunded = SpendingSum()
        var count: Int64 = 0

        mutating func add(_ amount: Int64, isRefund: Bool) {
            if isRefund { refunded.add(amount) } else { spent.add(amount) }
            count += 1
        }
    }

    private(set) var rows: [Key: Sums] = [:]
    /// The trigger's SQL, to make it again.
    let trigger: String
    /// `pack_inserted`'s, dropped with it: the packs of `insertedTimes` are deleted at the end instead.
    let packTrigger: String
    var areTriggersDropped = false
    /// The first and last transaction time inserted: the packs of their buckets and those
    /// between are deleted before the commit, where `pack_inserted` would have deleted each row's.
    private(set) var insertedTimes: ClosedRange<Int64>?

    init(trigger: String, packTrigger: String) {
        (self.trigger, self.packTrigger) = (trigger, packTrigger)
    }

    /// The rows in the summary's key order, as SQLite orders it (texts by their bytes): written
    /// so, a file comes out the same each time.
    var rowsInKeyOrder: [(key: Key, value: Sums)] {
        rows.sorted { left, right in
            let (a, b) = (left.key, right.key)
            if a.month != b.month { return a.month < b.month }
            for (x, y) in [(a.accountID, b.accountID), (a.category, b.category)] where !x.hasSameBytes(as: y) {
                return x.utf8.lexicographicallyPrecedes(y.utf8)
            }
            if a.merchantCategoryCode != b.merchantCategoryCode { return a.merchantCategoryCode < b.merchantCategoryCode }
            return a.currency.utf8.lexicographicallyPrecedes(b.currency.utf8)
        }
    }

    /// Adds `transaction`, inserted with `classification`, if the summary counts it. A split is
    /// summed by its parts, so never here.
    mutating func add(_ transaction: Transaction, _ classification: Classification?) {
        let time = transaction.transactionDate.epochSeconds
        insertedTimes = insertedTimes.map { min($0.lowerBound, time)...max($0.upperBound, time) } ?? time...time
        guard let classification, classification.state == .counted, classification.categorySource != .split,
            classification.flow == .expense || classification.flow == .refund
        else { return }
        let key = Key(
            month: Classification.number(of: classification.month), accountID: transaction.accountID,
            category: classification.category, merchantCategoryCode: transaction.merchantCategoryCode.map(Int64.init) ?? -1,
            currency: transaction.transactionAmount.currency)
        rows[key, default: Sums()].add(transaction.transactionAmount.units, isRefund: classification.flow == .refund)
    }
}
