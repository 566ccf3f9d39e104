import Ledger
import LedgerStore

/// Builds income reports: the counted transactions whose flow is income, by month and source.
public enum IncomeAnalysis {
    struct GroupKey: Hashable {
        let period: YearMonth
        let source: String
        let currency: String
    }

    /// `target`: every amount converted into it (`--convert-to`), each transaction at the rate
    /// of its own day, and each row's sum rounded once to the target's minor unit.
    public static func report(
        _ store: LedgerStore, scope: ReportScope, months: [YearMonth], convertingTo target: String? = nil
    ) throws -> IncomeReport {
        var groups: [GroupKey: (amount: Int64, count: Int)] = [:]
        var monthOf = LocalMonths(scope.accounts)
        var conversion = try target.map { CurrencyConversion(into: $0, rates: try scope.rates(store)) }
        try ClassificationReader.forEachCounted(store, scope) { transaction, classification in
            guard classification.flow == .income,
                let (amount, currency) = try scope.amount(of: transaction, converting: &conversion)
            else { return }
            let key = GroupKey(
                period: monthOf.month(of: transaction), source: transaction.merchantName ?? transaction.description, currency: currency)
            var group = groups[key] ?? (0, 0)
            group.amount = try Money.sum(group.amount, amount, currency: currency)
            group.count += 1
            groups[key] = group
        }
        let rows = groups.map { key, value in
            IncomeReport.Row(
                period: key.period, source: key.source, currency: key.currency,
                amount: target == nil ? value.amount : Money.roundedToMinorUnit(value.amount, currency: key.currency), count: value.count)
        }.sorted { ($0.period, -$0.amount, $0.source, $0.currency) < ($1.period, -$1.amount, $1.source, $1.currency) }
        var totals: [String: (amount: Int64, count: Int)] = [:]
        for row in rows {
            var total = totals[row.currency] ?? (0, 0)
            total.amount = try Money.sum(total.amount, row.amount, currency: row.currency)
            total.count += row.count
            totals[row.currency] = total
        }
        return IncomeReport(
            months: months, rows: rows,
            totals: totals.keys.sorted().map { currency in
                IncomeReport.Total(currency: currency, amount: totals[currency]!.amount, count: totals[currency]!.count)
            },
            convertedTo: target, unconverted: conversion?.unconverted ?? [])
    }
}
