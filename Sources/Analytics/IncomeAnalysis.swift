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
    /// of its own day.
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
                period: monthOf.month(of: transaction), source: ClassificationReader.merchant(transaction, classification),
                currency: currency)
            var group = groups[key] ?? (0, 0)
            group.amount = try Money.sum(group.amount, amount, currency: currency)
            group.count += 1
            groups[key] = group
        }
        // Converted, each row and each total is its exact sum rounded once: a total may differ
        // from the sum of the rows shown by a cent.
        func shown(_ units: Int64, _ currency: String) -> Int64 {
            target == nil ? units : Money.roundedToMinorUnit(units, currency: currency)
        }
        let rows = groups.map { key, value in
            IncomeReport.Row(
                period: key.period, source: key.source, currency: key.currency, amount: shown(value.amount, key.currency),
                count: value.count)
        }.sorted { ($0.period, -$0.amount, $0.source, $0.currency) < ($1.period, -$1.amount, $1.source, $1.currency) }
        var totals: [String: (amount: Int64, count: Int)] = [:]
        for (key, group) in groups {
            var total = totals[key.currency] ?? (0, 0)
            total.amount = try Money.sum(total.amount, group.amount, currency: key.currency)
            total.count += group.count
            totals[key.currency] = total
        }
        return IncomeReport(
            months: months, rows: rows,
            totals: totals.keys.sorted().map { currency in
                IncomeReport.Total(currency: currency, amount: shown(totals[currency]!.amount, currency), count: totals[currency]!.count)
            },
            convertedTo: target, unconverted: conversion?.unconverted ?? [])
    }
}
