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

        /// Each account's first instant of the month, and the earliest of them.
        private let monthStarts: [String: Int64]
        private let earliestMonthStart: Int64
        private let names: [String: String]

        init(month: YearMonth, accounts: ReportAccounts, conversion: CurrencyConversion? = nil) {
            self.month = month
            self.accounts = accounts
            self.conversion = conversion
            monthOf = LocalMonths(accounts)
            let starts = accounts.ranges(first: month.firstDay, end: nil).map { ($0.accountID, $0.from ?? .min) }
            monthStarts = Dictionary(starts, uniquingKeysWith: { first, _ in first })
            earliestMonthStart = starts.map(\.1).min() ?? .max
            names = Dictionary(accounts.all.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        }

        /// A stored counted charge with the booked status, from a read of the month and the
        /// months before it up to the month's end: only a row of the month is added, each part
        /// of a split as a line.
        mutating func add(_ row: CountedCharge, classifier: Classifier) throws {
            // Most rows are of the months before: one comparison leaves them out.
            guard row.time >= earliestMonthStart, row.time >= monthStarts[row.accountID] ?? .max else { return }
            let name = names[row.accountID] ?? row.accountID
            try classifier.forEachPart(row) { amount, category in
                try add(
                    Line(
                        id: row.id, accountID: row.accountID, accountName: name, time: row.time, amount: amount,
                        currency: row.currency, indicator: row.indicator, status: .booked, flow: row.flow, category: category,
                        merchant: row.merchant))
            }
        }

        /// What the summary takes of a counted transaction, or of one part of a split.
        struct Line {
            let id: String
            let accountID: String
            let accountName: String
            let time: Int64
            let amount: Int64
            let currency: String
            let indicator: CreditDebitIndicator
            let status: TransactionStatus
            let flow: Flow
            let category: String
            /// The name a rule shows it under, else its merchant's, else its description.
            let merchant: String

            init(_ transaction: ReportTransaction, _ classification: Classification, merchant: String) {
                self.init(
                    id: transaction.id, accountID: transaction.accountID, accountName: transaction.accountName, time: transaction.time,
                    amount: transaction.amount, currency: transaction.currency, indicator: transaction.indicator,
                    status: transaction.status, flow: classification.flow, category: classification.category, merchant: merchant)
            }

            init(
                id: String, accountID: String, accountName: String, time: Int64, amount: Int64, currency: String,
                indicator: CreditDebitIndicator, status: TransactionStatus, flow: Flow, category: String, merchant: String
            ) {
                self.id = id
                self.accountID = accountID
                self.accountName = accountName
                self.time = time
                self.amount = amount
                self.currency = currency
                self.indicator = indicator
                self.status = status
                self.flow = flow
                self.category = category
                self.merchant = merchant
            }
        }

        mutating func add(_ transaction: ReportTransaction, _ classification: Classification) throws {
            let period = monthOf.month(of: transaction)
            let merchant = ClassificationReader.merchant(transaction, classification)
            try facts[period, default: MonthFacts()].add(Line(transaction, classification, merchant: merchant))
            guard classification.flow != .transfer, let transaction = try converted(transaction) else { return }
            try addCounted(Line(transaction, classification, merchant: merchant), period: period)
        }

        /// A line of the month, whose amount is already in the currency it is summed in.
        mutating func add(_ line: Line) throws {
            try facts[month, default: MonthFacts()].add(line)
            guard line.flow != .transfer else { return }
            try addCounted(line, period: month)
        }

        private mutating func addCounted(_ line: Line, period: YearMonth) throws {
            let currency = line.currency
            switch line.flow {
            case .expense, .refund:
                let key = CategoryKey(currency: currency, category: line.category)
                var sums = spending[period]?[key] ?? (0, 0, 0)
                if line.flow == .expense {
                    sums.spent = try Money.sum(sums.spent, line.amount, currency: currency)
                } else {
                    sums.refunded = try Money.sum(sums.refunded, line.amount, currency: currency)
                }
                sums.count += 1
                spending[period, default: [:]][key] = sums
                currencies.insert(currency)
                guard period == month else { return }
                try addToMonth(line)
            case .income:
                guard period == month else { return }
                income[currency] = try Money.sum(income[currency] ?? 0, line.amount, currency: currency)
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
        mutating func addToMonth(_ line: Line) throws {
            let currency = line.currency
            let merchantKey = MerchantKey(currency: currency, merchant: line.merchant, category: line.category)
            let isExpense = line.flow == .expense
            try Self.add(line.amount, isExpense: isExpense, currency: currency, to: &merchants[merchantKey, default: (0, 0)])
            guard isExpense, line.amount >= leastListed[currency] ?? 0 else { return }
            expenses[currency, default: []].append(
                SummaryReport.Item(
                    id: line.id, date: accounts.zone(of: line.accountID).date(of: line.time), merchant: line.merchant,
                    category: line.category, account: line.accountName, amount: line.amount, indicator: line.indicator,
                    status: line.status))
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
