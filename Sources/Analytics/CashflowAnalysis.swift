import Ledger
import LedgerStore

/// Builds cash-flow reports: income, net spending (spent - refunded) and their difference by
/// month and currency. Transfers never count as either; they are only counted to say so.
public enum CashflowAnalysis {
    struct Key: Hashable {
        let period: YearMonth
        let currency: String
    }

    struct Sums {
        var income: Int64 = 0
        var spent: Int64 = 0
        var refunded: Int64 = 0
        var transfers = 0

        /// The same sums as `target` shows them (nil: as they are): each rounded half to even to
        /// its minor unit, so a converted total may differ from the sum of its rows by a cent.
        func shown(in target: String?) -> Sums {
            guard let target else { return self }
            var shown = self
            shown.income = Money.roundedToMinorUnit(income, currency: target)
            shown.spent = Money.roundedToMinorUnit(spent, currency: target)
            shown.refunded = Money.roundedToMinorUnit(refunded, currency: target)
            return shown
        }

        /// Net spending, and income less it: derived once for a month's row and a total alike.
        func spendingAndNet(currency: String) throws(MoneyError) -> (spending: Int64, net: Int64) {
            let spending = try NetSpending.net(spent: spent, refunded: refunded, currency: currency)
            return (spending, try Money.difference(income, spending, currency: currency))
        }
    }

    /// `target`: every amount converted into it (`--convert-to`), each transaction at the rate
    /// of its own day, and each month's sums rounded once to the target's minor unit; transfers
    /// are only counted, never converted.
    public static func report(
        _ store: LedgerStore, scope: ReportScope, months: [YearMonth], convertingTo target: String? = nil
    ) throws -> CashflowReport {
        var sums: [Key: Sums] = [:]
        // Currencies with income or spending; a currency with transfers only has no cash flow.
        var currencies = Set<String>()
        var monthOf = LocalMonths(scope.accounts)
        var conversion = try target.map { CurrencyConversion(into: $0, rates: try scope.rates(store)) }
        try ClassificationReader.forEachCounted(store, scope) { transaction, classification in
            let period = monthOf.month(of: transaction)
            guard classification.flow != .transfer else {
                sums[Key(period: period, currency: target ?? transaction.currency), default: Sums()].transfers += 1
                return
            }
            guard let (amount, currency) = try scope.amount(of: transaction, converting: &conversion) else { return }
            let key = Key(period: period, currency: currency)
            var sum = sums[key] ?? Sums()
            switch classification.flow {
            case .income: sum.income = try Money.sum(sum.income, amount, currency: currency)
            case .expense: sum.spent = try Money.sum(sum.spent, amount, currency: currency)
            case .refund: sum.refunded = try Money.sum(sum.refunded, amount, currency: currency)
            case .transfer: break
            }
            currencies.insert(currency)
            sums[key] = sum
        }
        var rows: [CashflowReport.Row] = []
        var totals: [CashflowReport.Total] = []
        // Every month of the period shows, with zeros when nothing happened in it.
        var periods = Set(months)
        for key in sums.keys where currencies.contains(key.currency) { periods.insert(key.period) }
        for currency in currencies.sorted() {
            var total = Sums()
            for period in periods.sorted() {
                let sum = sums[Key(period: period, currency: currency)] ?? Sums()
                let row = sum.shown(in: target)
                let (spending, net) = try row.spendingAndNet(currency: currency)
                rows.append(
                    CashflowReport.Row(
                        period: period, currency: currency, income: row.income, spent: row.spent,
                        refunded: row.refunded, spending: spending, net: net, transfers: row.transfers))
                total.income = try Money.sum(total.income, sum.income, currency: currency)
                total.spent = try Money.sum(total.spent, sum.spent, currency: currency)
                total.refunded = try Money.sum(total.refunded, sum.refunded, currency: currency)
                total.transfers += sum.transfers
            }
            total = total.shown(in: target)
            let (spending, net) = try total.spendingAndNet(currency: currency)
            totals.append(
                CashflowReport.Total(
                    currency: currency, income: total.income, spent: total.spent, refunded: total.refunded,
                    spending: spending, net: net, transfers: total.transfers))
        }
        rows.sort { ($0.period, $0.currency) < ($1.period, $1.currency) }
        return CashflowReport(
            months: months, rows: rows, totals: totals, convertedTo: target, unconverted: conversion?.unconverted ?? [])
    }
}
