import Ledger
import Storage

/// The one statement that sums spending: the counted expenses and refunds of some transactions
/// (a split as its parts, each in its own category) per (month, account, category, MCC,
/// currency), and per merchant when asked, in the summary's exact form (`SpendingSum`). Each
/// amount is cut in three parts (of 10^12, of 10^6 and of one unit), each summed on its own, so
/// no sum overflows before a group has 10^12 rows, and the parts are carried into the two
/// columns of `SpendingSum`. The summary's triggers keep the same sums row by row. The same
/// rows unsummed (`entries`) are what a conversion reads: each one converts on its own day.
struct SpendingSumsSQL {
    /// The summary's columns, in the order the statement gives them (then `merchant`).
    static let summaryColumns =
        "month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count"

    /// The summary's columns with each sum as `SpendingSum` holds it: the triggers may leave a low
    /// part below zero (taking a row away), which stands for the same sum as its normalized form.
    static var normalizedSummaryColumns: String {
        let base = SpendingSum.base
        func normalized(_ name: String) -> String {
            let low = "((\(name)_low % \(base)) + \(base)) % \(base)"
            return "\(name)_high + (\(name)_low - \(low)) / \(base), \(low)"
        }
        return "month, account_id, category, mcc, currency, \(normalized("spent")), \(normalized("refunded")), count"
    }

    let select: String
    let values: [SQLValue]

    /// `range` limits the rows (nil: every transaction), and `months` their classified months
    /// (`from..<before`, nil: open); `states` are the counted ones. A ledger
    /// of a schema before splits (`splits` false) has no parts to sum. `entries` gives the rows
    /// one by one instead of their sums: `month, account_id, category, mcc, currency, flow,
    /// amount, transaction_time`, then `merchant`.
    init(
        classified: LedgerStore.SpendingSource, range: TimeRangeSQL?, months: (from: YearMonth?, before: YearMonth?) = (nil, nil),
        states: [ClassificationState], byMerchant: Bool, splits: Bool = true, entries: Bool = false
    ) {
        let c = classified == .overlay ? "o" : "t"
        let (month, join) =
            switch classified {
            case .stored: ("t.class_month", "")
            case .overlay: ("o.class_month", "JOIN temp.classification_overlay o ON o.row_id = t.row_id")
            // Only the rows whose month moved are in the overlay.
            case .storedInOverlayMonths:
                ("coalesce(o.class_month, t.class_month)", "LEFT JOIN temp.classification_overlay o ON o.row_id = t.row_id")
            }
        let stateList = SQLMembership("\(c).class_state", states.map { .text($0.rawValue) })
        let flows = SQLMembership("\(c).class_flow", [Flow.expense, Flow.refund].map { .text($0.rawValue) })
        let split = SQLValue.text(CategorySource.split.code)
        var conditions = [stateList.sql, flows.sql] + (range?.conditions ?? [])
        var rowValues = stateList.values + flows.values + (range?.values ?? [])
        for (bound, comparison) in [(months.from, ">="), (months.before, "<")] {
            guard let bound else { continue }
            conditions.append("\(month) \(comparison) ?")
            rowValues.append(.integer(Classification.number(of: bound)))
        }
        let merchant = byMerchant ? ", merchant" : ""
        let merchantColumn =
            (entries ? ", t.transaction_time" : "")
            + (byMerchant
                ? ", coalesce(\(classified == .stored ? "" : "o.class_merchant, ")t.merchant_name, t.description) AS merchant" : "")
        let from = "FROM transactions t \(join)"
        conditions.append("\(c).class_source IS NOT ?")
        let whole = "WHERE \(conditions.joined(separator: " AND "))"
        conditions[conditions.count - 1] = "\(c).class_source IS ?"
        let parts = "JOIN transaction_splits p ON p.transaction_id = t.id WHERE \(conditions.joined(separator: " AND "))"
        let base = SpendingSum.base
        let million = 1_000_000
        func sums(_ name: String, _ flow: Flow) -> String {
            let amount = "CASE WHEN flow = '\(flow.rawValue)' THEN amount ELSE 0 END"
            return "sum((\(amount)) / \(base)) AS \(name)_high, sum((\(amount)) % \(base) / \(million)) AS \(name)_millions, "
                + "sum((\(amount)) % \(million)) AS \(name)_units"
        }
        func carried(_ name: String) -> String {
            let millions = "(\(name)_millions + \(name)_units / \(million))"
            return "\(name)_high + \(millions) / \(million), \(millions) % \(million) * \(million) + \(name)_units % \(million)"
        }
        let partRows =
            splits
            ? """
            UNION ALL
            SELECT \(month), t.account_id, p.category, coalesce(t.mcc, -1), t.currency, \(c).class_flow, p.amount\(merchantColumn)
            \(from) \(parts)
            """ : ""
        let rows = """
            SELECT \(month) AS month, t.account_id, \(c).class_category AS category, coalesce(t.mcc, -1) AS mcc,
                t.currency, \(c).class_flow AS flow, t.amount\(merchantColumn)
            \(from) \(whole)
            \(partRows)
            """
        values = rowValues + [split] + (splits ? rowValues + [split] : [])
        guard !entries else {
            select = rows
            return
        }
        select = """
            SELECT month, account_id, category, mcc, currency, \(carried("spent")), \(carried("refunded")), count\(merchant)
            FROM (
                SELECT month, account_id, category, mcc, currency\(merchant), \(sums("spent", .expense)), \(sums("refunded", .refund)),
                    count(*) AS count
                FROM (
                    \(rows)
                )
                GROUP BY month, account_id, category, mcc, currency\(merchant)
            )
            ORDER BY 1, 2, 3, 4, 5\(merchant)
            """
    }
}
