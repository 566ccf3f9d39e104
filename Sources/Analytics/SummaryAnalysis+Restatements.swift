import Ledger
import LedgerStore

extension SummaryAnalysis {
    /// What a month reported: the digest of its counted transactions and its totals per currency.
    struct MonthFacts {
        /// Every counted transaction's line (see `add`): what a restatement compares.
        var digest = StableHash()
        var totals: [String: SummaryRecord.Totals] = [:]

        mutating func add(_ transaction: ReportTransaction, _ classification: Classification) throws {
            try add(
                CountedSums.Line(transaction, classification, merchant: ClassificationReader.merchant(transaction, classification)))
        }

        mutating func add(_ line: CountedSums.Line) throws {
            // The line `id|amount|currency|indicator|flow|category` and a newline, fed a piece at a
            // time: the digest is of the bytes, and building the line cost more than hashing it.
            digest.add(line.id)
            digest.add("|")
            digest.add(String(line.amount))
            digest.add("|")
            digest.add(line.currency)
            digest.add("|")
            digest.add(line.indicator.rawValue)
            digest.add("|")
            digest.add(line.flow.rawValue)
            digest.add("|")
            digest.add(line.category)
            digest.add("\n")
            let currency = line.currency
            let old = totals[currency] ?? SummaryRecord.Totals(currency: currency, spent: 0, refunded: 0, income: 0, count: 0)
            var spent = old.spent, refunded = old.refunded, income = old.income, count = old.count
            switch line.flow {
            case .expense:
                spent = try Money.sum(spent, line.amount, currency: currency)
                count += 1
            case .refund:
                refunded = try Money.sum(refunded, line.amount, currency: currency)
                count += 1
            case .income: income = try Money.sum(income, line.amount, currency: currency)
            case .transfer: break
            }
            totals[currency] = SummaryRecord.Totals(currency: currency, spent: spent, refunded: refunded, income: income, count: count)
        }
    }

    /// The months reported before, at or before `month`, whose numbers changed since, and the
    /// records to remember: their new numbers, and `month` itself when it has ended and was never
    /// reported. `facts` are the months already counted (the summary's own; the four with `--convert-to`).
    static func restatements(
        _ store: LedgerStore, month: YearMonth, complete: Bool, facts: [YearMonth: MonthFacts],
        accounts: ReportAccounts, now: Timestamp
    ) throws -> ([SummaryReport.Restatement], [SummaryRecord]) {
        var records: [SummaryRecord] = []
        var restatements: [SummaryReport.Restatement] = []
        for record in try store.summaryRecords() where record.month <= month {
            let current = try facts[record.month] ?? monthFacts(store, record.month, accounts: accounts)
            let digest = current.digest.hex
            guard digest != record.digest else { continue }
            restatements.append(
                SummaryReport.Restatement(
                    month: record.month, reportedAt: record.reportedAt,
                    changes: try changes(from: record, to: current)))
            records.append(
                SummaryRecord(
                    month: record.month, digest: digest, firstReportedAt: record.firstReportedAt,
                    reportedAt: now.text, totals: current.totals.values.sorted { $0.currency < $1.currency }))
        }
        if complete, !(try store.summaryRecords().contains { $0.month == month }) {
            let current = facts[month] ?? MonthFacts()
            records.append(
                SummaryRecord(
                    month: month, digest: current.digest.hex, firstReportedAt: now.text, reportedAt: now.text,
                    totals: current.totals.values.sorted { $0.currency < $1.currency }))
        }
        if !complete { records.removeAll { $0.month == month } }
        return (restatements, records)
    }

    /// The currencies whose net spending or income differ between what was reported and now.
    static func changes(from record: SummaryRecord, to current: MonthFacts) throws -> [SummaryReport.Restatement.Change] {
        var changes: [SummaryReport.Restatement.Change] = []
        for currency in Set(record.totals.map(\.currency)).union(current.totals.keys).sorted() {
            let old = record.totals.first { $0.currency == currency }
            let new = current.totals[currency]
            func net(_ totals: SummaryRecord.Totals?) throws -> Int64? {
                try totals.map { try NetSpending.net(spent: $0.spent, refunded: $0.refunded, currency: currency) }
            }
            let (oldNet, newNet) = (try net(old), try net(new))
            guard oldNet != newNet || old?.income != new?.income else { continue }
            changes.append(
                SummaryReport.Restatement.Change(
                    currency: currency, reportedNet: oldNet, reportedIncome: old?.income,
                    net: newNet ?? 0, income: new?.income ?? 0))
        }
        return changes
    }

    static func monthFacts(_ store: LedgerStore, _ month: YearMonth, accounts: ReportAccounts) throws -> MonthFacts {
        var facts = MonthFacts()
        try ClassificationReader.forEachCounted(store, ReportScope(months: month...month, accounts: accounts)) { try facts.add($0, $1) }
        return facts
    }
}
