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
        let category: String
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

    public static func report(_ store: LedgerStore, month: YearMonth, accounts: ReportAccounts, today: CivilDate) throws -> AnomalyReport {
        try report(store, month: month, accounts: accounts, today: today, seriesAsOf: min(month.lastDay, today)).report
    }

    /// The anomalies, and the recurring series of the twelve months up to the month's end as of
    /// `seriesAsOf` (the summary lists the new ones as of the month's end). The series' read of
    /// the stored charges hands on the rows of the three months and the month, so that they are
    /// not read twice. `holding`: how many transactions that read in time order may hold (past it,
    /// the series are read a merchant at a time, and the month's rows on their own). `sharing`
    /// takes every row of that read too, of every flow; `shared` says whether it had them.
    /// `alongside`'s series come from the same read where they can (`RecurringAnalysis.reports`).
    static func report(
        _ store: LedgerStore, month: YearMonth, accounts: ReportAccounts, today: CivilDate, seriesAsOf: CivilDate,
        holding: Int = RecurringAnalysis.heldChargesLimit, sharing: ((CountedCharge) throws -> Void)? = nil,
        alongside: RecurringAnalysis.AlongsideScope? = nil
    ) throws -> (report: AnomalyReport, series: RecurringReport, shared: Bool, alongside: RecurringReport?) {
        var charges = try MonthCharges(store, month: month, accounts: accounts)
        let scope = ReportScope(months: month.adding(months: -11)...month, accounts: accounts)
        let first = month.adding(months: -11).firstDay
        var shared = false
        let (series, alongsideSeries) = try RecurringAnalysis.reports(
            store, scope: scope, first: first, asOf: seriesAsOf, holding: holding,
            reading: { byMerchant in shared = shared || !byMerchant },
            sharing: charges.takesStoredRows
                ? {
                    try charges.add($0)
                    try sharing?($0)
                } : nil, sharedIDsFrom: MonthCharges.identifiedFrom(month),
            sharedFrom: MonthCharges.identifiedFrom(month.adding(months: -3)), alongside: alongside)
        shared = shared && charges.takesStoredRows
        if !shared { try charges.read(store) }
        let asOf = min(month.lastDay, today)
        // In the running month a charge still to come is not missed: the series are as of today.
        let ownSeries = asOf == seriesAsOf ? series : RecurringAnalysis.judged(series, asOf: asOf)
        let anomalies =
            try charges.anomalies(store)
            + recurring(store, month: month, accounts: accounts, dismissed: charges.dismissed, series: ownSeries)
        return (AnomalyReport(month: month, timeZones: accounts.zoneNames, anomalies: sorted(anomalies)), series, shared, alongsideSeries)
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

    /// The double charges among `expenses`, given in any order (see `DoubleCharges`).
    static func doubleCharges(_ expenses: [Charge], month: YearMonth, dismissed: Set<String>) -> [(Charge, Charge)] {
        var found = DoubleCharges(month: month, dismissed: dismissed)
        for charge in expenses.sorted(by: { ($0.time, $0.id) < ($1.time, $1.id) }) { found.add(charge) }
        return found.pairs
    }

    /// The series of `series` (the twelve months up to the month's end, today in the running
    /// month) whose last charge in the month changed price, or whose charge expected went
    /// missing past its grace within the month. Dismissing a series' last charge dismisses both.
    static func recurring(
        _ store: LedgerStore, month: YearMonth, accounts: ReportAccounts, dismissed: Set<String>, series: RecurringReport
    ) throws -> [AnomalyReport.Anomaly] {
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
        let scope = ReportScope(first: item.lastDate, last: item.lastDate, accounts: accounts)
        let reader = try ClassificationReader(store, accounts: accounts)
        if reader.answersFromStoredCharges(scope) {
            // What is stored answers as the reader would, as where the series were found: only
            // the day's counted expenses, and only the columns a charge needs (a whole report
            // row took four times as long).
            try store.forEachCountedCharge(scope.selection(statuses: scope.statuses), states: [.counted], flows: [.expense]) { charge in
                if charge.accountID == item.accountID, charge.merchant == item.merchant { ids.insert(charge.id) }
            }
            return ids
        }
        try ClassificationReader.forEachCounted(store, scope, reader: reader) {
            transaction, classification in
            guard transaction.accountID == item.accountID, classification.flow == .expense,
                ClassificationReader.merchant(transaction, classification) == item.merchant
            else { return }
            ids.insert(transaction.id)
        }
        return ids
    }
}
