import Storage

/// What came before a report's window, asked of the stored classification so a report over a
/// few months need not read the years before them (`report anomalies`' first charges).
extension LedgerStore {
    /// Whether a counted expense (with `merchant`: of that merchant name, else description;
    /// without: or refund, of anyone) is dated before `time`.
    public func hasCountedExpense(before time: Int64, merchant: String? = nil) throws -> Bool {
        let statement =
            merchant == nil
            ? try connection.cached(
                """
                SELECT EXISTS (SELECT 1 FROM transactions WHERE transaction_time < ? AND class_state = 'counted'
                    AND class_flow IN ('expense', 'refund'))
                """)
            : try connection.cached(
                """
                SELECT EXISTS (SELECT 1 FROM transactions WHERE transaction_time < ? AND class_state = 'counted'
                    AND class_flow = 'expense' AND coalesce(merchant_name, description) = ?)
                """)
        defer { statement.reset() }
        try statement.bind([.integer(time)] + (merchant.map { [.text($0)] } ?? []))
        guard try statement.step() else { return false }
        return statement.int64(0) != 0
    }
}
