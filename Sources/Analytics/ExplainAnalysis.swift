import Ledger
import LedgerStore

/// Builds `purse explain`: the counted expenses and refunds of a scope (the same pass as
/// `report spending`, so the totals agree), then what the scope holds that did not count:
/// income and transfers from that pass, and the transactions a second query finds with the
/// statuses the report leaves out.
public enum ExplainAnalysis {
    /// With `target` (`--convert-to`), each counted transaction also shows its amount converted
    /// at the rate of its local day, with the rate, its day, source and route, and the report a
    /// converted total (the transactions without a rate left out of it, and named).
    public static func report(
        _ store: LedgerStore, scope: ReportScope, months: [YearMonth],
        filters: ExplainReport.Filters, convertTo target: String? = nil
    ) throws -> ExplainReport {
        var scope = scope
        scope.people = filters.people
        let match = Match(filters)
        let reader = try ClassificationReader(store, accounts: scope.accounts)
        func entry(
            _ transaction: ReportTransaction, _ classification: Classification, _ exclusion: ExplainReport.Exclusion?,
            scope: ReportScope
        ) -> ExplainReport.Entry {
            var entry = ExplainAnalysis.entry(transaction, classification, exclusion, scope: scope)
            entry.person = reader.person(of: transaction)
            return entry
        }
        var counted: [ExplainReport.Entry] = []
        var notCounted: [ExplainReport.Entry] = []
        var sums: [String: (spent: Int64, refunded: Int64, count: Int)] = [:]
        func excluded(_ transaction: ReportTransaction, _ classification: Classification) {
            guard match.accepts(transaction, classification) else { return }
            notCounted.append(entry(transaction, classification, .excludedByUser, scope: scope))
        }
        func duplicate(_ transaction: ReportTransaction, _ classification: Classification) {
            guard match.accepts(transaction, classification) else { return }
            notCounted.append(entry(transaction, classification, .duplicateOf(classification.twin ?? ""), scope: scope))
        }
        try ClassificationReader.forEachCounted(store, scope, reader: reader, excluded: excluded, duplicate: duplicate) {
            transaction, classification in
            guard match.accepts(transaction, classification) else { return }
            switch classification.flow {
            case .expense, .refund:
                var sum = sums[transaction.currency] ?? (0, 0, 0)
                if classification.flow == .expense {
                    sum.spent = try Money.sum(sum.spent, transaction.amount, currency: transaction.currency)
                } else {
                    sum.refunded = try Money.sum(sum.refunded, transaction.amount, currency: transaction.currency)
                }
                sum.count += 1
                sums[transaction.currency] = sum
                counted.append(entry(transaction, classification, nil, scope: scope))
            case .income, .transfer:
                notCounted.append(entry(transaction, classification, .notSpending, scope: scope))
            }
        }
        notCounted += try leftOutByStatus(store, scope: scope, match: match)
        notCounted.sort { ($0.time, $0.transactionID) < ($1.time, $1.transactionID) }

        let totals = try sums.keys.sorted().map { currency in
            let sum = sums[currency]!
            return ExplainReport.Total(
                currency: currency, spent: sum.spent, refunded: sum.refunded,
                net: try NetSpending.net(spent: sum.spent, refunded: sum.refunded, currency: currency), count: sum.count)
        }
        let explained = Set((counted + notCounted).map(\.transactionID))
        var report = ExplainReport(
            months: months, filters: filters, includePending: scope.includePending,
            timeZones: scope.accounts.zoneNames, counted: counted, notCounted: notCounted, totals: totals,
            orders: try OrderLinker.ordersByTransaction(store).filter { explained.contains($0.key) })
        if let target { try convert(&report, into: target, store: store, accounts: scope.accounts) }
        return report
    }

    /// Converts each counted transaction at the rate of its local day (`Entry.date`, in its
    /// account's zone) and adds up the converted total.
    static func convert(_ report: inout ExplainReport, into target: String, store: LedgerStore, accounts: ReportAccounts) throws {
        let days = report.counted.map(\.date)
        // Nothing counted needs no rates (and open days would load every rate the ledger holds).
        let rates = try days.min().map { try RateTable.load(store, accounts: accounts, firstDay: $0, lastDay: days.max()) } ?? RateTable([])
        var conversion = CurrencyConversion(into: target, rates: rates)
        var spent: Int64 = 0
        var refunded: Int64 = 0
        var count = 0
        for index in report.counted.indices {
            let entry = report.counted[index]
            let choice = try conversion.choice(currency: entry.currency, on: entry.date)
            let units = try conversion.convert(entry.amount, currency: entry.currency, on: entry.date, kind: .transactions)
            report.counted[index].conversion = ExplainReport.Conversion(currency: target, amount: units, choice: choice)
            guard let units else { continue }
            if entry.classification.flow == .expense {
                spent = try Money.sum(spent, units, currency: target)
            } else {
                refunded = try Money.sum(refunded, units, currency: target)
            }
            count += 1
        }
        // Each sum exact to 1/10,000 until here, shown to the minor unit.
        func shown(_ units: Int64) -> Int64 { Money.roundedToMinorUnit(units, currency: target) }
        report.convertedTotal = ExplainReport.Total(
            currency: target, spent: shown(spent), refunded: shown(refunded),
            net: shown(try NetSpending.net(spent: spent, refunded: refunded, currency: target)), count: count)
        report.unconverted = conversion.unconverted
    }

    /// The filters, with their texts folded once.
    struct Match {
        let category: String?
        let merchantCategoryCode: Int?
        let merchant: String?
        /// With `--group`: its categories, folded.
        let categories: Set<String>?

        init(_ filters: ExplainReport.Filters) {
            category = filters.category?.lowercased()
            categories = filters.group.map { _ in Set(filters.groupCategories.map { $0.lowercased() }) }
            merchantCategoryCode = filters.merchantCategoryCode
            merchant = filters.merchant?.lowercased()
        }

        func accepts(_ transaction: ReportTransaction, _ classification: Classification) -> Bool {
            if let category, classification.category.lowercased() != category { return false }
            if let categories, !categories.contains(classification.category.lowercased()) { return false }
            if let code = merchantCategoryCode, transaction.merchantCategoryCode != code { return false }
            // The name a rule shows, or the transaction's own.
            if let merchant, !(transaction.merchantName ?? transaction.description).lowercased().contains(merchant),
                !(classification.merchant?.lowercased().contains(merchant) ?? false)
            {
                return false
            }
            return true
        }
    }

    /// The same scope with the statuses the report leaves out: pending and authorized without
    /// --include-pending, memo, rejected and statuses purse does not know always, each as the
    /// ledger classifies it (pending ones paired like booked ones, others unpaired).
    static func leftOutByStatus(_ store: LedgerStore, scope: ReportScope, match: Match) throws -> [ExplainReport.Entry] {
        var reader = try ClassificationReader(store, accounts: scope.accounts)
        let classifier = reader.classifier
        let people = reader
        var selection = scope.selection(statuses: scope.statuses)
        selection.excludesStatuses = true
        var entries: [ExplainReport.Entry] = []
        try reader.forEach(store, selection) { transaction, classification in
            let person = people.person(of: transaction)
            guard scope.admits(person) else { return }
            for (part, classification) in classifier.parts(transaction, classification) {
                guard match.accepts(part, classification) else { continue }
                var entry = entry(part, classification, .status(part.status), scope: scope)
                entry.person = person
                entries.append(entry)
            }
        }
        return entries
    }

    static func entry(
        _ transaction: ReportTransaction, _ classification: Classification, _ exclusion: ExplainReport.Exclusion?,
        scope: ReportScope
    ) -> ExplainReport.Entry {
        ExplainReport.Entry(
            transactionID: transaction.id, accountID: transaction.accountID, accountName: transaction.accountName,
            accountLabel: scope.accounts.label(of: transaction.accountID),
            date: scope.date(of: transaction), time: transaction.time,
            merchantName: transaction.merchantName, description: transaction.description,
            merchantCategoryCode: transaction.merchantCategoryCode, type: transaction.type,
            status: transaction.status, indicator: transaction.indicator, currency: transaction.currency,
            amount: transaction.amount, classification: classification, exclusion: exclusion)
    }
}
