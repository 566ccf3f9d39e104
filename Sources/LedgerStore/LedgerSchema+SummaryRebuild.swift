extension LedgerSchema {
    /// Sums the counted expenses and refunds of the whole ledger into the summary (which is
    /// empty), exactly: each amount is cut in three parts (of 10^12, of 10^6 and of one unit),
    /// each summed on its own, so no sum overflows before a group has 10^12 rows, and the parts
    /// are carried into `SpendingSum`'s two. A split counts as its parts, each in its own category.
    /// (Migration 13 holds a copy of the statement as it was then: editing this one changes no
    /// released migration.)
    static var summaryRebuild: String {
        let counted = "t.class_state = 'counted' AND t.class_flow IN ('expense', 'refund')"
        let million = 1_000_000
        func parts(_ name: String, _ flow: String) -> String {
            let amount = "CASE WHEN flow = '\(flow)' THEN amount ELSE 0 END"
            return "sum((\(amount)) / \(base)) AS \(name)_high, sum((\(amount)) % \(base) / \(million)) AS \(name)_millions, "
                + "sum((\(amount)) % \(million)) AS \(name)_units"
        }
        func carried(_ name: String) -> String {
            let millions = "(\(name)_millions + \(name)_units / \(million))"
            return "\(name)_high + \(millions) / \(million), \(millions) % \(million) * \(million) + \(name)_units % \(million)"
        }
        return """
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high,
                refunded_low, count)
            SELECT month, account_id, category, mcc, currency, \(carried("spent")), \(carried("refunded")), count
            FROM (
                SELECT month, account_id, category, mcc, currency, \(parts("spent", "expense")), \(parts("refunded", "refund")),
                    count(*) AS count
                FROM (
                    SELECT t.class_month AS month, t.account_id, t.class_category AS category, coalesce(t.mcc, -1) AS mcc,
                        t.currency, t.class_flow AS flow, t.amount
                    FROM transactions t WHERE \(counted) AND t.class_source != 'split'
                    UNION ALL
                    SELECT t.class_month, t.account_id, p.category, coalesce(t.mcc, -1), t.currency, t.class_flow, p.amount
                    FROM transactions t JOIN transaction_splits p ON p.transaction_id = t.id
                    WHERE \(counted) AND t.class_source = 'split'
                )
                GROUP BY month, account_id, category, mcc, currency
            )
            """
    }

    /// `SpendingSum.base` in SQL.
    private static let base = SpendingSum.base
}
