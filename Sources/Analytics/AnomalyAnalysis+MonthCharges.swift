import Ledger
import LedgerStore

extension AnomalyAnalysis {
    /// The counted expenses and refunds the month's double charges, first charges from a merchant
    /// and spikes are found from, taken a row at a time: read on their own, or handed on by the
    /// read of the twelve months the recurring series are found in, which holds every row of them.
    struct MonthCharges {
        let month: YearMonth
        let accounts: ReportAccounts
        /// The transactions set `--not-anomaly`.
        let dismissed: Set<String>
        private let reader: ClassificationReader
        /// Without rename rules, the stored classification says which merchants were charged
        /// before the three months, so only those and the month are read, not the years before.
        private let windowed: Bool
        private let scope: ReportScope
        private let names: [String: String]
        /// Each account's first instant of the three months: a longer read's rows before it are not theirs.
        private let windowStarts: [String: Int64]
        private var days: LocalDays
        private var monthOf: LocalMonths
        /// Each account's name, where its zone's days and months are kept and its first instant, by
        /// its spelling's number: found once, not for every row.
        private var accountsBySpelling: [(name: String, days: Int, months: Int, start: Int64)?] = []
        /// The last expense of the month (or the day before) added, and whether it was its
        /// merchant's first: its split's next part joins it.
        private var lastExpense: (charge: Charge, isFirst: Bool)?
        private var doubleCharges: DoubleCharges
        /// The month's expenses above `newMerchantFloor` that are their merchant's first.
        private var firstLarge: [Charge] = []
        /// The merchants charged so far: rows come in time order (then ID), so a merchant not
        /// among them has its first expense in the row. Neither its time nor its ID is kept: a
        /// bank statement's descriptions can make thousands of merchants in the three months.
        private var charged = Set<String>()
        /// Which merchant spellings of a stored read are in `charged`, by number.
        private var chargedSpellings: [Bool] = []
        /// Each category's and merchant's sums, and where each key's are.
        private var spikeSums: [SpikeSums] = []
        private var spikeSlots: [SpikeKey: Int] = [:]
        /// Those of the categories, then of the merchants, by their spellings.
        private var spikeSlotsBySpelling = [SpellingSlots(), SpellingSlots()]
        private var previousID: String?
        private var firstMonth: YearMonth?

        static let flows: [Flow] = [.expense, .refund]

        /// The numbers a stored read gave a row's texts (`CountedCharge`); nil where it gave none.
        typealias Spellings = (merchant: Int32?, category: Int32?, currency: Int32?)

        var averageMonths: [YearMonth] { (1...3).reversed().map { month.adding(months: -$0) } }

        init(_ store: LedgerStore, month: YearMonth, accounts: ReportAccounts) throws {
            self.month = month
            self.accounts = accounts
            dismissed = Set(try store.transactionOverrides().values.filter(\.isNotAnomaly).map(\.transactionID))
            reader = try ClassificationReader(store, accounts: accounts)
            windowed = reader.hasStoredStates && !reader.renames
            let first = month.adding(months: -3).firstDay
            scope = ReportScope(first: windowed ? first : nil, last: month.lastDay, accounts: accounts)
            names = Dictionary(accounts.all.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
            windowStarts = Dictionary(
                accounts.ranges(first: first, end: nil).map { ($0.accountID, $0.from ?? .min) }, uniquingKeysWith: { first, _ in first })
            days = LocalDays(accounts)
            monthOf = LocalMonths(accounts)
            doubleCharges = DoubleCharges(month: month, dismissed: dismissed)
        }

        /// The first instant in any zone of the day before the month, from which on the rows'
        /// IDs are looked up (double charges, dismissed anomalies, the summary's month); before
        /// it, only a split's (the parts of one charge).
        static func identifiedFrom(_ month: YearMonth) -> Int64 {
            Int64(month.firstDay.adding(days: -2).daysSinceEpoch) * 86_400
        }

        /// Whether the rows may be the stored counted charges, read in time order (`add(_:)`).
        var takesStoredRows: Bool { reader.answersFromStoredCharges(scope) }

        /// Reads every row.
        mutating func read(_ store: LedgerStore) throws {
            if takesStoredRows {
                // Stored and without renames: only the columns an anomaly needs are read.
                try store.forEachCountedCharge(scope.selection(statuses: scope.statuses), states: [.counted], flows: Self.flows) {
                    try add($0)
                }
            } else {
                try ClassificationReader.forEachCounted(store, scope, reader: reader) { transaction, classification in
                    guard Self.flows.contains(classification.flow) else { return }
                    try add(
                        Charge(
                            id: transaction.id, accountID: transaction.accountID, accountName: transaction.accountName,
                            time: transaction.time, date: scope.date(of: transaction),
                            merchant: ClassificationReader.merchant(transaction, classification),
                            category: classification.category, amount: transaction.amount, currency: transaction.currency),
                        flow: classification.flow, period: monthOf.month(of: transaction))
                }
            }
        }

        /// A stored counted charge of the accounts with the booked status, read in time order
        /// (ties in ID order): a row of another flow, or from before the three months, is left out.
        mutating func add(_ row: CountedCharge) throws {
            guard row.flow == .expense || row.flow == .refund else { return }
            let spelling = row.accountSpelling.map(Int.init)
            let account: (name: String, days: Int, months: Int, start: Int64)
            if let spelling, spelling < accountsBySpelling.count, let known = accountsBySpelling[spelling] {
                account = known
            } else {
                account = (
                    names[row.accountID] ?? row.accountID, days.slot(of: row.accountID), monthOf.slot(of: row.accountID),
                    windowStarts[row.accountID] ?? .max
                )
                if let spelling { accountsBySpelling.set(account, at: spelling, filling: nil) }
            }
            guard row.time >= account.start else { return }
            let date = days.day(slot: account.days, time: row.time)
            let period = monthOf.month(slot: account.months, time: row.time)
            try reader.classifier.forEachPart(row) { amount, category in
                try add(
                    Charge(
                        id: row.id, accountID: row.accountID, accountName: account.name, time: row.time,
                        date: date, merchant: row.merchant, category: category,
                        amount: amount, currency: row.currency),
                    flow: row.flow, period: period,
                    // A split's part has a category of its own, not the row's.
                    spellings: (row.merchantSpelling, row.isSplit ? nil : row.categorySpelling, row.currencySpelling))
            }
        }

        /// `whole` is the transaction as read (a split's parts each bring it, with their own
        /// amount and category); `period` is its month in its account's zone; `spellings`, the
        /// numbers a stored read gave its texts.
        private mutating func add(_ whole: Charge, flow: Flow, period: YearMonth, spellings: Spellings = (nil, nil, nil)) throws {
            firstMonth = min(firstMonth ?? period, period)
            let isPart = previousID == whole.id && !whole.id.isEmpty
            previousID = whole.id
            if let slot = SpikeSums.slot(of: period, month: month), !(period == month && dismissed.contains(whole.id)) {
                let signed = flow == .expense ? whole.amount : -whole.amount
                // One at a time: an array of the two keys was made for every row.
                let category = spikeSlot(of: whole, isMerchant: false, spellings)
                try spikeSums[category].add(signed, slot: slot, date: whole.date, currency: whole.currency)
                let merchant = spikeSlot(of: whole, isMerchant: true, spellings)
                try spikeSums[merchant].add(signed, slot: slot, date: whole.date, currency: whole.currency)
            }
            guard flow == .expense else { return }
            if isPart {
                // Only a part whose transaction was kept joins it: the last expense kept may be
                // another account's, read earlier in another zone.
                if var joined = lastExpense, joined.charge.id == whole.id {
                    joined.charge.amount = try Money.sum(joined.charge.amount, whole.amount, currency: whole.currency)
                    lastExpense = joined
                }
                return
            }
            let isFirst = isFirstCharge(whole.merchant, spelling: spellings.merchant)
            // A double charge may start the evening before the month.
            guard period == month || whole.date == month.firstDay.adding(days: -1) else { return }
            finishLastExpense()
            lastExpense = (whole, isFirst)
        }

        /// Where the sums of the charge's category or merchant in its currency are, made on first
        /// use. A row of a stored read finds them by its spellings' numbers, without hashing texts.
        private mutating func spikeSlot(of charge: Charge, isMerchant: Bool, _ spellings: Spellings) -> Int {
            let (kind, nameSpelling) = isMerchant ? (1, spellings.merchant) : (0, spellings.category)
            if let slot = spikeSlotsBySpelling[kind].slot(name: nameSpelling, currency: spellings.currency) { return slot }
            let key = SpikeKey(currency: charge.currency, name: isMerchant ? charge.merchant : charge.category, isMerchant: isMerchant)
            let slot = spikeSlots[key] ?? spikeSums.count
            if slot == spikeSums.count {
                spikeSums.append(SpikeSums())
                spikeSlots[key] = slot
            }
            spikeSlotsBySpelling[kind].remember(slot, name: nameSpelling, currency: spellings.currency)
            return slot
        }

        /// Whether no expense of `merchant` came before: a spelling met before was charged.
        private mutating func isFirstCharge(_ merchant: String, spelling: Int32?) -> Bool {
            if let spelling = spelling.map(Int.init), spelling < chargedSpellings.count, chargedSpellings[spelling] { return false }
            let isFirst = charged.insert(merchant).inserted
            if let spelling { chargedSpellings.set(true, at: Int(spelling), filling: false) }
            return isFirst
        }

        /// Hands the last expense, whole, to what looks for double charges and first charges.
        private mutating func finishLastExpense() {
            guard let (expense, isFirst) = lastExpense else { return }
            lastExpense = nil
            doubleCharges.add(expense)
            if isFirst, YearMonth(expense.date) == month, expense.amount > newMerchantFloor { firstLarge.append(expense) }
        }

        /// The double charges, first charges from a merchant and spikes of the month.
        mutating func anomalies(_ store: LedgerStore) throws -> [AnomalyReport.Anomaly] {
            finishLastExpense()
            let averageMonths = averageMonths
            // Before the window's first day in every zone (UTC-12's midnight is 12:00 UTC).
            let beforeWindow = Int64(averageMonths[0].firstDay.daysSinceEpoch) * 86_400 + 14 * 3_600
            func row(_ kind: AnomalyReport.Kind, _ charge: Charge, baseline: Int64?, reason: AnomalyReport.Reason)
                -> AnomalyReport.Anomaly
            {
                AnomalyReport.Anomaly(
                    kind: kind, date: charge.date, accountID: charge.accountID, accountName: charge.accountName,
                    accountLabel: accounts.label(of: charge.accountID), merchant: charge.merchant, category: charge.category,
                    amount: charge.amount, currency: charge.currency, baseline: baseline, reason: reason, transactionID: charge.id)
            }
            var anomalies = doubleCharges.pairs.map { earlier, later in
                row(
                    .doubleCharge, later, baseline: earlier.amount,
                    reason: .sameAs(
                        earlierID: earlier.id, earlierDate: earlier.date,
                        seconds: isImported(earlier) || isImported(later) ? nil : later.time - earlier.time))
            }
            // A ledger's first months have no usual yet: every merchant would be new and every month
            // a rise from the empty months before it.
            let hasHistory =
                try (firstMonth.map { $0 <= averageMonths[0] } ?? false) || (windowed && store.hasCountedExpense(before: beforeWindow))
            guard hasHistory else { return anomalies }
            for charge in firstLarge where !dismissed.contains(charge.id) {
                if windowed, try store.hasCountedExpense(before: beforeWindow, merchant: charge.merchant) { continue }
                anomalies.append(row(.newMerchant, charge, baseline: nil, reason: .firstCharge(floor: newMerchantFloor)))
            }
            // Only what has rows in the month: the months before of any other are never summed.
            for (key, slot) in spikeSlots where spikeSums[slot].lastDay != nil {
                let sum = spikeSums[slot]
                let net = sum.nets[SpikeSums.monthSlot]
                let total = try Money.sum((0..<SpikeSums.monthSlot).map { sum.nets[$0] }, currency: key.currency)
                let average = SummaryAnalysis.average(total, key.currency)
                guard isSpike(net, average: average, floor: key.isMerchant ? merchantSpikeFloor : categorySpikeFloor) else { continue }
                anomalies.append(
                    AnomalyReport.Anomaly(
                        kind: .spike, date: sum.lastDay ?? month.lastDay, accountID: "", accountName: "", accountLabel: "",
                        merchant: key.isMerchant ? key.name : "", category: key.isMerchant ? "" : key.name, amount: net,
                        currency: key.currency, baseline: average, reason: .aboveAverage(months: averageMonths, isMerchant: key.isMerchant),
                        transactionID: ""))
            }
            return anomalies
        }
    }
}
