import Ledger

extension AnomalyAnalysis {
    /// Pairs of expenses of one account, merchant and amount at most ten minutes apart, or on one
    /// local day when either is a statement row (a day without a time); each pair once, the later
    /// one in the month. Three in a row are two pairs.
    ///
    /// Expenses come in time order (then ID): each is paired with the one before it of its
    /// account, merchant, amount and currency, which is held only while a later expense could
    /// still be close to it (those too old are let go once twice as many are held as were
    /// left the last time), not for the whole month.
    struct DoubleCharges {
        private struct Key: Hashable {
            let amount: Int64
            let currency: String
            let accountID: String
            let merchant: String
        }

        /// Two expenses of one local day of one account are less than 25 hours apart (a day
        /// that a change of offset lengthens): an expense held longer can pair with none to come.
        static let heldSeconds: Int64 = 2 * 86_400

        let month: YearMonth
        let dismissed: Set<String>
        private(set) var pairs: [(earlier: Charge, later: Charge)] = []
        private var lastOfKey: [Key: Charge] = [:]
        /// How many expenses `lastOfKey` may hold before those too old are let go.
        private var heldLimit = 1_024

        /// How many expenses are held.
        var heldCount: Int { lastOfKey.count }

        init(month: YearMonth, dismissed: Set<String>) {
            self.month = month
            self.dismissed = dismissed
        }

        /// The next expense, its split's parts joined: none before it is later.
        mutating func add(_ charge: Charge) {
            let key = Key(amount: charge.amount, currency: charge.currency, accountID: charge.accountID, merchant: charge.merchant)
            if let earlier = lastOfKey.updateValue(charge, forKey: key), Self.isClose(earlier, charge), YearMonth(charge.date) == month,
                !dismissed.contains(earlier.id), !dismissed.contains(charge.id)
            {
                pairs.append((earlier, charge))
            }
            if lastOfKey.count > heldLimit {
                lastOfKey = lastOfKey.filter { charge.time - $0.value.time <= Self.heldSeconds }
                heldLimit = max(heldLimit, 2 * lastOfKey.count)
            }
        }

        static func isClose(_ earlier: Charge, _ later: Charge) -> Bool {
            isImported(earlier) || isImported(later) ? earlier.date == later.date : later.time - earlier.time <= doubleChargeSeconds
        }
    }
}
