import Ledger
import LedgerStore

extension SummaryAnalysis {
    struct CategoryKey: Hashable {
        let currency: String
        let category: String
    }

    struct MerchantKey: Hashable {
        let currency: String
        let merchant: String
        let category: String
    }

    typealias CategorySums = (spent: Int64, refunded: Int64, count: Int)

    /// What the summary takes from the counted transactions of its month (and the three before
    /// when each converts on its own day; else their sums): spending by month and category, this
    /// month's merchants, expenses and income, and each month's facts for restatements.
    struct CountedSums {
        let month: YearMonth
        let accounts: ReportAccounts
        var monthOf: LocalMonths
        var spending: [YearMonth: [CategoryKey: CategorySums]] = [:]
        var merchants: [MerchantKey: (net: Int64, count: Int)] = [:]
        var expenses: [String: [SummaryReport.Item]] = [:]
        /// The least amount of the `listed` largest expenses kept so far, by currency: a smaller
        /// expense can never be shown, so no item is made for it.
        var leastListed: [String: Int64] = [:]
        var income: [String: Int64] = [:]
        var facts: [YearMonth: MonthFacts] = [:]
        /// The currencies spent in during the four months, or with income this month.
        var currencies = Set<String>()
        /// With `--convert-to`: every amount but the facts (what a restatement compares) is
        /// converted at the rate of its local day, exact to 1/10,000 until a sum is shown.
        var conversion: CurrencyConversion?

        init(month: YearMonth, accounts: ReportAccounts, conversion: CurrencyConversion? = nil) {
            self.month = month
            self.accounts = accounts
            self.conversion = conversion
            monthOf = LocalMonths(accounts)
        }

        mutating func add(_ transaction: ReportTransaction, _ classification: Classification) throws {
            let period = monthOf.month(of: transaction)
            try facts[period, default: MonthFacts()].add(transaction, classification)
            guard classification.flow != .transfer, let transaction = try converted(transaction) else { return }
            let currency = transaction.currency
            switch classification.flow {
            case .expense, .refund:
                let key = CategoryKey(currency: currency, category: classification.category)
                var sums = spending[period]?[key] ?? (0, 0, 0)
                if classification.flow == .expense {
                    sums.spent = try Money.sum(sums.spent, transaction.amount, currency: currency)
                } else {
                    sums.refunded = try Money.sum(sums.refunded, transaction.amount, currency: currency)
                }
                sums.count += 1
                spending[period, default: [:]][key] = sums
                currencies.insert(currency)
                guard period == month else { return }
                try addToMonth(transaction, classification)
            case .income:
                guard period == month else { return }
                income[currency] = try Money.sum(income[currency] ?? 0, transaction.amount, currency: currency)
                currencies.insert(currency)
            case .transfer: break
            }
        }

        /// Spending summed by the ledger, of months before the summary's.
        mutating func add(_ row: LedgerStore.SpendingSummaryRow) throws {
            if row.count > 0 {
                let key = CategoryKey(currency: row.currency, category: row.category)
                var sums = spending[row.month]?[key] ?? (0, 0, 0)
                sums.spent = try Money.sum(sums.spent, try row.spent, currency: row.currency)
                sums.refunded = try Money.sum(sums.refunded, try row.refunded, currency: row.currency)
                sums.count += row.count
                spending[row.month, default: [:]][key] = sums
                currencies.insert(row.currency)
            }
        }

        /// The transaction with its amount in the target currency; itself when not converting,
        /// nil when no rate reaches its day (the conversion counts it).
        mutating func converted(_ transaction: ReportTransaction) throws -> ReportTransaction? {
            guard var conversion else { return transaction }
            defer { self.conversion = conversion }
            guard let units = try conversion.convert(transaction, accounts: accounts) else { return nil }
            return ReportTransaction(
                id: transaction.id, accountID: transaction.accountID, accountName: transaction.accountName,
                accountKind: transaction.accountKind, time: transaction.time, amount: units, currency: conversion.target,
                indicator: transaction.indicator, merchantCategoryCode: transaction.merchantCategoryCode,
                merchantName: transaction.merchantName, description: transaction.description,
                originalDescription: transaction.originalDescription, type: transaction.type, status: transaction.status)
        }

        /// An expense or refund of the summary's month: its merchant's net, and the expense itself.
        mutating func addToMonth(_ transaction: ReportTransaction, _ classification: Classification) throws {
            let currency = transaction.currency
            let merchantKey = MerchantKey(
                currency: currency, merchant: ClassificationReader.merchant(transaction, classification),
                category: classification.category)
            let isExpense = classification.flow == .expense
            try Self.add(transaction.amount, isExpense: isExpense, currency: currency, to: &merchants[merchantKey, default: (0, 0)])
            guard isExpense, transaction.amount >= leastListed[currency] ?? 0 else { return }
            expenses[currency, default: []].append(
                item(transaction, category: classification.category, merchant: classification.merchant, accounts: accounts))
            // Only the largest few are shown: a month of thousands is not held.
            if let held = expenses[currency], held.count >= 8 * listed {
                let largest = Self.largest(held)
                expenses[currency] = largest
                leastListed[currency] = largest.last?.amount
            }
        }

        /// A merchant's net with one more expense (added) or refund (taken off).
        static func add(_ amount: Int64, isExpense: Bool, currency: String, to merchant: inout (net: Int64, count: Int)) throws {
            merchant.net =
                isExpense
                ? try Money.sum(merchant.net, amount, currency: currency)
                : try Money.difference(merchant.net, amount, currency: currency)
            merchant.count += 1
        }

        /// The `listed` largest, largest first (the earlier, then the lower ID, on a tie).
        static func largest(_ items: [SummaryReport.Item]) -> [SummaryReport.Item] {
            Array(items.sorted { (-$0.amount, $0.date, $0.id) < (-$1.amount, $1.date, $1.id) }.prefix(listed))
        }

        /// The category sums of one month in one currency, by category.
        func sums(_ period: YearMonth, _ currency: String) -> [String: CategorySums] {
            var result: [String: CategorySums] = [:]
            for (key, value) in spending[period] ?? [:] where key.currency == currency { result[key.category] = value }
            return result
        }

        /// Everything of one currency; `pending` are its transactions still pending at the month's end.
        func section(_ currency: String, pending: [SummaryReport.Item]) throws -> SummaryReport.CurrencySection {
            let previous = sums(month.adding(months: -1), currency)
            let before = (1...3).map { sums(month.adding(months: -$0), currency) }
            let lines = try categoryLines(currency, previous: previous, before: before)
            func total(_ sums: [String: CategorySums]) throws -> Int64 {
                try Money.sum(
                    sums.values.map { try NetSpending.net(spent: $0.spent, refunded: $0.refunded, currency: currency) }, currency: currency)
            }
            let previousTotal = try total(previous)
            let beforeTotal = try Money.sum(before.map(total), currency: currency)
            let topMerchants = merchants.filter { $0.key.currency == currency && $0.value.net > 0 }
                .map {
                    SummaryReport.MerchantLine(
                        merchant: $0.key.merchant, category: $0.key.category, net: $0.value.net,
                        count: $0.value.count)
                }
                .sorted { (-$0.net, $0.merchant, $0.category) < (-$1.net, $1.merchant, $1.category) }
            let largest = Self.largest(expenses[currency] ?? [])

            let section = try SummaryReport.CurrencySection(
                currency: currency,
                spent: try Money.sum(lines.map(\.spent), currency: currency),
                refunded: try Money.sum(lines.map(\.refunded), currency: currency),
                count: lines.reduce(0) { $0 + $1.count }, previousNet: previousTotal,
                averageNet: average(beforeTotal, currency),
                categories: lines, merchants: Array(topMerchants.prefix(listed)), largestExpenses: largest,
                income: income[currency] ?? 0,
                pendingOut: try Money.sum(pending.filter { $0.indicator == .debit }.map(\.amount), currency: currency),
                pendingIn: try Money.sum(pending.filter { $0.indicator == .credit }.map(\.amount), currency: currency),
                pendingCount: pending.count,
                pendingItems: Array(pending.sorted { (-$0.amount, $0.date, $0.id) < (-$1.amount, $1.date, $1.id) }.prefix(listed)))
            // Converted, every figure is worked out exactly to 1/10,000 and shown to the minor unit.
            return conversion == nil ? section : section.roundedToMinorUnit()
        }

        /// Net spending by category this month, against the month before and the average of the
        /// three before; a category of those months without spending this month shows with zero.
        func categoryLines(
            _ currency: String, previous: [String: CategorySums],
            before: [[String: CategorySums]]
        ) throws -> [SummaryReport.CategoryLine] {
            let current = sums(month, currency)
            var names = Set(current.keys)
            for sums in before { names.formUnion(sums.keys) }
            func net(_ sums: CategorySums?) throws -> Int64 {
                try sums.map { try NetSpending.net(spent: $0.spent, refunded: $0.refunded, currency: currency) } ?? 0
            }
            var lines: [SummaryReport.CategoryLine] = []
            for name in names {
                let now = current[name] ?? (0, 0, 0)
                let previousNet = try net(previous[name])
                let beforeTotal = try Money.sum(before.map { try net($0[name]) }, currency: currency)
                lines.append(
                    try SummaryReport.CategoryLine(
                        category: name, spent: now.spent, refunded: now.refunded, count: now.count,
                        previousNet: previousNet, averageNet: average(beforeTotal, currency),
                        currency: currency))
            }
            lines.sort { (-$0.net, -$0.previousNet, $0.category) < (-$1.net, -$1.previousNet, $1.category) }
            return lines
        }
    }
}
