import Ledger
import LedgerStore

/// Builds `purse report anomalies` for one month from the counted transactions (your corrections
/// and rules applied; excluded ones never count) and the recurring series of the twelve months
/// up to it, leaving out every transaction set `--not-anomaly`.
public enum AnomalyAnalysis {
    /// Two charges at most this far apart are one charge taken twice.
    static let doubleChargeSeconds: Int64 = 600
    /// How far above its average a spike must be, in whole units of any currency (Money units).
    static let categorySpikeFloor: Int64 = 50 * 10_000
    static let merchantSpikeFloor: Int64 = 25 * 10_000
    /// A first charge from a merchant is listed above this, in whole units of any currency.
    static let newMerchantFloor: Int64 = 100 * 10_000

    /// A counted expense, its split parts joined again.
    struct Charge {
        let id: String
        let accountID: String
        let accountName: String
        let time: Int64
        let date: CivilDate
        let merchant: String
        var category: String
        var amount: Int64
        let currency: String
    }

    struct SpikeKey: Hashable {
        let currency: String
        let name: String
        let isMerchant: Bool
    }

    /// A category's or merchant's net in each of the three months before the month and in the
    /// month (in that order), and its last day in the month: one entry a name, not one a month.
    struct SpikeSums {
        static let monthSlot = 3
        var nets = SIMD4<Int64>()
        var lastDay: CivilDate?

        /// Where `period`'s net goes; nil for a month outside the four.
        static func slot(of period: YearMonth, month: YearMonth) -> Int? {
            let slot = (period.year - month.year) * 12 + period.month - month.month + monthSlot
            return (0...monthSlot).contains(slot) ? slot : nil
        }

        mutating func add(_ signed: Int64, slot: Int, date: CivilDate, currency: String) throws {
            nets[slot] = try Money.sum(nets[slot], signed, currency: currency)
            if slot == Self.monthSlot { lastDay = max(lastDay ?? date, date) }
        }
    }

    /// `series`: the recurring series of the twelve months up to the month's end as of that
    /// end, when the caller has them already (the summary of a month that is over).
    public static func report(
        _ store: LedgerStore, month: YearMonth, accounts: ReportAccounts, today: CivilDate, series: RecurringReport? = nil
    ) throws -> AnomalyReport {
        let dismissed = Set(try store.transactionOverrides().values.filter(\.isNotAnomaly).map(\.transactionID))
        // What the month's rows held is let go before the series are read: on a long ledger both
        // at once would pass the memory a report may take.
        let anomalies =
            try transactionAnomalies(store, month: month, accounts: accounts, dismissed: dismissed)
            + recurring(store, month: month, accounts: accounts, today: today, dismissed: dismissed, series: series)
        return AnomalyReport(month: month, timeZones: accounts.zoneNames, anomalies: sorted(anomalies))
    }

    /// The double charges, first charges from a merchant and spikes of the month.
    static func transactionAnomalies(
        _ store: LedgerStore, month: YearMonth, accounts: ReportAccounts, dismissed: Set<String>
    ) throws -> [AnomalyReport.Anomaly] {
        let averageMonths = (1...3).reversed().map { month.adding(months: -$0) }
        let reader = try ClassificationReader(store, accounts: accounts)
        // Without rename rules, the stored classification says which merchants were charged
        // before the three months, so only those and the month are read, not the years before.
        let windowed = reader.hasStoredStates && !reader.renames
        let scope = ReportScope(first: windowed ? averageMonths[0].firstDay : nil, last: month.lastDay, accounts: accounts)
        // Before the window's first day in every zone (UTC-12's midnight is 12:00 UTC).
        let beforeWindow = Int64(averageMonths[0].firstDay.daysSinceEpoch) * 86_400 + 14 * 3_600
        var monthOf = LocalMonths(accounts)
        var expenses: [Charge] = []
        // Each merchant's first expense; when it is in the month, it is among `expenses`.
        var firstCharges: [String: (time: Int64, id: String)] = [:]
        var sums: [SpikeKey: SpikeSums] = [:]
        var previousID: String?
        var firstMonth: YearMonth?
        // `whole` is the transaction as read (a split's parts each bring it, with their own
        // amount and category).
        // `period`: its month in its account's zone.
        func add(_ whole: Charge, flow: Flow, period: YearMonth) throws {
            firstMonth = min(firstMonth ?? period, period)
            let isPart = previousID == whole.id && !whole.id.isEmpty
            previousID = whole.id
            if let slot = SpikeSums.slot(of: period, month: month), !(period == month && dismissed.contains(whole.id)) {
                let signed = flow == .expense ? whole.amount : -whole.amount
                // Added one at a time: an array of the two keys was made for every row.
                try sums[SpikeKey(currency: whole.currency, name: whole.category, isMerchant: false), default: SpikeSums()]
                    .add(signed, slot: slot, date: whole.date, currency: whole.currency)
                try sums[SpikeKey(currency: whole.currency, name: whole.merchant, isMerchant: true), default: SpikeSums()]
                    .add(signed, slot: slot, date: whole.date, currency: whole.currency)
            }
            guard flow == .expense else { return }
            if isPart {
                // Only a part whose transaction was kept joins it: the last expense kept may be
                // another account's, read earlier in another zone.
                if var joined = expenses.last, joined.id == whole.id {
                    joined.amount = try Money.sum(joined.amount, whole.amount, currency: whole.currency)
                    expenses[expenses.count - 1] = joined
                }
                return
            }
            if let first = firstCharges[whole.merchant], first <= (whole.time, whole.id) {
            } else {
                firstCharges[whole.merchant] = (whole.time, whole.id)
            }
            // A double charge may start the evening before the month.
            if period == month || whole.date == month.firstDay.adding(days: -1) { expenses.append(whole) }
        }
        let flows: [Flow] = [.expense, .refund]
        if windowed, scope.people.isEmpty {
            // Stored and without renames: only the columns an anomaly needs are read.
            let names = Dictionary(accounts.all.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
            var days = LocalDays(accounts)
            // Each account's name and where its zone's days and months are kept, by its
            // spelling's number: found once, not for every row.
            var accountsBySpelling: [(name: String, days: Int, months: Int)?] = []
            try store.forEachCountedCharge(scope.selection(statuses: scope.statuses), states: [.counted], flows: flows) { row in
                let spelling = row.accountSpelling.map(Int.init)
                let account: (name: String, days: Int, months: Int)
                if let spelling, spelling < accountsBySpelling.count, let known = accountsBySpelling[spelling] {
                    account = known
                } else {
                    account = (names[row.accountID] ?? row.accountID, days.slot(of: row.accountID), monthOf.slot(of: row.accountID))
                    if let spelling {
                        if spelling >= accountsBySpelling.count {
                            accountsBySpelling += Array(repeating: nil, count: spelling + 1 - accountsBySpelling.count)
                        }
                        accountsBySpelling[spelling] = account
                    }
                }
                let date = days.day(slot: account.days, time: row.time)
                let period = monthOf.month(slot: account.months, time: row.time)
                try reader.classifier.forEachPart(row) { amount, category in
                    try add(
                        Charge(
                            id: row.id, accountID: row.accountID, accountName: account.name, time: row.time,
                            date: date, merchant: row.merchant, category: category,
                            amount: amount, currency: row.currency),
                        flow: row.flow, period: period)
                }
            }
        } else {
            try ClassificationReader.forEachCounted(store, scope, reader: reader) { transaction, classification in
                guard flows.contains(classification.flow) else { return }
                try add(
                    Charge(
                        id: transaction.id, accountID: transaction.accountID, accountName: transaction.accountName, time: transaction.time,
                        date: scope.date(of: transaction), merchant: ClassificationReader.merchant(transaction, classification),
                        category: classification.category, amount: transaction.amount, currency: transaction.currency),
                    flow: classification.flow, period: monthOf.month(of: transaction))
            }
        }
        func row(_ kind: AnomalyReport.Kind, _ charge: Charge, baseline: Int64?, reason: AnomalyReport.Reason) -> AnomalyReport.Anomaly {
            AnomalyReport.Anomaly(
                kind: kind, date: charge.date, accountID: charge.accountID, accountName: charge.accountName,
                accountLabel: accounts.label(of: charge.accountID), merchant: charge.merchant, category: charge.category,
                amount: charge.amount, currency: charge.currency, baseline: baseline, reason: reason, transactionID: charge.id)
        }
        var anomalies = doubleCharges(expenses, month: month, dismissed: dismissed).map { earlier, later in
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
        for charge in expenses where YearMonth(charge.date) == month && charge.amount > newMerchantFloor {
            guard let first = firstCharges[charge.merchant], first == (charge.time, charge.id), !dismissed.contains(charge.id) else {
                continue
            }
            if windowed, try store.hasCountedExpense(before: beforeWindow, merchant: charge.merchant) { continue }
            anomalies.append(row(.newMerchant, charge, baseline: nil, reason: .firstCharge(floor: newMerchantFloor)))
        }
        // Only what has rows in the month: the months before of any other are never summed.
        for (key, sum) in sums where sum.lastDay != nil {
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

    static func sorted(_ anomalies: [AnomalyReport.Anomaly]) -> [AnomalyReport.Anomaly] {
        anomalies.sorted {
            ($0.date, $0.kind.rawValue, $0.merchant, $0.category, $0.accountLabel, $0.transactionID)
                < ($1.date, $1.kind.rawValue, $1.merchant, $1.category, $1.accountLabel, $1.transactionID)
        }
    }

    /// More than 50 % above the average and more than `floor` above it. A category or merchant
    /// with no net spending in the three months before has no usual to rise from: its first
    /// month is never a spike (a first large charge is `new-merchant`'s).
    static func isSpike(_ net: Int64, average: Int64, floor: Int64) -> Bool {
        guard average > 0 else { return false }
        let rise = Int128(net) - Int128(average)
        return 2 * rise > Int128(average) && rise > Int128(floor)
    }

    static func isImported(_ charge: Charge) -> Bool { charge.id.hasPrefix(Transaction.statementIDPrefix) }

    /// Pairs of expenses of one account, merchant and amount at most ten minutes apart, or on one
    /// local day when either is a statement row (a day without a time); each pair once, the
    /// later one in the month. Three in a row are two pairs.
    static func doubleCharges(_ expenses: [Charge], month: YearMonth, dismissed: Set<String>) -> [(Charge, Charge)] {
        // The positions are sorted, not the charges grouped: a month's expenses are not held
        // twice. The amount leads, as it tells most charges apart, and is read without copying a
        // charge: only charges of one amount compare their text.
        func isSameCharge(_ left: Charge, _ right: Charge) -> Bool {
            (left.amount, left.currency, left.accountID, left.merchant) == (right.amount, right.currency, right.accountID, right.merchant)
        }
        let order = expenses.indices.sorted { leftIndex, rightIndex in
            guard expenses[leftIndex].amount == expenses[rightIndex].amount else {
                return expenses[leftIndex].amount < expenses[rightIndex].amount
            }
            let (left, right) = (expenses[leftIndex], expenses[rightIndex])
            return (left.currency, left.accountID, left.merchant, left.time, left.id)
                < (right.currency, right.accountID, right.merchant, right.time, right.id)
        }
        var pairs: [(Charge, Charge)] = []
        for (earlierIndex, laterIndex) in zip(order, order.dropFirst()) {
            guard expenses[earlierIndex].amount == expenses[laterIndex].amount else { continue }
            let (earlier, later) = (expenses[earlierIndex], expenses[laterIndex])
            guard isSameCharge(earlier, later) else { continue }
            let close =
                isImported(earlier) || isImported(later)
                ? earlier.date == later.date : later.time - earlier.time <= doubleChargeSeconds
            guard close, YearMonth(later.date) == month,
                !dismissed.contains(earlier.id), !dismissed.contains(later.id)
            else { continue }
            pairs.append((earlier, later))
        }
        return pairs
    }

    /// The recurring series of the twelve months up to the month's end (today in the running
    /// month) whose last charge in the month changed price, or whose charge expected went
    /// missing past its grace within the month. Dismissing a series' last charge dismisses both.
    static func recurring(
        _ store: LedgerStore, month: YearMonth, accounts: ReportAccounts, today: CivilDate, dismissed: Set<String>,
        series given: RecurringReport?
    ) throws -> [AnomalyReport.Anomaly] {
        let asOf = min(month.lastDay, today)
        // In the running month a charge still to come is not missed: the series are as of today.
        let reusable = asOf == month.lastDay ? given : nil
        let series =
            try reusable
            ?? RecurringAnalysis.report(
                store, scope: ReportScope(months: month.adding(months: -11)...month, accounts: accounts),
                first: month.adding(months: -11).firstDay,
                asOf: asOf)
        var anomalies: [AnomalyReport.Anomaly] = []
        for item in series.items where item.flow == .expense {
            let isPriceChange = item.priceChange != nil && YearMonth(item.lastDate) == month
            // Reported in the month it became missed, so once.
            let isMissed = item.isMissed && YearMonth(item.nextDate.adding(days: RecurringAnalysis.band(item.cadence).grace + 1)) == month
            guard isPriceChange || isMissed else { continue }
            let lastCharges = try lastChargeIDs(store, item: item, accounts: accounts)
            guard lastCharges.isDisjoint(with: dismissed) else { continue }
            func row(_ kind: AnomalyReport.Kind, date: CivilDate, amount: Int64, baseline: Int64?, reason: AnomalyReport.Reason)
                -> AnomalyReport.Anomaly
            {
                AnomalyReport.Anomaly(
                    kind: kind, date: date, accountID: item.accountID, accountName: item.accountName, accountLabel: item.accountLabel,
                    merchant: item.merchant, category: item.category, amount: amount, currency: item.currency, baseline: baseline,
                    reason: reason, transactionID: kind == .priceChange ? lastCharges.sorted().first ?? "" : "")
            }
            if isPriceChange {
                anomalies.append(
                    row(
                        .priceChange, date: item.lastDate, amount: item.lastAmount, baseline: item.typicalAmount,
                        reason: .priceChange(cadence: item.cadence, lastDate: item.lastDate)))
            }
            if isMissed {
                anomalies.append(
                    row(
                        .missed, date: item.nextDate, amount: item.typicalAmount, baseline: nil,
                        reason: .missed(cadence: item.cadence, lastDate: item.lastDate)))
            }
        }
        return anomalies
    }

    /// The IDs of the transactions that make a series' last charge: its account's expenses of its
    /// merchant on its last day.
    static func lastChargeIDs(_ store: LedgerStore, item: RecurringReport.Item, accounts: ReportAccounts) throws -> Set<String> {
        var ids = Set<String>()
        try ClassificationReader.forEachCounted(store, ReportScope(first: item.lastDate, last: item.lastDate, accounts: accounts)) {
            transaction, classification in
            guard transaction.accountID == item.accountID, classification.flow == .expense,
                ClassificationReader.merchant(transaction, classification) == item.merchant
            else { return }
            ids.insert(transaction.id)
        }
        return ids
    }
}
